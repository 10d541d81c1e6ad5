// The layer rule, run by ESLint's RuleTester on a small workspace written to a temporary folder,
// and a check that every package of this repository declares a layer the rule knows.
'use strict';

const { describe, it, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { RuleTester } = require('eslint');
const tseslint = require('typescript-eslint');
const { rules, LAYERS } = require('./layers.cjs');

RuleTester.describe = describe;
RuleTester.it = it;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'turno-layers-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

function writePackage(dir, name, layer, dependencies = []) {
  fs.mkdirSync(path.join(root, dir, 'src'), { recursive: true });
  fs.writeFileSync(
    path.join(root, dir, 'package.json'),
    JSON.stringify({
      name,
      nx: { tags: [`layer:${layer}`] },
      dependencies: Object.fromEntries(dependencies.map((d) => [d, '*'])),
    }),
  );
}
fs.writeFileSync(
  path.join(root, 'package.json'),
  JSON.stringify({
    name: 'fixture',
    private: true,
    workspaces: ['libs/*', 'services/*', 'bffs/*', 'remotes/*', 'infra/*'],
  }),
);
writePackage('libs/domain', '@turno/domain', 'shared');
writePackage('libs/contracts', '@turno/contracts', 'shared', ['@turno/domain']);
writePackage('libs/ui', '@turno/ui', 'ui', ['@turno/domain', '@turno/core']);
writePackage('services/core', '@turno/core', 'core', ['@turno/domain', '@turno/psp']);
writePackage('bffs/kit', '@turno/bff-kit', 'bff-kit', ['@turno/core']);
writePackage('bffs/restaurant', '@turno/bff-restaurant', 'bff', [
  '@turno/core',
  '@turno/bff-kit',
  '@turno/bff-freelancer',
]);
writePackage('bffs/freelancer', '@turno/bff-freelancer', 'bff', [
  '@turno/core',
  '@turno/dev-idp',
  '@turno/psp',
]);
writePackage('services/psp', '@turno/psp', 'integration', [
  '@turno/domain',
  '@turno/server-runtime',
  '@turno/core',
  '@turno/fake-psp',
]);
writePackage('libs/server-runtime', '@turno/server-runtime', 'runtime', ['@turno/domain', '@turno/psp']);
writePackage('services/workers', '@turno/workers', 'worker', ['@turno/core', '@turno/psp']);
writePackage('infra/fake-psp', '@turno/fake-psp', 'tooling', ['@turno/domain', '@turno/psp']);
writePackage('infra/dev-idp', '@turno/dev-idp', 'tooling', ['@turno/core']);
writePackage('remotes/restaurant', '@turno/remote-restaurant', 'remote', [
  '@turno/ui',
  '@turno/domain',
  '@turno/core',
]);

const file = (relative) => path.join(root, relative);
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});

