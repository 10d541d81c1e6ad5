/**
 * The images and infra/compose.yaml, checked without a Docker engine: each Dockerfile is parsed and held
 * to the rules of docs/operations.md#containers, the production build context is computed from
 * /.dockerignore, and compose is checked against the ports and URLs of `npm start` (config.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PUBLIC_ADMIN_MFA_KEYS } from '@turno/core';
import { withComposeDefaults } from './compose-emulation';
import { BFF_ROLES, REMOTE_FOLDERS, REPO_ROOT, portalConfig } from './config';
import { portalProcesses } from './portal-processes';
import { composeUpArgs } from './preflight';
import { ignoreRegex, parseDockerfile, productionContext, type Stage } from './dockerfiles';

const DOCKER_DIR = join(REPO_ROOT, 'infra', 'docker');

const DEPLOYABLES = [
  'gateway',
  ...REMOTE_FOLDERS.map((folder) => `remote-${folder}`),
  ...BFF_ROLES.map((role) => `bff-${role}`),
  'workers',
  'migrate',
];
const dockerfile = (name: string) => join(DOCKER_DIR, `${name}.Dockerfile`);
const stagesOf = (name: string) => parseDockerfile(readFileSync(dockerfile(name), 'utf8'));
/** The last stage: what the image is. */
function runtimeOf(stages: Stage[]): Stage {
  const last = stages.at(-1);
  if (!last) throw new Error('no FROM');
  return last;
}

