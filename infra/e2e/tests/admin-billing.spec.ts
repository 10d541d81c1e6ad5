import { pdfText as pdfDocumentText } from '@turno/core/testing/pdf';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { billingWeek, formatMoney, formatPeriodBR, MESSAGES, saoPauloDate } from '@turno/domain';
import { expectNoAxeViolations } from '../support/axe';
import { signInAsAdmin } from '../support/sign-in';

/**
 * Admin billing (issue 11) in the browser, as the admin: the metrics of today and the week, the
 * detailed report of last week and its Excel (totals as on screen), weekly generation as a job on
 * the invoices queue followed to its result box, a custom invoice for one business, mark paid, the
 * invoice view, its print page and its PDF. axe-core on every screen and dialog; no console error.
 */

const BFF = '/bff/admin-billing/api/admin';

/** Console errors and page errors of the test: there must be none. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const pdfText = (pdf: Buffer) => pdfDocumentText(pdf).text;

const normalise = (text: string) => text.replace(/\s+/g, ' ');

test("the admin reads today's and the week's metrics, and last week's report with its Excel", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard');
  const area = page.getByTestId('remote-admin_billing');
  await expect(area.getByRole('heading', { name: 'Central de Métricas Admin' })).toBeVisible();
  await expect(area.getByTestId('daily-metrics')).toContainText('Hoje:');
  await expectNoAxeViolations(page);

  const week = billingWeek(new Date());
  const weekly = page.waitForResponse((r) => r.url().includes(`${BFF}/daily-metrics?filter=week`));
  await area
    .getByRole('group', { name: 'Período das métricas' })
    .getByRole('button', { name: 'Semana' })
    .click();
  const metrics = (await (await weekly).json()) as { totalProjectedRevenue: number; days: unknown[] };
  expect(metrics.days).toHaveLength(7);
  await expect(area.getByTestId('daily-metrics')).toContainText(formatPeriodBR(week.weekStart, week.weekEnd));
  await expect(area.getByTestId('daily-metrics')).toContainText(
    normalise(formatMoney(metrics.totalProjectedRevenue)),
  );

  // Relatório detalhado: last week (Monday–Sunday).
  const last = billingWeek(new Date(), -1);
  const reported = page.waitForResponse(
    (r) =>
      r.url().includes(`${BFF}/daily-detailed-report`) && r.url().includes(`startDate=${last.weekStart}`),
  );
  await area
    .getByRole('group', { name: 'Atalhos de período' })
    .getByRole('button', { name: 'Semana passada' })
    .click();
  const report = (await (await reported).json()) as {
    total: number;
    totals: {
      restaurant_payment_amount: number;
      freelancer_payment_amount: number;
      commission_amount: number;
    };
  };
  const totals = area.getByRole('group', { name: 'Totais do relatório' });
  await expect(totals).toContainText(normalise(formatMoney(report.totals.restaurant_payment_amount)));
  await expect(totals).toContainText(normalise(formatMoney(report.totals.commission_amount)));
  await expect(area.getByTestId('report-check')).toBeVisible();
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await area.getByRole('link', { name: 'Baixar Excel', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`relatorio-detalhado-${last.weekStart}-a-${last.weekEnd}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.getWorksheet('Relatório detalhado')!;
  let charged = 0;
  let paid = 0;
  let commission = 0;
  for (let row = 2; row <= report.total + 1; row++) {
    const cells = sheet.getRow(row);
    if (cells.getCell(8).value !== 'Concluída') continue;
    charged += Math.round(Number(cells.getCell(9).value) * 100);
    paid += Math.round(Number(cells.getCell(10).value) * 100);
    commission += Math.round(Number(cells.getCell(11).value) * 100);
  }
  expect(charged).toBe(Math.round(report.totals.restaurant_payment_amount * 100));
  expect(paid).toBe(Math.round(report.totals.freelancer_payment_amount * 100));
  expect(commission).toBe(Math.round(report.totals.commission_amount * 100));
  expect(sheet.getRow(report.total + 2).getCell(1).value).toBe('Total (concluídas)');

  // The daily metrics' own export is there too.
  const metricsHref = await area
    .getByRole('link', { name: 'Baixar Excel das métricas' })
    .getAttribute('href');
  const metricsFile = await page.request.get(metricsHref!);
  expect(metricsFile.status()).toBe(200);
  await expect(page.getByText('Em breve')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the admin generates last week's invoices and sees the result box", async ({ page }) => {
  const errors = watchErrors(page);
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard?tab=faturas');
  const area = page.getByTestId('remote-admin_billing');
  const weeks = area.getByRole('group', { name: 'Geração semanal' });
  await expect(weeks).toBeVisible();
  await expectNoAxeViolations(page);

  const week = billingWeek(new Date(), -1);
  const started = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`${BFF}/invoices/generate-weekly`),
  );
  await weeks.getByRole('button', { name: /Semana passada/ }).click();
  const answer = await started;
  expect(answer.status()).toBe(202);
  const run = (await answer.json()) as { runId: string };
  expect(run.runId).toBe(`weekly-${week.weekStart}`);
  // While the worker bills, a second run cannot be asked for; the screen reads the run's progress.
  await expect(weeks.getByRole('button', { name: /Semana passada/ })).toBeDisabled();
  await page.waitForResponse((r) => r.url().endsWith(`${BFF}/invoice-generation-runs/${run.runId}`));

  const result = area.getByTestId('generation-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  const done = (await (await page.request.get(`${BFF}/invoice-generation-runs/${run.runId}`)).json()) as {
    state: string;
    progress: { processed: number; total: number } | null;
    result: { invoicesGenerated: number; completedAssignments: number; message: string };
  };
  expect(done.state).toBe('completed');
  expect(done.progress?.processed).toBe(done.progress?.total);
  await expect(result).toContainText(`Semana processada${formatPeriodBR(week.weekStart, week.weekEnd)}`);
  await expect(result).toContainText(`Faturas geradas${done.result.invoicesGenerated}`);
  await expect(result).toContainText(`Serviços${done.result.completedAssignments}`);
  await expect(result).toContainText(done.result.message);
  await expect(weeks.getByRole('button', { name: /Semana passada/ })).toBeEnabled();
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test('the admin generates a custom invoice for one business, marks an invoice paid, opens its view, print page and PDF', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard?tab=faturas');
  const area = page.getByTestId('remote-admin_billing');
  await expect(area.getByRole('group', { name: 'Geração semanal' })).toBeVisible();

  // Custom invoice: the dates are required, then one business, this week so far.
  await area.getByRole('button', { name: 'Fatura personalizada' }).click();
  const modal = page.getByRole('dialog', { name: 'Fatura personalizada' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Gerar faturas' }).click();
  await expect(modal).toContainText(MESSAGES.invoices.datesRequired);
  await expectNoAxeViolations(page, '[role="dialog"]');
  const week = billingWeek(new Date());
  await modal.getByLabel('Data de início').fill(week.weekStart);
  await modal.getByLabel('Data de fim').fill(saoPauloDate(new Date()));
  await modal.getByRole('checkbox', { name: /Supermercado Bom Preço/ }).check();
  const started = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`${BFF}/invoices/generate-custom`),
  );
  await modal.getByRole('button', { name: 'Gerar faturas' }).click();
  const request = (await started).request().postDataJSON() as { restaurantIds: number[] | null };
  expect(request.restaurantIds).toHaveLength(1);
  await expect(area.getByTestId('generation-result')).toBeVisible({ timeout: 30_000 });

  // Mark a pending invoice paid: "Marcar esta fatura como paga?" in the page's own dialog (a
  // browser confirm() would be dismissed: Playwright's default), accepted.
  const pendingButton = area.getByRole('button', { name: /^Marcar como paga a fatura / }).first();
  const label = (await pendingButton.getAttribute('aria-label'))!;
  const number = label.replace('Marcar como paga a fatura ', '');
  await pendingButton.click();
  const question = page.getByRole('dialog', { name: 'Marcar como paga' });
  await expect(question).toContainText(MESSAGES.confirmations.markInvoicePaid);
  await expectNoAxeViolations(page, '[role="dialog"]');
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/invoice-confirm-1280.png` });
  await question.getByRole('button', { name: 'Marcar como paga' }).click();
  await expect(question).toBeHidden();
  await expect(area.getByTestId('invoice-action-notice')).toHaveText(MESSAGES.invoices.markedPaid);
  await expect(area.getByRole('button', { name: `Marcar como paga a fatura ${number}` })).toHaveCount(0);

  // Its view: the document, "Imprimir" and "Baixar PDF".
  await area.getByRole('button', { name: `Ver a fatura ${number}` }).click();
  const view = page.getByRole('dialog', { name: 'Detalhes da fatura' });
  await expect(view.getByTestId('invoice-document')).toContainText(`Fatura ${number}`);
  const total = (await view.getByTestId('invoice-total').textContent())!;
  await expect(view.getByTestId('invoice-document')).toContainText('Paga');
  await expectNoAxeViolations(page, '[role="dialog"]');
  const printHref = (await view.getByRole('link', { name: 'Imprimir' }).getAttribute('href'))!;
  const pdfHref = (await view.getByRole('link', { name: 'Baixar PDF' }).getAttribute('href'))!;
  expect(pdfHref).toMatch(/^\/bff\/admin-billing\/api\/restaurant\/invoices\/\d+\/pdf$/);
  await view.getByRole('button', { name: 'Fechar' }).click();

  const pdf = await page.request.get(pdfHref);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await pdf.body());
  expect(text).toContain(number);
  expect(text).toContain(`Total: ${normalise(total)}`);

  // The print page: the same document, A4 print stylesheet, accessible.
  await page.goto(printHref);
  await expect(page.getByRole('heading', { name: `Fatura ${number}` })).toBeVisible();
  await expect(page.getByText(`Total: ${total}`)).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});
