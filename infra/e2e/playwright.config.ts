import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-env';

/**
 * End-to-end suite: the real portal (gateway, host, four remotes, five BFFs, worker) on
 * PostgreSQL and Redis, driven in Debian's Chromium.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Waits, not budgets: a page on a loaded 2-core machine is slower, not wrong (speed is measured
  // by the benches). These only turn a hang into a failure.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // remote-down.spec stops the admin-billing remote (the supervisor leaves a process stopped on
  // purpose stopped): it runs after every other spec, which may need that remote.
  projects: [
    { name: 'portal', testIgnore: /remote-down\.spec\.ts/ },
    { name: 'remote-down', testMatch: /remote-down\.spec\.ts/, dependencies: ['portal'] },
  ],
  webServer: {
    command: 'node --import tsx infra/e2e/start-portal.ts',
    cwd: '../..',
    url: `${E2E_BASE_URL}/remotes.json`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
