import { pdfText as pdfDocumentText } from '@turno/core/testing/pdf';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { INVOICE_PIX_MESSAGES, INVOICE_PIX_STATUS_LABELS } from '@turno/domain';
import { E2E_ENV } from '../e2e-env';
import { expectNoAxeViolations } from '../support/axe';
import { watchConsoleErrors } from '../support/console-errors';
import { shot } from '../support/page-tools';
import { signInAs, signInAsAdmin } from '../support/sign-in';
import { DEMO_BUSINESS as BUSINESS, openAdminPage } from '../support/admin-setup';
import { sql } from '../support/portal-data';

/**
 * Invoices payable by Pix (issue 25): the demo business opens its pending invoice and sees "Pague
 * com Pix" — the QR code and the "Pix copia e cola" code, copied with "Copiar código" — at 1280
 * and 360 px (axe, 44 px controls, nothing wider than the screen); then a Pix paid at the fake PSP
 * (its control endpoint) marks the invoice paid on every open screen without a reload: the
 * business's invoice view, the business's list in another tab, and the admin's invoice view.
 */

/** The portal's fake PSP (infra/dev config: 4500 + the port offset). */
const FAKE_PSP = `http://127.0.0.1:${4500 + Number(E2E_ENV.PORT_OFFSET)}`;

/** A business's newest unpaid invoice whose charge the workers created at the fake PSP. */
async function invoiceWithActiveCharge(business: string = BUSINESS): Promise<{
  id: number;
  number: string;
  txid: string;
  status: string;
}> {
  let found: string[] = [];
  await expect
    .poll(
      () => {
        found = sql(
          `select i.id, i.invoice_number, c.txid, i.status from invoices i
             join invoice_pix_charges c on c.invoice_id = i.id
             join restaurants r on r.id = i.restaurant_id
            where r.business_name = '${business}' and i.status in ('pending', 'overdue')
              and c.status = 'active' and c.br_code is not null
            order by i.issue_date desc, i.id desc, c.revision desc limit 1`,
        );
        return found.length;
      },
      { timeout: 90_000, message: `a pending invoice of ${business} with an active Pix charge` },
    )
    .toBe(1);
  const [id, number, txid, status] = found[0]!.split('\t');
  return { id: Number(id), number: number!, txid: txid!, status: status! };
}

const pdfText = (pdf: Buffer) => pdfDocumentText(pdf).text;

/** The business's invoice view, opened from "Faturas" (filtered to the invoice's status). */
async function openInvoice(page: Page, number: string, status: string) {
  const area = page.getByTestId('remote-restaurant');
  await area.getByRole('tab', { name: 'Faturas' }).click();
  await area.getByLabel('Status').selectOption(status);
  await area.getByRole('button', { name: `Ver fatura ${number}` }).click();
  return page.getByRole('dialog', { name: `Fatura ${number}` });
}

