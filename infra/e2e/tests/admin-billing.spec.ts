import { expect, test } from '@playwright/test';
import { billingWeek, formatPeriodBR } from '@turno/domain';
import { signInAsAdmin } from '../support/sign-in';

/**
 * Admin billing (issue 11) in the browser, as the admin: weekly invoice generation runs as a job
 * on the invoices queue in the worker, and the Faturas tab follows it to its result box.
 */

const BFF = '/bff/admin-billing/api/admin';

test("the admin generates last week's invoices and sees the result box", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard?tab=faturas');
  const area = page.getByTestId('remote-admin_billing');
  const weeks = area.getByRole('group', { name: 'Geração semanal' });
  await expect(weeks).toBeVisible();

  const week = billingWeek(new Date(), -1);
  const started = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`${BFF}/invoices/generate-weekly`),
  );
  await weeks.getByRole('button', { name: /Semana passada/ }).click();
  const answer = await started;
  expect(answer.status()).toBe(202);
  const run = (await answer.json()) as { runId: string };
  expect(run.runId).toBe(`weekly-${week.weekStart}`);
  // While the worker bills, a second run cannot be asked for.
  await expect(weeks.getByRole('button', { name: /Semana passada/ })).toBeDisabled();

  const result = area.getByTestId('generation-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  // The box shows the run's result as the BFF tells it.
  const done = (await (await page.request.get(`${BFF}/invoice-generation-runs/${run.runId}`)).json()) as {
    state: string;
    result: { invoicesGenerated: number; completedAssignments: number; message: string };
  };
  expect(done.state).toBe('completed');
  await expect(result).toContainText(`Semana processada${formatPeriodBR(week.weekStart, week.weekEnd)}`);
  await expect(result).toContainText(`Faturas geradas${done.result.invoicesGenerated}`);
  await expect(result).toContainText(`Serviços${done.result.completedAssignments}`);
  await expect(result).toContainText(done.result.message);
  await expect(weeks.getByRole('button', { name: /Semana passada/ })).toBeEnabled();
});