describe('the production build context (/.dockerignore)', () => {
  const context = productionContext();

  it('holds nothing of infra/dev-idp, the tests or local state', () => {
    expect(context.filter((file) => file.startsWith('infra/dev-idp/'))).toEqual([]);
    expect(context.filter((file) => /\.test\.tsx?$/.test(file))).toEqual([]);
    // Test support (fixtures, fakes such as the fake PSP) is no production code.
    expect(context.filter((file) => /(^|\/)src\/testing\//.test(file))).toEqual([]);
    expect(context.filter((file) => /(^|\/)(node_modules|dist|\.turno|\.git)\//.test(file))).toEqual([]);
  });

  it('holds what the images build from', () => {
    for (const file of [
      'package.json',
      'package-lock.json',
      'infra/docker/prune-lockfile.mjs',
      'infra/docker/healthcheck.mjs',
      'services/core/src/cli/migrate.ts',
      'services/core/src/cli/admin.ts',
      'services/gateway/src/serve-gateway.ts',
      'shells/host/rspack.config.cjs',
      'libs/build-config/index.cjs',
      'services/core/src/index.ts',
      ...BFF_ROLES.map((role) => `bffs/${role}/src/main.ts`),
      ...REMOTE_FOLDERS.map((folder) => `remotes/${folder}/rspack.config.cjs`),
    ])
      expect(context).toContain(file);
  });

  it('is computed with .dockerignore semantics (a folder pattern excludes what is under it)', () => {
    expect(ignoreRegex('infra/dev-idp').test('infra/dev-idp')).toBe(true);
    expect(ignoreRegex('**/node_modules').test('bffs/kit/node_modules')).toBe(true);
    expect(ignoreRegex('**/node_modules').test('node_modules')).toBe(true);
    expect(ignoreRegex('**/*.test.ts').test('bffs/kit/src/app.test.ts')).toBe(true);
    expect(ignoreRegex('**/*.test.ts').test('bffs/kit/src/app.ts')).toBe(false);
  });
});

describe('the Dockerfiles (infra/docker)', () => {
  const context = productionContext();

  it('there is one per deployable, and nothing else', () => {
    const present = readdirSync(DOCKER_DIR)
      .filter((file) => file.endsWith('.Dockerfile'))
      .map((file) => file.replace(/\.Dockerfile$/, ''));
    expect(present.sort()).toEqual([...DEPLOYABLES].sort());
  });

  it.each(DEPLOYABLES)(
    '%s: multi-stage, production dependencies only, non-root, health check, no dev-idp, no fake PSP',
    (name) => {
      const stages = stagesOf(name);
      // No instruction names the development provider (comments may explain that it is left out).
      expect(JSON.stringify(stages)).not.toMatch(/dev-idp/);
      // Nor the fake PSP (infra/fake-psp): development and tests only.
      expect(JSON.stringify(stages)).not.toMatch(/fake-psp/);
      expect(stages.length).toBeGreaterThanOrEqual(2);
      const runtime = runtimeOf(stages);
      expect(runtime.name).toBe('runtime');
      const byName = new Map(stages.map((stage) => [stage.name, stage]));
      const of = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);

      // Nothing is installed in the runtime stage, and no ADD (no remote URLs, no archives).
      expect(of(runtime, 'RUN')).toEqual([]);
      for (const stage of stages) expect(of(stage, 'ADD')).toEqual([]);

      // A non-root user runs it.
      const users = of(runtime, 'USER');
      expect(users).toHaveLength(1);
      expect(users[0]?.args).not.toMatch(/^(root|0)(:|$)/);

      // A health check with a command (not NONE).
      const health = of(runtime, 'HEALTHCHECK');
      expect(health).toHaveLength(1);
      expect(health[0]?.args).toMatch(/CMD \["node", "infra\/docker\/healthcheck\.mjs", "\S+/);

      // Node runs the TypeScript entry through tsx with the same Node flags as under npm start.
      const command = JSON.parse(of(runtime, 'CMD')[0]?.args ?? '[]') as string[];
      const entry = command.indexOf('--import');
      expect(command[0]).toBe('node');
      expect(command.slice(entry, entry + 3)).toEqual(['--import', 'tsx', expect.stringMatching(/\.ts$/)]);
      const underNpmStart = portalProcesses(portalConfig({})).find((spec) => spec.name === name);
      expect(command.slice(1, entry)).toEqual([...(underNpmStart?.nodeFlags ?? [])]);

      for (const copy of of(runtime, 'COPY')) {
        const from = /--from=(\S+)/.exec(copy.args)?.[1];
        const [source = ''] = copy.args.replace(/--\S+\s*/g, '').split(/\s+/);
        if (!from) {
          // Copied from the context: it is there (the build cannot miss it) and it is not the dev provider.
          expect(
            context.some((file) => file === source || file.startsWith(source.replace(/\/?$/, '/'))),
          ).toBe(true);
          continue;
        }
        const stage = byName.get(from);
        expect(stage).toBeDefined();
        const installs = of(stage!, 'RUN').filter((run) => /npm ci/.test(run.args));
        const omitsDev = installs.every((run) => /npm ci --omit=dev/.test(run.args));
        if (omitsDev) {
          // The dependency stage: the lockfile pruned to the copied workspaces, production dependencies only.
          expect(installs).toHaveLength(1);
          expect(installs[0]?.args).toMatch(/^node infra\/docker\/prune-lockfile\.mjs && npm ci --omit=dev /);
        } else {
          // A build stage (dev dependencies for rspack): only its static output reaches the image.
          expect(source).toMatch(/^\/app\/(shells\/host|remotes\/[a-z-]+)\/dist\/$/);
        }
      }
    },
  );

  it.each(REMOTE_FOLDERS)('the %s remote image serves its own build on its npm start port', (folder) => {
    const runtime = runtimeOf(stagesOf(`remote-${folder}`));
    const text = runtime.instructions.map((i) => `${i.keyword} ${i.args}`).join('\n');
    const key = folder.toUpperCase().replace('-', '_');
    expect(text).toContain(`COPY --from=build /app/remotes/${folder}/dist/ remotes/${folder}/dist/`);
    expect(text).toContain(`REMOTE_${key}_PORT=${portalConfig({}).remotePorts[folder]}`);
    expect(text).toContain(`"services/gateway/src/serve-remote.ts", "${folder}"`);
  });

  it.each(BFF_ROLES)(
    'the %s BFF image runs its main.ts on its npm start port, healthy on /readyz',
    (role) => {
      const text = readFileSync(dockerfile(`bff-${role}`), 'utf8');
      expect(text).toContain(`PORT=${portalConfig({}).bffPorts[role]}`);
      expect(text).toContain(`COPY bffs/${role}/package.json bffs/${role}/`);
      expect(text).toContain(`"bffs/${role}/src/main.ts"`);
      expect(text).toContain('"http://127.0.0.1:$PORT/readyz"');
    },
  );
});

/** Every workspace of the repository (root package.json `workspaces`): package name → folder. */
function workspaceFolders(): Map<string, string> {
  const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  const folders = new Map<string, string>();
  for (const pattern of root.workspaces) {
    const parent = pattern.replace(/\/\*$/, '');
    for (const entry of readdirSync(join(REPO_ROOT, parent), { withFileTypes: true })) {
      const manifest = join(REPO_ROOT, parent, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(manifest)) continue;
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string };
      folders.set(name, `${parent}/${entry.name}`);
    }
  }
  return folders;
}

const manifestOf = (folder: string) =>
  JSON.parse(readFileSync(join(REPO_ROOT, folder, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };

/** The workspace folders a package runs with: itself and its production dependencies', followed. */
function runtimeClosure(folder: string, folders: Map<string, string>): string[] {
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    for (const name of Object.keys(manifestOf(current).dependencies ?? {})) {
      const dependency = folders.get(name);
      if (dependency) visit(dependency);
    }
  };
  visit(folder);
  return [...seen].sort();
}

/** The `@turno/<name>` packages a source file imports (static, dynamic, type-only, require). */
const TURNO_IMPORT =
  /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"](@turno\/[a-z0-9-]+)(?:\/[^'"]*)?['"]/g;
const turnoImports = (text: string) => [...text.matchAll(TURNO_IMPORT)].map((match) => match[1]!);

describe('what each image ships: only the workspaces its process imports', () => {
  const context = productionContext();
  const folders = workspaceFolders();
  const workspaceSet = new Set(folders.values());
  /** `COPY <workspace>/… <workspace>/` of a stage: the workspace folders it takes from the context. */
  const copiedWorkspaces = (stage: Stage, what: 'folder' | 'manifest') =>
    stage.instructions
      .filter((i) => i.keyword === 'COPY' && !/--from=/.test(i.args))
      .map((i) => i.args.split(/\s+/)[0] ?? '')
      .map((source) =>
        what === 'manifest' ? source.replace(/\/package\.json$/, '') : source.replace(/\/$/, ''),
      )
      .filter((source) => workspaceSet.has(source))
      .sort();

  it.each(DEPLOYABLES)(
    '%s: the workspaces of its entry, followed through package.json, and no others',
    (name) => {
      const stages = stagesOf(name);
      const runtime = runtimeOf(stages);
      const command = JSON.parse(
        runtime.instructions.find((i) => i.keyword === 'CMD')?.args ?? '[]',
      ) as string[];
      const script = command[command.indexOf('tsx') + 1] ?? '';
      const entry = [...workspaceSet].find((folder) => script.startsWith(`${folder}/`));
      expect({ script, entry }).toEqual({ script, entry: expect.any(String) });
      const expected = runtimeClosure(entry!, folders);

      // The runtime stage copies exactly these folders; the dependency stage installs for exactly them.
      expect(copiedWorkspaces(runtime, 'folder')).toEqual(expected);
      const deps = stages.find((stage) => stage.name === 'deps');
      expect(deps).toBeDefined();
      const manifests = deps!.instructions
        .filter((i) => i.keyword === 'COPY')
        .map((i) => i.args.split(/\s+/)[0] ?? '')
        .filter((source) => source.endsWith('/package.json'))
        .map((source) => source.replace(/\/package\.json$/, ''))
        .sort();
      expect(manifests).toEqual(expected);

      // Never the development tooling, whatever depends on what.
      const text = JSON.stringify(stages.filter((stage) => stage.name !== 'build'));
      expect(text).not.toMatch(/infra\/dev\//);
      expect(expected).not.toContain('infra/dev');
      if (!name.startsWith('bff-'))
        expect(expected.filter((folder) => folder.startsWith('bffs/'))).toEqual([]);
      if (name === 'workers' || name === 'migrate' || name === 'gateway' || name.startsWith('remote-'))
        expect(expected).not.toContain('bffs/kit');

      // tsx, which runs the entry, is a production dependency of the package that is run.
      expect(manifestOf(entry!).dependencies?.tsx).toBeDefined();

      // Every @turno package imported by a shipped source file is shipped: the package.json files
      // followed above are the imports, not a list that could miss one.
      const shipped = context.filter(
        (file) =>
          expected.some((folder) => file.startsWith(`${folder}/`)) && /\.(ts|tsx|mjs|cjs|js)$/.test(file),
      );
      expect(shipped.length).toBeGreaterThan(0);
      const missing = new Set<string>();
      for (const file of shipped)
        for (const imported of turnoImports(readFileSync(join(REPO_ROOT, file), 'utf8'))) {
          const folder = folders.get(imported);
          if (!folder || !expected.includes(folder)) missing.add(`${file} → ${imported}`);
        }
      expect([...missing]).toEqual([]);
    },
  );

  it('follows package.json as the images are expected to: a BFF gets the kit and the runtime, the workers and the gateway no kit', () => {
    expect(runtimeClosure('bffs/freelancer', folders)).toEqual([
      'bffs/freelancer',
      'bffs/kit',
      'libs/contracts',
      'libs/domain',
      'libs/server-runtime',
      'services/core',
    ]);
    // The restaurant BFF hands the team invitation's e-mail to the workers' queue (issue 28).
    expect(runtimeClosure('bffs/restaurant', folders)).toEqual([
      'bffs/kit',
      'bffs/restaurant',
      'libs/contracts',
      'libs/domain',
      'libs/server-runtime',
      'services/core',
      'services/psp',
      'services/workers',
    ]);
    expect(runtimeClosure('services/workers', folders)).toEqual([
      'libs/contracts',
      'libs/domain',
      'libs/server-runtime',
      'services/core',
      'services/psp',
      'services/workers',
    ]);
    expect(runtimeClosure('services/gateway', folders)).toEqual([
      'libs/contracts',
      'libs/domain',
      'libs/server-runtime',
      'services/gateway',
    ]);
    expect(
      turnoImports(`import { a } from '@turno/core';\nimport type { B } from "@turno/bff-kit/testing";`),
    ).toEqual(['@turno/core', '@turno/bff-kit']);
  });
});

describe('infra/compose.yaml', () => {
  interface Service {
    image?: string;
    build?: { context: string; dockerfile: string };
    command?: string[];
    environment?: Record<string, string>;
    ports?: string[];
    read_only?: boolean;
    tmpfs?: string[];
    healthcheck?: { test: string[] };
    depends_on?: Record<string, { condition: string }>;
    profiles?: string[];
  }
  const compose = parse(readFileSync(join(REPO_ROOT, 'infra', 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
  };
  const services = compose.services;
  const svc = (name: string): Service => {
    const service = services[name];
    if (!service) throw new Error(`compose has no service ${name}`);
    return service;
  };
  const built = Object.entries(services).filter(([, service]) => service.build);
  /** `${NAME:-default}` → default: what compose uses when the variable is unset. */
  const withDefaults = (value: string) => value.replace(/\$\{\w+:-([^}]*)\}/g, '$1');
  const defaults = portalConfig({});

  it('runs PostgreSQL 16 and Redis 7, Redis with AOF and noeviction', () => {
    expect(svc('postgres').image).toMatch(/^postgres:16(\.|-|$)/);
    expect(svc('redis').image).toMatch(/^redis:7(\.|-|$)/);
    expect(svc('redis').command?.join(' ')).toContain('--appendonly yes');
    expect(svc('redis').command?.join(' ')).toContain('--maxmemory-policy noeviction');
    expect(svc('postgres').healthcheck?.test).toContain('pg_isready');
    expect(svc('redis').healthcheck?.test.join(' ')).toContain('redis-cli ping');
  });

  it('publishes the two servers where npm start looks for them, and starting them starts nothing else', () => {
    expect(svc('postgres').ports?.map(withDefaults)).toEqual([
      `127.0.0.1:${new URL(defaults.databaseUrl).port}:5432`,
    ]);
    expect(svc('redis').ports?.map(withDefaults)).toEqual([
      `127.0.0.1:${new URL(defaults.redisUrl).port}:6379`,
    ]);
    expect(svc('postgres').depends_on).toBeUndefined();
    expect(svc('redis').depends_on).toBeUndefined();
    expect(composeUpArgs(['postgres', 'redis']).slice(-2)).toEqual(['postgres', 'redis']);
  });

  it('builds every deployable from its Dockerfile, never the development provider', () => {
    expect(
      built
        .map(([, service]) => service.build!.dockerfile.replace(/^infra\/docker\/|\.Dockerfile$/g, ''))
        .sort(),
    ).toEqual([...DEPLOYABLES].sort());
    for (const [, service] of built) {
      expect(service.build!.context).toBe('..');
      expect(existsSync(join(REPO_ROOT, service.build!.dockerfile))).toBe(true);
    }
    expect(JSON.stringify(services)).not.toMatch(/dev-idp/);
  });

  it('runs every image with a read-only root filesystem and a writable /tmp', () => {
    for (const [name, service] of built) {
      expect({ name, readOnly: service.read_only }).toEqual({ name, readOnly: true });
      expect(service.tmpfs?.some((mount) => mount.startsWith('/tmp'))).toBe(true);
    }
  });

  it('migrates before any BFF or the workers start', () => {
    const needsDatabase = Object.keys(services).filter(
      (name) => name.startsWith('bff-') || name === 'workers',
    );
    expect(needsDatabase).toHaveLength(6);
    for (const name of needsDatabase)
      expect(svc(name).depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
    expect(svc('migrate').depends_on?.postgres).toEqual({ condition: 'service_healthy' });
  });

  it('requires the second-factor key of whoever runs it, for the shell BFF and the admin CLI (migrate image), with no default', () => {
    // Found by `npm run compose:emulate`: without it the shell BFF refuses to start under NODE_ENV=production;
    // a default written here would be public, and production refuses those (issue 22).
    const text = readFileSync(join(REPO_ROOT, 'infra', 'compose.yaml'), 'utf8');
    expect(text).not.toMatch(/ADMIN_MFA_KEY:-/);
    for (const key of PUBLIC_ADMIN_MFA_KEYS) expect(text).not.toContain(key);
    const own = randomBytes(48).toString('base64');
    for (const name of ['bff-shell', 'migrate']) {
      const value = svc(name).environment?.ADMIN_MFA_KEY ?? '';
      expect(value).toMatch(/^\$\{ADMIN_MFA_KEY:\?[^}]*openssl rand -base64 48[^}]*\}$/);
      // What compose (and `npm run compose:emulate`) does with it: refuses to start without it, or uses it.
      expect(() => withComposeDefaults(value, {})).toThrow(
        /^required variable ADMIN_MFA_KEY is missing a value: set ADMIN_MFA_KEY to 32\+ random characters/,
      );
      expect(withComposeDefaults(value, { ADMIN_MFA_KEY: own })).toBe(own);
    }
  });

  it('opens the portal on the URL of npm start, with the remotes where browsers load them from', () => {
    const gateway = svc('gateway');
    expect(gateway.ports?.map(withDefaults)).toEqual([
      `127.0.0.1:${defaults.gatewayPort}:${defaults.gatewayPort}`,
    ]);
    const env = Object.fromEntries(
      Object.entries(gateway.environment ?? {}).map(([k, v]) => [k, withDefaults(v)]),
    );
    expect(env.PUBLIC_URL).toBe(defaults.publicUrl);
    for (const folder of REMOTE_FOLDERS) {
      const key = folder.toUpperCase().replace('-', '_');
      const port = defaults.remotePorts[folder];
      expect(env[`REMOTE_${key}_URL`]).toBe(defaults.remoteUrls[folder]);
      expect(svc(`remote-${folder}`).ports).toEqual([`127.0.0.1:${port}:${port}`]);
      expect(gateway.depends_on?.[`remote-${folder}`]).toEqual({ condition: 'service_healthy' });
    }
    for (const role of BFF_ROLES) {
      const key = role.toUpperCase().replace('-', '_');
      const port = defaults.bffPorts[role];
      expect(env[`BFF_${key}_URL`]).toBe(`http://bff-${role}:${port}`);
      expect(svc(`bff-${role}`).environment?.PORT).toBe(String(port));
      expect(svc(`bff-${role}`).ports).toBeUndefined();
      expect(gateway.depends_on?.[`bff-${role}`]).toEqual({ condition: 'service_healthy' });
    }
  });
});
