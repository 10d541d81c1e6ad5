// Writes (or, with --check, verifies) every workspace package's TypeScript projects from its package.json,
// so that the references can never drift from the declared dependencies:
//   - tsconfig.lib.json: the package's production code (src/, tests and testing/ helpers excepted), a
//     composite project that emits declarations to dist/tsc/lib. Browser packages (layers shared, ui,
//     remote, shell) compile it with the DOM and without Node's types; server packages with Node's types
//     and without the DOM: no `window` in a BFF, no `process` in a remote. Neither sees jest's globals.
//   - tsconfig.json: the package's tests, testing helpers, benches and scripts, checked against its own
//     and its dependencies' declarations (never their sources again). `tsc -b tsconfig.json` (the package's
//     typecheck) builds what is stale first; Nx runs the dependencies' typecheck before (dependsOn ^typecheck).
//
//   node libs/build-config/typescript-projects.cjs          write them
//   node libs/build-config/typescript-projects.cjs --check  exit 1 when one differs (run by npm test)
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const repo = path.resolve(__dirname, '../..');
const BROWSER_LAYERS = new Set(['ui', 'remote', 'shell']);
/** Server-side packages whose tests still hand code to a browser (Playwright's page.evaluate). */
const BROWSER_TESTS = new Set(['infra/e2e']);

/** Test code inside src/: checked with the package's tests, never part of its library. */
const TEST_CODE = [
  'src/**/*.test.ts',
  'src/**/*.test.tsx',
  'src/**/testing/**',
  'src/**/test-support/**',
  'src/**/test-support.ts',
  'src/**/test-kit.ts',
  'src/**/*-test-data.ts',
];

/** Extra folders a package's tsconfig.json checks besides src, test, bench and root scripts. */
const EXTRA_INCLUDES = { 'infra/e2e': ['tests', 'support'], 'libs/contracts': ['release'] };

function workspacePackages() {
  const root = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
  const packages = new Map();
  for (const pattern of root.workspaces) {
    const base = pattern.replace(/\/\*$/, '');
    for (const entry of fs.readdirSync(path.join(repo, base)).sort()) {
      const dir = `${base}/${entry}`;
      const manifest = path.join(repo, dir, 'package.json');
      if (!fs.existsSync(manifest) || !fs.existsSync(path.join(repo, dir, 'tsconfig.json'))) continue;
      const json = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      const layer = ((json.nx && json.nx.tags) || []).find((t) => t.startsWith('layer:'))?.slice(6);
      packages.set(json.name, {
        dir,
        name: json.name,
        layer,
        deps: Object.keys({ ...json.dependencies, ...json.devDependencies }).filter((d) =>
          d.startsWith('@turno/'),
        ),
        // Development tooling (npm start, the local identity provider, the browser suite) is never a
        // library: whoever imports it compiles its sources.
        hasLib: fs.existsSync(path.join(repo, dir, 'src')) && layer !== 'tooling',
      });
    }
  }
  for (const pkg of packages.values()) pkg.deps = pkg.deps.filter((d) => packages.has(d));
  return packages;
}

/** Every workspace package a package reaches through its declared dependencies, nearest first. */
function closure(packages, name, seen = new Set()) {
  for (const dep of packages.get(name).deps) {
    if (seen.has(dep)) continue;
    seen.add(dep);
    closure(packages, dep, seen);
  }
  return [...seen].sort();
}

function kindOf(pkg) {
  if (pkg.layer === 'shared') return 'shared';
  return BROWSER_LAYERS.has(pkg.layer) ? 'browser' : 'node';
}

function projects(packages, pkg) {
  const up = pkg.dir
    .split('/')
    .map(() => '..')
    .join('/');
  const references = closure(packages, pkg.name)
    .filter((dep) => packages.get(dep).hasLib)
    .map((dep) => ({ path: `${up}/${packages.get(dep).dir}/tsconfig.lib.json` }));
  const kind = kindOf(pkg);
  const files = {};
  if (pkg.hasLib) {
    files['tsconfig.lib.json'] = {
      extends: `${up}/tsconfig.${kind}.json`,
      compilerOptions: {
        composite: true,
        noEmit: false,
        emitDeclarationOnly: true,
        rootDir: 'src',
        outDir: 'dist/tsc/lib',
        tsBuildInfoFile: 'dist/tsc/lib.tsbuildinfo',
      },
      include: ['src'],
      exclude: TEST_CODE,
      references,
    };
  }
  files['tsconfig.json'] = {
    extends: `${up}/tsconfig.${kind === 'browser' || BROWSER_TESTS.has(pkg.dir) ? 'browser' : 'node'}-tests.json`,
    compilerOptions: { tsBuildInfoFile: 'dist/tsc/check.tsbuildinfo' },
    include: ['src', 'test', 'bench', '*.ts', ...(EXTRA_INCLUDES[pkg.dir] ?? [])],
    references: [...(pkg.hasLib ? [{ path: './tsconfig.lib.json' }] : []), ...references],
  };
  return files;
}

/** Every project file as it should be: { file (repository-relative), json }. */
function expectedProjects() {
  const packages = workspacePackages();
  return [...packages.values()].flatMap((pkg) =>
    Object.entries(projects(packages, pkg)).map(([file, json]) => ({ file: `${pkg.dir}/${file}`, json })),
  );
}

/** The project files whose content differs from what package.json says (compared as JSON, not as text). */
function staleProjects() {
  return expectedProjects()
    .filter(({ file, json }) => {
      const target = path.join(repo, file);
      if (!fs.existsSync(target)) return true;
      return JSON.stringify(JSON.parse(fs.readFileSync(target, 'utf8'))) !== JSON.stringify(json);
    })
    .map(({ file }) => file);
}

function main() {
  const stale = staleProjects();
  if (process.argv.includes('--check')) {
    if (stale.length) {
      console.error(
        `TypeScript projects out of step with package.json: ${stale.join(', ')}\n` +
          'Run `node libs/build-config/typescript-projects.cjs` and commit the result.',
      );
      process.exit(1);
    }
    return;
  }
  const byFile = new Map(expectedProjects().map(({ file, json }) => [file, json]));
  for (const file of stale)
    fs.writeFileSync(path.join(repo, file), JSON.stringify(byFile.get(file), null, 2) + '\n');
  if (stale.length) {
    require('node:child_process').execFileSync('npx', ['prettier', '--write', ...stale], {
      cwd: repo,
      stdio: 'ignore',
    });
  }
  console.log(
    stale.length ? `wrote ${stale.join(', ')}` : 'every TypeScript project is in step with package.json',
  );
}

if (require.main === module) main();
module.exports = { workspacePackages, projects, staleProjects };