test('the business pays its invoice by Pix: QR code and copia e cola, then paid live on every open screen', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const contexts: BrowserContext[] = [];
  try {
    const invoice = await invoiceWithActiveCharge();
    const [brCode] = sql(`select br_code from invoice_pix_charges where txid = '${invoice.txid}'`);

    const business = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    contexts.push(business);
    const page = await business.newPage();
    const errors = watchConsoleErrors(page);
    await signInAs(page, 'Marcos Almeida');
    const dialog = await openInvoice(page, invoice.number, invoice.status);
    const pix = dialog.getByRole('region', { name: INVOICE_PIX_MESSAGES.title });
    const qr = pix.getByRole('img', { name: INVOICE_PIX_MESSAGES.qrAlt });
    await expect(qr).toBeVisible();
    // The image really drew (an SVG data URL the browser decoded), square.
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const code = pix.getByLabel(INVOICE_PIX_MESSAGES.codeLabel);
    await expect(code).toHaveValue(brCode!);

    // "Copiar código": the clipboard holds the code and the live region says so.
    await pix.getByRole('button', { name: INVOICE_PIX_MESSAGES.copy }).click();
    await expect(pix.getByTestId('invoice-pix-copied')).toHaveText(INVOICE_PIX_MESSAGES.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(brCode);

    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
      await expect(qr).toBeVisible();
      // The code wraps inside its field; nothing of the block is wider than the screen.
      const overflow = await code.evaluate((field) => ({
        x: field.scrollWidth - field.clientWidth,
        y: field.scrollHeight - field.clientHeight,
      }));
      // Wrapped, and tall enough to show all of it (no scrolling inside the field).
      expect(overflow).toEqual({ x: 0, y: 0 });
      const box = (await pix.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width + 1);
      const copy = (await pix.getByRole('button', { name: INVOICE_PIX_MESSAGES.copy }).boundingBox())!;
      expect(copy.height).toBeGreaterThanOrEqual(44);
      await pix.scrollIntoViewIfNeeded();
      await shot(page, `fatura-pix-${width}`);
      await expectNoAxeViolations(page, '[role="dialog"]');
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The PDF says "Pague com Pix" with the whole code (wrapped over lines).
    const pdf = await page.request.get(`/bff/restaurant/api/restaurant/invoices/${invoice.id}/pdf`);
    expect(pdf.status()).toBe(200);
    const text = pdfText(await pdf.body());
    expect(text).toContain(INVOICE_PIX_MESSAGES.title);
    expect(text.replace(/\s+/g, '')).toContain(brCode!.replace(/\s+/g, ''));

    // Two more open screens: the business's list in a second tab, the admin's invoice view.
    const list = await business.newPage();
    await list.goto(page.url());
    const listArea = list.getByTestId('remote-restaurant');
    await listArea.getByRole('tab', { name: 'Faturas' }).click();
    const row = listArea.getByRole('row').filter({ hasText: invoice.number });
    await expect(row).toContainText(/Pendente|Vencida/);

    const admin = await openAdminPage(browser, contexts, { viewport: { width: 1280, height: 900 } });
    await admin.goto('/admin/dashboard?tab=faturas');
    const billing = admin.getByTestId('remote-admin_billing');
    await billing.getByLabel('Buscar fatura').fill(invoice.number);
    await billing.getByRole('button', { name: `Ver a fatura ${invoice.number}` }).click();
    const view = admin.getByRole('dialog', { name: 'Detalhes da fatura' });
    await expect(view.getByTestId('admin-invoice-pix')).toContainText(
      `Pix: ${INVOICE_PIX_STATUS_LABELS.active}`,
    );
    await view.getByTestId('admin-invoice-pix').scrollIntoViewIfNeeded();
    await expectNoAxeViolations(admin, '[role="dialog"]');
    await shot(admin, 'admin-fatura-pix-1280');

    // The admin's print page: "Pague com Pix" with the QR code (inline SVG) and the code.
    const printHref = (await view.getByRole('link', { name: 'Imprimir' }).getAttribute('href'))!;
    const printPage = await admin.context().newPage();
    await printPage.goto(printHref);
    const box = printPage.getByRole('region', { name: INVOICE_PIX_MESSAGES.title });
    await expect(box.getByRole('img', { name: INVOICE_PIX_MESSAGES.qrAlt })).toBeVisible();
    await expect(box.getByTestId('pix-code')).toHaveText(brCode!);
    for (const width of [1280, 360]) {
      await printPage.setViewportSize({ width, height: 900 });
      expect(await printPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await box.scrollIntoViewIfNeeded();
      await shot(printPage, `fatura-pix-impressao-${width}`);
    }
    await expectNoAxeViolations(printPage);
    await printPage.close();

    // A Pix of the full amount at the fake PSP: its webhook marks the invoice paid.
    const paid = await page.request.post(`${FAKE_PSP}/__control/charges/${invoice.txid}/pay`, { data: {} });
    expect(paid.status(), await paid.text()).toBeLessThan(300);

    await expect(dialog.getByTestId('invoice-pix-state')).toHaveText(/^Pago em \d\d\/\d\d às \d\d:\d\d$/, {
      timeout: 60_000,
    });
    await expect(dialog.getByTestId('invoice-status')).toHaveText('Paga');
    await expect(qr).toHaveCount(0);
    await expect(row).toContainText('Paga', { timeout: 60_000 });
    await expect(view.getByTestId('admin-invoice-pix')).toContainText(
      `Pix: ${INVOICE_PIX_STATUS_LABELS.paid}`,
      {
        timeout: 60_000,
      },
    );
    await shot(page, 'fatura-pix-paga-1280');
    await expectNoAxeViolations(page, '[role="dialog"]');
    expect(errors).toEqual([]);
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('a Pix of another amount leaves the invoice pending and is listed in "Divergências de pagamento"', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const [other] = sql(
    `select r.business_name from invoices i join invoice_pix_charges c on c.invoice_id = i.id
       join restaurants r on r.id = i.restaurant_id
      where i.status in ('pending', 'overdue') and c.status in ('creating', 'active')
        and r.business_name <> '${BUSINESS}' order by i.id limit 1`,
  );
  expect(other, 'another business with an unpaid invoice and its charge').toBeTruthy();
  const invoice = await invoiceWithActiveCharge(other);
  const paid = await page.request.post(`${FAKE_PSP}/__control/charges/${invoice.txid}/pay`, {
    data: { amountCents: 1_00 },
  });
  expect(paid.status(), await paid.text()).toBeLessThan(300);
  await expect
    .poll(() => sql(`select status from invoice_pix_charges where txid = '${invoice.txid}'`)[0], {
      timeout: 60_000,
    })
    .toBe('mismatch');

  const errors = watchConsoleErrors(page);
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard?tab=faturas');
  const billing = page.getByTestId('remote-admin_billing');
  const panel = billing.getByRole('region', { name: /^Divergências de pagamento \(\d+\)$/ });
  const row = panel.getByRole('row').filter({ hasText: invoice.number });
  await expect(row).toContainText('R$ 1,00');
  await expect(row).toContainText(/Pendente|Vencida/);
  await expectNoAxeViolations(page, '[data-testid="pix-mismatches"]');
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'divergencias-1280');
  await panel.getByRole('button', { name: `Ver fatura ${invoice.number} (divergência)` }).click();
  const view = page.getByRole('dialog', { name: 'Detalhes da fatura' });
  await expect(view.getByTestId('admin-invoice-pix')).toContainText(
    `Pix: ${INVOICE_PIX_STATUS_LABELS.mismatch}`,
  );
  await expect(view.getByTestId('invoice-pix-state')).toContainText('Recebemos R$ 1,00; o valor da fatura é');
  await page.setViewportSize({ width: 360, height: 780 });
  await view.getByTestId('admin-invoice-pix').scrollIntoViewIfNeeded();
  await shot(page, 'divergencia-fatura-360');
  await expectNoAxeViolations(page, '[role="dialog"]');
  expect(errors).toEqual([]);
});
