// Weight budgets (issue 7, item 5), from the build output of the host and the four remotes (Nx
// builds them before this test: see "nx" in package.json). Sizes are gzip level 9, in KiB.
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');
const { landingPage, hostRemotePage, remoteFirstScreen } = require('./lib/budget.cjs');
const { sharedDependencies, ROOT } = require('./lib/shared.cjs');

const KB = 1024;
/** JavaScript of the landing page (`/` of the host). */
const LANDING_BUDGET = 100 * KB;
/**
 * JavaScript a remote's first screen adds: remoteEntry.js + its ./App + the sections that screen
 * opens at once, React coming from the host.
 */
const REMOTE_BUDGET = 60 * KB;
/**
 * The freelancer's Vagas and the business's Dashboard read their first answers without zod (issue 24:
 * hand-written readers, remotes/<remote>/src/shared/answers.ts): zod (about 27 KB) coming back into
 * their first screen breaks this tighter budget.
 */
const ZODLESS_BUDGET = 40 * KB;

const HOST_DIST = path.join(ROOT, 'shells/host/dist');
/**
 * Each remote, the host page (chunk group) that shows it first, and the lazy sections of the remote
 * that page opens at once (named chunk groups of the remote's bundle-graph.json): admin-ops' command
 * centre (`section-dashboard`, remotes/admin-ops/src/App.tsx) is the admin's Dashboard tab.
 */
const REMOTES = [
  { dir: 'remotes/restaurant', page: 'page-dashboard', sections: [], budget: ZODLESS_BUDGET },
  { dir: 'remotes/freelancer', page: 'page-dashboard', sections: [], budget: ZODLESS_BUDGET },
  { dir: 'remotes/admin-ops', page: 'page-admin-dashboard', sections: ['section-dashboard'] },
  { dir: 'remotes/admin-billing', page: 'page-admin-dashboard', sections: [] },
];

const kib = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const list = (files) =>
  Object.entries(files)
    .map(([f, size]) => `${f} ${kib(size)}`)
    .join(', ');

test(`the landing page loads at most ${kib(LANDING_BUDGET)} of JavaScript`, (t) => {
  const landing = landingPage(HOST_DIST);
  t.diagnostic(`landing: ${kib(landing.total)} (${list(landing.files)})`);
  assert.ok(landing.total > 0, 'the landing page loads no JavaScript: is the build empty?');
  assert.ok(landing.total <= LANDING_BUDGET, `landing page ${kib(landing.total)} > ${kib(LANDING_BUDGET)}`);
});

for (const { dir, page, sections, budget = REMOTE_BUDGET } of REMOTES) {
  test(`${dir}: its first screen adds at most ${kib(budget)} to the host`, (t) => {
    const dist = path.join(ROOT, dir, 'dist');
    const remote = remoteFirstScreen(dist, { sections });
    const host = hostRemotePage(HOST_DIST, page);
    t.diagnostic(`${dir}: ${kib(remote.total)} (${list(remote.files)})`);
    t.diagnostic(`  + the host's ${page} and federation runtime: ${kib(host.total)} (${list(host.files)})`);
    assert.ok(remote.total <= budget, `${dir} first screen ${kib(remote.total)} > ${kib(budget)}`);
    // Only what the host shares may be left out of the sum.
    const hostShares = Object.keys(sharedDependencies());
    for (const name of remote.shared)
      assert.ok(hostShares.includes(name), `${dir} shares ${name}, the host does not`);
    // One copy of the federation runtime in the page: remoteEntry.js takes the host's.
    const entry = fs.readFileSync(path.join(dist, 'remoteEntry.js'), 'utf8');
    assert.match(
      entry,
      /_FEDERATION_RUNTIME_CORE/,
      `${dir}/remoteEntry.js bundles its own federation runtime`,
    );
  });
}
