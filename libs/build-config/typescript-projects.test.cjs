// Every package's TypeScript projects (tsconfig.json, tsconfig.lib.json) follow its package.json: a
// dependency declared without its reference, or a reference left after the dependency went, fails here.
'use strict';

const { it } = require('node:test');
const assert = require('node:assert/strict');
const { staleProjects, workspacePackages, projects } = require('./typescript-projects.cjs');

it('writes every TypeScript project from the package.json beside it', () => {
  assert.deepEqual(
    staleProjects(),
    [],
    'run `node libs/build-config/typescript-projects.cjs` and commit the result',
  );
});

it('references the libraries of every declared workspace dependency, and only libraries', () => {
  const packages = workspacePackages();
  const bff = projects(packages, packages.get('@turno/bff-restaurant'));
  const references = bff['tsconfig.json'].references.map((r) => r.path);
  assert.ok(references.includes('../../services/core/tsconfig.lib.json'));
  assert.ok(references.includes('../../libs/domain/tsconfig.lib.json'));
  assert.ok(!references.some((r) => r.includes('bffs/freelancer')));
  const remote = projects(packages, packages.get('@turno/remote-restaurant'));
  assert.equal(remote['tsconfig.lib.json'].extends, '../../tsconfig.browser.json');
  assert.ok(!remote['tsconfig.lib.json'].references.some((r) => r.path.includes('services/')));
  assert.equal(bff['tsconfig.lib.json'].extends, '../../tsconfig.node.json');
});
