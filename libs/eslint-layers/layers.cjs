// The workspace's layers, and the ESLint rule that holds every import to them.
//
// Each package declares its layer as an Nx tag in its package.json (`"nx": { "tags": ["layer:bff"] }`).
// The rule `turno/layers` reports, in the file being linted:
//   - an import of a workspace package (`@turno/…`) whose layer this package's layer may not use
//     (a remote importing server code, a lib importing anything above it, a BFF importing another BFF);
//   - an import of a workspace package the importing package does not declare in its package.json;
//   - a relative import that leaves the package (import through the package's name instead);
//   - in browser code (remotes, the shell, libs/ui and the libs both sides share), a Node built-in
//     (`node:fs`, `fs`, …) or a server-only npm package (koa, pg, MikroORM, ioredis, BullMQ, …).
// Only a browser package's src/ ships to the browser: its tests, testing helpers and everything outside
// src/ (rspack and jest configs, scripts, release tools) still obey the workspace rules but may use Node.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');

/** What each layer may import, besides itself (a package importing its own subpaths is always fine). */
const LAYERS = {
  // Product rules, pt-BR messages and wire contracts: imported by browser and server alike.
  shared: { may: ['shared'], browser: true },
  // React components and browser helpers every remote and the host share.
  ui: { may: ['shared'], browser: true },
  // The remotes and the host shell: browser code; build-config only from their rspack config.
  remote: { may: ['shared', 'ui', 'build'], browser: true },
  shell: { may: ['shared', 'ui', 'build'], browser: true },
  // Logger, environment, shutdown, outage detection, database error mapping, the main runner.
  runtime: { may: ['shared'], browser: false },
  // Clients of third-party services (the PSP's Pix API): HTTP out, no database, no queues.
  integration: { may: ['shared', 'runtime'], browser: false },
  // Entities, commands, events, migrations and the shared read API.
  core: { may: ['shared', 'runtime', 'integration'], browser: false },
  // BullMQ queues and processors (BFFs may enqueue through its queue API).
  worker: { may: ['shared', 'runtime', 'integration', 'core'], browser: false },
  // HTTP for every BFF: Koa app, routes, sessions, live streams, exports.
  'bff-kit': { may: ['shared', 'runtime', 'core'], browser: false },
  // One BFF per remote: never another BFF.
  bff: { may: ['shared', 'runtime', 'integration', 'core', 'bff-kit', 'worker'], browser: false },
  // The production gateway and static server.
  gateway: { may: ['shared', 'runtime'], browser: false },
  // Build configuration (rspack, Module Federation).
  build: { may: [], browser: false },
  // Development and test tooling (npm start, local servers, end-to-end tests): may use any layer.
  tooling: {
    may: [
      'shared',
      'ui',
      'runtime',
      'integration',
      'core',
      'worker',
      'bff-kit',
      'bff',
      'gateway',
      'build',
      'tooling',
    ],
    browser: false,
  },
};

/** npm packages that only run on a server: a browser layer importing one is a mistake. */
const SERVER_ONLY = [
  'koa',
  '@koa/router',
  'pg',
  'ioredis',
  'bullmq',
  'pino',
  'exceljs',
  'pdfkit',
  'sharp',
  'openid-client',
  'oidc-provider',
];
const SERVER_ONLY_PREFIXES = ['@mikro-orm/'];

const NODE_BUILTINS = new Set(builtinModules);

const packageCache = new Map();

/** The workspace package a file belongs to: its root, name, layer, tags and declared dependencies. */
function packageOf(file) {
  let dir = path.dirname(path.resolve(file));
  const seen = [];
  while (true) {
    if (packageCache.has(dir)) {
      const found = packageCache.get(dir);
      for (const d of seen) packageCache.set(d, found);
      return found;
    }
    seen.push(dir);
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const json = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      const found = json.workspaces ? null : describePackage(dir, json);
      for (const d of seen) packageCache.set(d, found);
      return found;
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      for (const d of seen) packageCache.set(d, null);
      return null;
    }
    dir = parent;
  }
}

function describePackage(root, json) {
  const tags = (json.nx && json.nx.tags) || [];
  const layerTag = tags.find((tag) => tag.startsWith('layer:'));
  return {
    root,
    name: json.name,
    layer: layerTag ? layerTag.slice('layer:'.length) : undefined,
    declared: new Set([
      ...Object.keys(json.dependencies || {}),
      ...Object.keys(json.devDependencies || {}),
      ...Object.keys(json.peerDependencies || {}),
    ]),
  };
}

/** Every workspace package by name (read once from the root package.json's workspaces). */
let workspaceIndex;
function workspacePackages(fromDir) {
  if (workspaceIndex) return workspaceIndex;
  workspaceIndex = new Map();
  let dir = fromDir;
  while (
    !fs.existsSync(path.join(dir, 'package.json')) ||
    !JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).workspaces
  ) {
    const parent = path.dirname(dir);
    if (parent === dir) return workspaceIndex;
    dir = parent;
  }
  const root = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  for (const pattern of root.workspaces) {
    const base = path.join(dir, pattern.replace(/\/\*$/, ''));
    if (!fs.existsSync(base)) continue;
    for (const entry of fs.readdirSync(base)) {
      const manifest = path.join(base, entry, 'package.json');
      if (!fs.existsSync(manifest)) continue;
      const json = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      workspaceIndex.set(json.name, describePackage(path.join(base, entry), json));
    }
  }
  return workspaceIndex;
}