tester.run('turno/layers', rules.layers, {
  valid: [
    { filename: file('remotes/restaurant/src/App.tsx'), code: "import { Dialog } from '@turno/ui';" },
    { filename: file('remotes/restaurant/src/App.tsx'), code: "import { z } from 'zod'; import './styles';" },
    { filename: file('remotes/restaurant/rspack.config.cjs'), code: "const path = require('node:path');" },
    {
      filename: file('remotes/restaurant/src/App.test.tsx'),
      code: "import { readFileSync } from 'node:fs';",
    },
    {
      filename: file('bffs/restaurant/src/agenda/agenda.route.ts'),
      code: "import { listJobs } from '@turno/core'; import { route } from '@turno/bff-kit';",
    },
    {
      filename: file('bffs/restaurant/src/main.ts'),
      code: "import { readFile } from 'node:fs/promises'; import Koa from 'koa';",
    },
    {
      filename: file('libs/contracts/src/jobs.ts'),
      code: "import { PRICES } from '@turno/domain'; export * from './money';",
    },
    { filename: file('services/core/src/index.ts'), code: "export { x } from '@turno/core/testing';" },
    {
      filename: file('bffs/freelancer/src/sign-in.test.ts'),
      code: "import { startIdp } from '@turno/dev-idp';",
    },
    {
      name: 'an integration client uses the shared rules and the server runtime',
      filename: file('services/psp/src/efi.ts'),
      code: "import { buildPixBrCode } from '@turno/domain'; import { portFromEnv } from '@turno/server-runtime';",
    },
    {
      name: 'the workers, core, a BFF and tooling use an integration client',
      filename: file('services/workers/src/payouts.ts'),
      code: "import { createPixProvider } from '@turno/psp';",
    },
    {
      filename: file('services/core/src/payouts.ts'),
      code: "import type { PixProvider } from '@turno/psp';",
    },
    {
      filename: file('bffs/freelancer/src/webhooks.ts'),
      code: "import { verifyWebhook } from '@turno/psp';",
    },
    {
      filename: file('infra/fake-psp/src/server.ts'),
      code: "import { pixWebhookSchema } from '@turno/psp';",
    },
    {
      name: "an integration client's test starts the fake PSP",
      filename: file('services/psp/src/efi.test.ts'),
      code: "import { startFakePsp } from '@turno/fake-psp';",
    },
    {
      filename: file('remotes/restaurant/jest.config.js'),
      code: "module.exports = { ...require('../../jest.preset.js') };",
    },
  ],
  invalid: [
    {
      name: 'a remote imports server code',
      filename: file('remotes/restaurant/src/App.tsx'),
      code: "import { initOrm } from '@turno/core';",
      errors: [{ messageId: 'forbiddenLayer' }],
    },
    {
      name: 'a remote imports a Node built-in',
      filename: file('remotes/restaurant/src/App.tsx'),
      code: "import { createHash } from 'node:crypto';",
      errors: [{ messageId: 'nodeInBrowser' }],
    },
    {
      name: 'a remote imports a server-only npm package',
      filename: file('remotes/restaurant/src/data.ts'),
      code: "const { Pool } = require('pg');",
      errors: [{ messageId: 'serverInBrowser' }],
    },
    {
      name: 'a lib imports a layer above it',
      filename: file('libs/domain/src/prices.ts'),
      code: "import { Button } from '@turno/ui';",
      errors: [{ messageId: 'undeclared' }],
    },
    {
      name: 'a declared lib still may not import a layer above it',
      filename: file('libs/ui/src/Button.tsx'),
      code: "export { Dialog } from '@turno/core';",
      errors: [{ messageId: 'forbiddenLayer' }],
    },
    {
      name: 'a BFF imports another BFF',
      filename: file('bffs/restaurant/src/agenda/agenda.route.ts'),
      code: "import { shifts } from '@turno/bff-freelancer';",
      errors: [{ messageId: 'anotherBff' }],
    },
    {
      name: 'a package imports a workspace package it does not declare',
      filename: file('libs/contracts/src/jobs.ts'),
      code: "import { x } from '@turno/ui';",
      errors: [{ messageId: 'undeclared' }],
    },
    {
      name: 'a relative import leaves the package',
      filename: file('bffs/freelancer/src/shifts/shifts.route.ts'),
      code: "import { agenda } from '../../../restaurant/src/agenda/agenda.queries';",
      errors: [{ messageId: 'leavesPackage' }],
    },
    {
      name: 'a dynamic import is held to the same rules',
      filename: file('remotes/restaurant/src/App.tsx'),
      code: "const core = await import('@turno/core');",
      errors: [{ messageId: 'forbiddenLayer' }],
    },
    {
      name: 'an integration client may not reach the data layer',
      filename: file('services/psp/src/efi.ts'),
      code: "import { initOrm } from '@turno/core';",
      errors: [{ messageId: 'forbiddenLayer' }],
    },
    {
      name: 'the server runtime may not import an integration client',
      filename: file('libs/server-runtime/src/env.ts'),
      code: "import { createPixProvider } from '@turno/psp';",
      errors: [{ messageId: 'forbiddenLayer' }],
    },
    {
      name: 'an integration client may not start the fake PSP outside its tests',
      filename: file('services/psp/src/efi.ts'),
      code: "import { startFakePsp } from '@turno/fake-psp';",
      errors: [{ messageId: 'forbiddenLayer' }],
    },
    {
      name: 'browser code may not import an integration client',
      filename: file('remotes/restaurant/src/App.tsx'),
      code: "import { createPixProvider } from '@turno/psp';",
      errors: [{ messageId: 'undeclared' }],
    },
    {
      name: 'production code may not start development tooling',
      filename: file('bffs/freelancer/src/sign-in.ts'),
      code: "import { startIdp } from '@turno/dev-idp';",
      errors: [{ messageId: 'forbiddenLayer' }],
    },
  ],
});

describe('this repository', () => {
  it('gives every workspace package a layer the rule knows', () => {
    const repo = path.resolve(__dirname, '../..');
    const workspaces = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).workspaces;
    const packages = workspaces.flatMap((pattern) => {
      const base = path.join(repo, pattern.replace(/\/\*$/, ''));
      return fs
        .readdirSync(base)
        .filter((entry) => fs.existsSync(path.join(base, entry, 'package.json')))
        .map((entry) => JSON.parse(fs.readFileSync(path.join(base, entry, 'package.json'), 'utf8')));
    });
    assert.ok(packages.length >= 20, `found only ${packages.length} packages`);
    const missing = packages
      .filter((pkg) => {
        const tag = (pkg.nx?.tags ?? []).find((t) => t.startsWith('layer:'));
        return !tag || !(tag.slice('layer:'.length) in LAYERS);
      })
      .map((pkg) => pkg.name);
    assert.deepEqual(missing, []);
  });
});
