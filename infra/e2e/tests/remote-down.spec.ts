import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_ENV } from '../e2e-env';
import { signInAsAdmin } from '../support/sign-in';

/**
 * A remote that is down shows a pt-BR fallback in its own area while the rest of the shell keeps
 * working; restarting that remote alone brings it back on the next load.
 */

interface PortalState {
  processes: { name: string; script: string; args?: string[]; pid: number }[];
}

const REPO_ROOT = join(__dirname, '..', '..', '..');
let restarted: ChildProcess | undefined;

test.afterAll(() => {
  restarted?.kill('SIGTERM');
});

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const answers = (url: string) =>
  fetch(url).then(
    (r) => r.ok,
    () => false,
  );

test('stopping the admin-billing remote shows the fallback there only; restarting it alone brings it back', async ({
  page,
}) => {
  const state = JSON.parse(readFileSync(E2E_ENV.TURNO_STATE_FILE, 'utf8')) as PortalState;
  const remote = state.processes.find((p) => p.name === 'remote-admin-billing')!;
  const manifest = `http://127.0.0.1:${3104 + Number(E2E_ENV.PORT_OFFSET)}/mf-manifest.json`;

  process.kill(remote.pid, 'SIGTERM');
  await waitFor(async () => !(await answers(manifest)), 'the remote to stop');

  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Faturas' }).click();
  const fallback = page.getByTestId('remote-fallback');
  await expect(fallback).toContainText('Esta área está temporariamente indisponível');

  // The rest of the shell keeps working.
  await page.getByRole('tab', { name: 'Mercados' }).click();
  await expect(page.getByTestId('remote-admin_ops')).toContainText('Supermercado Bom Preço');

  // Restart only that remote's server; the gateway and the host were never restarted.
  restarted = spawn(process.execPath, ['--import', 'tsx', remote.script, ...(remote.args ?? [])], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...E2E_ENV },
    stdio: 'ignore',
  });
  await waitFor(() => answers(manifest), 'the remote to come back');

  await page.reload();
  await page.getByRole('tab', { name: 'Faturas' }).click();
  await expect(page.getByTestId('remote-admin_billing')).toContainText('TUR-');
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
});