function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Files that run in Node even inside a browser package: build configs, tests and test helpers. */
function runsInNode(file, pkg) {
  const relative = path.relative(pkg.root, file).split(path.sep).join('/');
  // Only a package's src/ ships to the browser: build configs, scripts, release tools and benches run in Node.
  if (!relative.startsWith('src/')) return true;
  if (/\.(test|spec)\.[cm]?[jt]sx?$/.test(relative)) return true;
  return /(^|\/)(testing|__tests__)\//.test(relative);
}

function isTestFile(file, pkg) {
  const relative = path.relative(pkg.root, file).split(path.sep).join('/');
  return (
    /\.(test|spec)\.[cm]?[jt]sx?$/.test(relative) || /(^|\/)(testing|test|tests|__tests__)\//.test(relative)
  );
}

const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Holds imports to the workspace layers declared in package.json (nx tags "layer:…")',
    },
    schema: [],
    messages: {
      noLayer:
        'Package {{pkg}} declares no layer: add "nx": {"tags": ["layer:…"]} to its package.json ({{layers}}).',
      unknownLayer: 'Package {{pkg}} declares the unknown layer "{{layer}}" ({{layers}}).',
      forbiddenLayer:
        '{{pkg}} (layer {{layer}}) may not import {{target}} (layer {{targetLayer}}): {{layer}} may use {{allowed}}.',
      anotherBff:
        '{{pkg}} may not import another BFF ({{target}}): move what both need into services/core or libs/.',
      undeclared: '{{pkg}} imports {{target}} without declaring it in its package.json dependencies.',
      leavesPackage: 'Relative import "{{specifier}}" leaves {{pkg}}: import the other package by its name.',
      nodeInBrowser: 'Browser code in {{pkg}} may not import the Node built-in "{{specifier}}".',
      serverInBrowser: 'Browser code in {{pkg}} may not import the server-only package "{{specifier}}".',
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const pkg = packageOf(file);
    if (!pkg) return {};
    const layerNames = Object.keys(LAYERS).join(', ');
    const layer = pkg.layer && LAYERS[pkg.layer];

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      if (!pkg.layer) {
        context.report({ node, messageId: 'noLayer', data: { pkg: pkg.name, layers: layerNames } });
        return;
      }
      if (!layer) {
        context.report({
          node,
          messageId: 'unknownLayer',
          data: { pkg: pkg.name, layer: pkg.layer, layers: layerNames },
        });
        return;
      }
      if (specifier.startsWith('.')) {
        // Leaving the package for the repository's root files (the shared jest preset) is fine;
        // reaching into another package is not.
        const target = path.resolve(path.dirname(file), specifier);
        const inside = path.relative(pkg.root, target);
        if (inside.startsWith('..') || path.isAbsolute(inside)) {
          const owner = packageOf(path.join(target, 'x'));
          if (owner && owner.root !== pkg.root) {
            context.report({ node, messageId: 'leavesPackage', data: { pkg: pkg.name, specifier } });
          }
        }
        return;
      }
      const name = packageNameOf(specifier);
      const nodeFile = runsInNode(file, pkg);
      if (layer.browser && !nodeFile) {
        const bare = specifier.replace(/^node:/, '');
        if (
          specifier.startsWith('node:') ||
          NODE_BUILTINS.has(bare) ||
          NODE_BUILTINS.has(bare.split('/')[0])
        ) {
          context.report({ node, messageId: 'nodeInBrowser', data: { pkg: pkg.name, specifier } });
          return;
        }
        if (
          SERVER_ONLY.includes(name) ||
          SERVER_ONLY_PREFIXES.some((prefix) => specifier.startsWith(prefix))
        ) {
          context.report({ node, messageId: 'serverInBrowser', data: { pkg: pkg.name, specifier } });
          return;
        }
      }
      if (!name.startsWith('@turno/') || name === pkg.name) return;
      const target = workspacePackages(pkg.root).get(name);
      if (!target) return;
      if (!pkg.declared.has(name)) {
        context.report({ node, messageId: 'undeclared', data: { pkg: pkg.name, target: name } });
        return;
      }
      if (pkg.layer === 'bff' && target.layer === 'bff') {
        context.report({ node, messageId: 'anotherBff', data: { pkg: pkg.name, target: name } });
        return;
      }
      const targetLayer = target.layer ?? '(none)';
      // A test may start local tooling (the development identity provider, fake servers).
      const testMayUse = isTestFile(file, pkg) && targetLayer === 'tooling';
      if (targetLayer !== pkg.layer && !layer.may.includes(targetLayer) && !testMayUse) {
        context.report({
          node,
          messageId: 'forbiddenLayer',
          data: {
            pkg: pkg.name,
            layer: pkg.layer,
            target: name,
            targetLayer,
            allowed: layer.may.length ? layer.may.join(', ') : 'no other layer',
          },
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      CallExpression: (node) => {
        const callee = node.callee;
        const first = node.arguments[0];
        if (!first || first.type !== 'Literal') return;
        const isRequire = callee.type === 'Identifier' && callee.name === 'require';
        const isJestMock =
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'jest' &&
          callee.property.type === 'Identifier' &&
          ['mock', 'requireActual', 'doMock'].includes(callee.property.name);
        if (isRequire || isJestMock) check(first, first.value);
      },
    };
  },
};

module.exports = { LAYERS, SERVER_ONLY, rules: { layers: rule }, meta: { name: 'turno-layers' } };
