import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { signInAsAdmin } from '../support/sign-in';

/**
 * The audit trail (issue 12), end to end: an admin edits a job, and "Auditoria" shows who did it,
 * which job, and its start time and price before → after; the list is usable on a phone.
 * AUDIT_SHOTS_DIR=<dir> also saves screenshots at 1280 and 360 px.
 */

const BFF = '/bff/admin-ops/api/admin';
const shotsDir = process.env.AUDIT_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`) });
}

/** Edits a job from the page itself (same origin, the admin's cookie): 11h30 from 05:30. */
async function editJob(page: Page): Promise<{ jobId: number; startBefore: string }> {
  const jobs = (await (await page.request.get(`${BFF}/jobs?status=open&limit=1`)).json()) as {
    items: { id: number; start_time: string }[];
  };
  const job = jobs.items[0]!;
  const status = await page.evaluate(
    async ({ url, body }) =>
      (
        await fetch(url, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    { url: `${BFF}/jobs/${job.id}`, body: { workload: 11.5, startTime: '05:30' } },
  );
  expect(status).toBe(200);
  return { jobId: job.id, startBefore: job.start_time };
}

test('an admin action shows in Auditoria with who, which record and its before/after values', async ({
  page,
}) => {
  // Sign-in, an edit, the accessibility check, a download and two widths: more than the default 30 s
  // on the shared 2-core machine.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const { jobId, startBefore } = await editJob(page);

  await page.getByRole('tab', { name: 'Auditoria' }).click();
  await expect(page).toHaveURL(/tab=auditoria/);
  const area = page.getByTestId('remote-admin_ops');
  await expect(area.getByRole('heading', { name: 'Auditoria' })).toBeVisible();
  await area.getByLabel('Registro', { exact: true }).selectOption('jobs');
  await area.getByLabel('Nº do registro').fill(String(jobId));
  const row = area.getByRole('row').filter({ hasText: 'Editou vaga' }).first();
  await expect(row).toContainText(`Vaga #${jobId}`);
  await expect(row).toContainText('Concluída');
  await expect(row).toContainText(process.env.E2E_ADMIN_EMAIL!);
  await shot(page, 'auditoria-1280');

  await row.getByRole('button', { name: /Ver alterações/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const start = dialog.getByRole('row').filter({ hasText: 'Início' });
  if (startBefore !== '05:30') await expect(start).toContainText(`${startBefore}05:30`);
  await expect(dialog.getByRole('row').filter({ hasText: 'Valor' })).toContainText('R$ 199,00');
  await expectNoAxeViolations(page);
  await shot(page, 'auditoria-dialog-1280');
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // The export holds what the filters show.
  const download = page.waitForEvent('download');
  await area.getByRole('link', { name: 'Exportar Excel: Auditoria' }).click();
  expect((await download).suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.xlsx$/);

  // On a phone: cards instead of the table, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(area.getByRole('button', { name: /Ver alterações: Editou vaga/ }).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const phoneButton = area.getByRole('button', { name: /Ver alterações: Editou vaga/ }).first();
  await phoneButton.scrollIntoViewIfNeeded();
  await shot(page, 'auditoria-360');
  await phoneButton.click();
  const phoneDialog = page.getByRole('dialog');
  await expect(phoneDialog).toBeVisible();
  // The before → after table fits the phone: its "Depois" column ends inside the dialog.
  const dialogBox = (await phoneDialog.boundingBox())!;
  const afterHeader = (await phoneDialog.getByRole('columnheader', { name: 'Depois' }).boundingBox())!;
  expect(afterHeader.x + afterHeader.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
  await shot(page, 'auditoria-dialog-360');
});
