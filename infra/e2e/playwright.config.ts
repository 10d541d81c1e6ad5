import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { SUITE_LAUNCH } from './support/browser';
import { E2E_BASE_URL, E2E_PORTALS, SECOND_PORTAL_OFFSET, e2eBaseUrl, e2ePortalEnv } from './e2e-env';

/**
 * With two portals (E2E_PORTALS=2; the default, and the nx `e2e` target, run one), these specs run
 * on the second portal, one after the other, while the rest run on the first: two browsers at a
 * time, each on a database of its own, so neither group meets the other's changes to the demo data.
 * Every spec runs alone as well (`playwright test tests/<spec>`), so a group is only a subset of the
 * suite in its usual order. A spec here reaches its portal through `baseURL` only: a spec that
 * reads e2e-env.ts (the first portal's database, ports or state file) stays in the first group.
 * Not the default yet: on a loaded 2-core machine two browsers at once make load-sensitive specs
 * fail (layout-stability's CLS of the business Dashboard at 360 px, admin-ops-screens reading the
 * Mercados rows before the filtered list arrives) and the suite took as long as with one.
 */
const SECOND_PORTAL_SPECS = [
  'admin-audit.spec.ts',
  'admin-billing.spec.ts',
  'admin-ops-account-deletion.spec.ts',
  'admin-ops-screens.spec.ts',
  'admin-ops.spec.ts',
  'admin-rough-edges.spec.ts',
  'freelancer-area.spec.ts',
  'lists.spec.ts',
  'live-updates.spec.ts',
  'portal.spec.ts',
  'restaurant-manage.spec.ts',
  'shift-rules.spec.ts',
  'sign-in.spec.ts',
];

/** A spec (or a support file it imports) that reads e2e-env.ts would talk to the first portal. */
function readsFirstPortalEnv(spec: string): boolean {
  const file = join(__dirname, 'tests', spec);
  if (!existsSync(file)) return false;
  const source = readFileSync(file, 'utf8');
  const supports = [...source.matchAll(/from '\.\.\/support\/([\w-]+)'/g)].map((match) =>
    readFileSync(join(__dirname, 'support', `${match[1]}.ts`), 'utf8'),
  );
  return [source, ...supports].some((code) => /from '(\.\.?\/)+e2e-env'/.test(code));
}

const misplaced = SECOND_PORTAL_SPECS.filter(readsFirstPortalEnv);
if (misplaced.length > 0)
  throw new Error(
    `These specs read e2e-env.ts, so they run on the first portal only: ${misplaced.join(', ')}`,
  );

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const secondPortalSpecs = new RegExp(`(^|/)(${SECOND_PORTAL_SPECS.map(escape).join('|')})$`);
const remoteDown = /remote-down\.spec\.ts/;

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>;

/** Starts a portal for the suite (start-portal.ts); `env` moves it to other ports and another database. */
function portalServer(url: string, env: Record<string, string> = {}): WebServer {
  return {
    command: 'node --import tsx infra/e2e/start-portal.ts',
    cwd: '../..',
    url: `${url}/remotes.json`,
    env,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  };
}

// remote-down.spec stops the admin-billing remote (the supervisor leaves a process stopped on
// purpose stopped): it runs after every other spec of its portal, which may need that remote.
const projects: PlaywrightTestConfig['projects'] =
  E2E_PORTALS === 2
    ? [
        { name: 'portal', testIgnore: [remoteDown, secondPortalSpecs], workers: 1 },
        {
          name: 'portal-2',
          testMatch: secondPortalSpecs,
          workers: 1,
          use: { baseURL: e2eBaseUrl(SECOND_PORTAL_OFFSET) },
        },
        { name: 'remote-down', testMatch: remoteDown, dependencies: ['portal'] },
      ]
    : [
        { name: 'portal', testIgnore: remoteDown },
        { name: 'remote-down', testMatch: remoteDown, dependencies: ['portal'] },
      ];

const secondPortalEnv = e2ePortalEnv(SECOND_PORTAL_OFFSET);

/**
 * End-to-end suite: the real portal (gateway, host, four remotes, five BFFs, worker) on
 * PostgreSQL and Redis, driven in Debian's Chromium.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // One worker per portal: the specs of a portal run one after the other, as they always have.
  workers: E2E_PORTALS,
  // A failed test is run once more, recording its trace (below), and the run fails even when that
  // try passes (`failOnFlakyTests`): a test whose outcome depends on timing is a defect to fix, not
  // a pass. Recording a trace of every test to keep only the failures' cost about an eighth of the
  // suite's CPU (DOM snapshots at every action, in the browser and the runner) on a 2-core machine
  // where the suite is CPU-bound; E2E_RETRIES=0 turns the second try off.
  retries: Number(process.env.E2E_RETRIES ?? 1),
  failOnFlakyTests: true,
  // Waits, not budgets: a page on a loaded 2-core machine is slower, not wrong (speed is measured
  // by the benches). These only turn a hang into a failure.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // The second try of a failed test keeps its trace (actions, DOM snapshots, network, console),
    // without the screencast film strip: recording frames cost more CPU than the page under test
    // (Chromium's GPU process and browser encoding JPEGs). The first try's failure still saves the
    // page as it was (`screenshot` below) and its error. E2E_TRACE=on records every first try too
    // (retain-on-failure), E2E_TRACE=off none.
    trace:
      process.env.E2E_TRACE === 'off'
        ? 'off'
        : {
            mode: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'on-first-retry',
            screenshots: false,
            snapshots: true,
            sources: true,
          },
    screenshot: 'only-on-failure',
    launchOptions: SUITE_LAUNCH,
  },
  projects,
  webServer: [
    portalServer(E2E_BASE_URL),
    // Started once the first is up: the front ends the first built are the second's too.
    ...(E2E_PORTALS === 2
      ? [
          portalServer(e2eBaseUrl(SECOND_PORTAL_OFFSET), {
            E2E_PORT_OFFSET: secondPortalEnv.PORT_OFFSET,
            E2E_DATABASE_URL: secondPortalEnv.DATABASE_URL,
            TURNO_SKIP_BUILD: '1',
          }),
        ]
      : []),
  ],
});
