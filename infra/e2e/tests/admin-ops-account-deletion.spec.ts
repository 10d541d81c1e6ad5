import { expect, test } from '@playwright/test';
import { MESSAGES, addDays, formatMoney, saoPauloDate } from '@turno/domain';
import { signInAsAdmin } from '../support/sign-in';
import { callThroughPage } from '../support/page-tools';

/**
 * Deleting an account with history (issue 10, spec 02 §5), as the admin in Chromium: a freelancer
 * this test creates, with a shift it completes and an invoice it generates, is deleted from the
 * Freelancers screen with the typed word CONFIRMAR. It is anonymized and deactivated instead of
 * deleted, and the invoice stays listed in Faturas with its amount. A wrong word cancels.
 */

const OPS = '/bff/admin-ops/api/admin';
const BILLING = '/bff/admin-billing/api/admin';
/** A demo business no other spec bills by hand (admin-billing.spec.ts bills Supermercado Bom Preço). */
const BUSINESS = 'Hortifruti Vila Madalena';

interface Invoice {
  id: number;
  invoice_number: string;
  amount: number;
  restaurant_id: number;
}

test('deleting a freelancer with completed work anonymizes and deactivates it, and its invoice stays intact', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const marker = Date.now().toString(36);
  const name = `Freelancer Exclusão ${marker}`;
  const today = saoPauloDate(new Date());
  const tomorrow = addDays(today, 1);
  await signInAsAdmin(page);

  // The history, through the admin BFFs: a freelancer, a shift tomorrow for the business, checked in
  // and out by hand (a payment), and a custom invoice of that business over a period only this run asks for.
  const created = await callThroughPage<{ freelancerId: number }>(page, `${OPS}/freelancers`, 'POST', {
    name,
    cpf: '529.982.247-25',
    pix_key: `${marker}@pix.example`,
    experience_years: 2,
    specialties: ['Estoquista'],
    email: `${marker}@freelancer.example`,
  });
  expect(created.status).toBe(201);
  const freelancerId = created.body.freelancerId;
  expect((await callThroughPage(page, `${OPS}/freelancers/${freelancerId}/approve`, 'POST')).status).toBe(
    200,
  );

  const businesses = await callThroughPage<{ items: { id: number; business_name: string }[] }>(
    page,
    `${OPS}/restaurants?status=approved&q=${encodeURIComponent(BUSINESS)}`,
  );
  const restaurantId = businesses.body.items.find((r) => r.business_name === BUSINESS)?.id;
  expect(restaurantId).toBeDefined();
  const jobs = await callThroughPage<{ jobIds: number[] }>(page, `${OPS}/jobs`, 'POST', {
    restaurantId,
    positionType: 'Estoquista',
    // Tomorrow: a start today may have passed (a vacancy never starts in the past), whatever the hour.
    dates: [tomorrow],
    quantity: 1,
    workload: 6,
    startTime: '05:00',
    description: `Turno de teste ${marker}`,
  });
  expect(jobs.status).toBe(201);
  const assigned = await callThroughPage<{ assignmentId: number }>(page, `${OPS}/assignments`, 'POST', {
    jobId: jobs.body.jobIds[0],
    freelancerId,
  });
  expect(assigned.status).toBe(201);
  const assignment = `${OPS}/assignments/${assigned.body.assignmentId}`;
  // Before the shift's window: corrections, each with its reason (kept in the audit trail).
  const reason = { reason: `Teste de exclusão ${marker}` };
  expect((await callThroughPage(page, `${assignment}/checkin`, 'POST', reason)).status).toBe(200);
  expect((await callThroughPage(page, `${assignment}/checkout`, 'POST', reason)).status).toBe(200);

  // A period of its own (one to 28 days back to today): the run is not one another test already made.
  const startDate = addDays(today, -(1 + (Date.now() % 28)));
  const run = await callThroughPage<{ runId: string }>(page, `${BILLING}/invoices/generate-custom`, 'POST', {
    startDate,
    endDate: tomorrow,
    restaurantIds: [restaurantId],
  });
  expect(run.status).toBe(202);
  await expect
    .poll(
      async () =>
        (
          await callThroughPage<{ state: string }>(
            page,
            `${BILLING}/invoice-generation-runs/${run.body.runId}`,
          )
        ).body.state,
      { timeout: 30_000 },
    )
    .toBe('completed');
  const invoices = async () =>
    (
      await callThroughPage<{ items: Invoice[] }>(
        page,
        `${BILLING}/invoices?restaurantId=${restaurantId}&limit=100`,
      )
    ).body.items;
  const invoice = (await invoices()).sort((a, b) => b.id - a.id)[0];
  expect(invoice).toBeDefined();

  // Freelancers: the typed word must be CONFIRMAR; a wrong one cancels.
  await page.goto('/admin/dashboard?tab=freelancers');
  const area = page.getByTestId('remote-admin_ops');
  await area.getByLabel('Buscar freelancer').fill(name);
  const row = area.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Excluir ${name}` }).click();
  let dialog = page.getByRole('dialog', { name: `Excluir ${name}` });
  await dialog.getByLabel('Digite CONFIRMAR para confirmar a exclusão.').fill('confirmar');
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await expect(area.getByTestId('action-feedback')).toContainText(MESSAGES.deletion.cancelled);
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `Excluir ${name}` }).click();
  dialog = page.getByRole('dialog', { name: `Excluir ${name}` });
  await dialog.getByLabel('Digite CONFIRMAR para confirmar a exclusão.').fill('CONFIRMAR');
  const deleted = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().endsWith(`${OPS}/freelancers/${freelancerId}`),
  );
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  expect((await deleted).status()).toBe(200);
  await expect(area.getByTestId('action-feedback')).toContainText(MESSAGES.deletion.freelancerAnonymized);

  // The name is gone from the list; the account stays, anonymized and deactivated.
  await expect(row).toHaveCount(0);
  const listed = await callThroughPage<{
    items: { id: number; name: string; cpf: string | null; is_approved: boolean }[];
  }>(page, `${OPS}/freelancers?q=${encodeURIComponent('Freelancer removido')}&limit=200`);
  const anonymized = listed.body.items.find((f) => f.id === freelancerId);
  expect(anonymized).toMatchObject({ name: 'Freelancer removido', cpf: null, is_approved: false });
  await area.getByLabel('Buscar freelancer').fill('Freelancer removido');
  await expect(area.getByRole('row').filter({ hasText: 'Freelancer removido' }).first()).toContainText(
    'Rejeitado',
  );

  // Nothing billed is lost: the invoice is listed in Faturas with its amount.
  expect((await invoices()).find((i) => i.id === invoice!.id)).toEqual(invoice);
  await page.goto('/admin/dashboard?tab=faturas');
  const billing = page.getByTestId('remote-admin_billing');
  await billing.getByLabel('Buscar fatura').fill(invoice!.invoice_number);
  const invoiceRow = billing.getByRole('row').filter({ hasText: invoice!.invoice_number });
  await expect(invoiceRow).toContainText(formatMoney(invoice!.amount));
});
