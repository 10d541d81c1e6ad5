import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { formatMoney, saoPauloDate, saoPauloTime } from '@turno/domain';
import { expectNoAxeViolations } from '../support/axe';
import { callThroughPage, shot } from '../support/page-tools';
import { signInAs, signInAsAdmin } from '../support/sign-in';
import { OPS, openAdminPage, freeOfHeldShifts, demoStoreId } from '../support/admin-setup';
import { sql } from '../support/portal-data';

/**
 * Money that moves (issue 25): the admin checks a shift of Ana Souza out by hand; her "Finanças"
 * shows the payment with its Pix payout's state ("Na fila de envio", "Enviado" or already "Pago às
 * hh:mm", however far the sender worker got), then "Pago às hh:mm" live once the fake PSP paid it;
 * the admin finds it in "Repasses" with the period's totals per day. A payout to a freshly changed
 * Pix key is held and released by the admin. Screens at 1280 and 360 px, axe on both screens and
 * on the "Liberar" dialog; every control ≥ 44 px at 360.
 */

const PAID = /^Pago às \d\d:\d\d$/;
const PAYOUT_STATE = /^(Na fila de envio|Enviado|Pago às \d\d:\d\d|Retido até )/;

async function bothWidths(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await shot(page, `${name}-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Every visible button, select and button-looking link of `area` is at least 44 px high at 360 px. */
async function expectTouchable(page: Page, area: Locator) {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const control of await area.locator('button, select, a.t-btn, input').all()) {
    if (!(await control.isVisible())) continue;
    const box = (await control.boundingBox())!;
    const name = (await control.getAttribute('aria-label')) ?? (await control.innerText());
    expect(box.height, name).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width, name).toBeLessThanOrEqual(361);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * A shift of `freelancer` at the demo store starting in 20–25 min, checked in and out by the admin
 * (with the reason an early correction needs), paid in full: the completion creates its payout.
 * Answers the assignment and the amount as the screens write it.
 */
async function completeShiftOf(admin: Page, freelancer: string, positionType: string) {
  const freelancerId = await freeOfHeldShifts(admin, freelancer);
  const restaurantId = demoStoreId();
  const start = new Date(Math.ceil((Date.now() + 20 * 60_000) / 300_000) * 300_000);
  const jobs = await callThroughPage<{ jobIds: number[] }>(admin, `${OPS}/jobs`, 'POST', {
    restaurantId: Number(restaurantId),
    positionType,
    dates: [saoPauloDate(start)],
    quantity: 1,
    workload: 6,
    startTime: saoPauloTime(start),
  });
  expect(jobs.status).toBe(201);
  const assigned = await callThroughPage<{ assignmentId: number }>(admin, `${OPS}/assignments`, 'POST', {
    jobId: jobs.body.jobIds[0]!,
    freelancerId: Number(freelancerId),
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
  const assignmentId = assigned.body.assignmentId;
  const reason = 'Teste de repasse (e2e)';
  expect(
    (await callThroughPage(admin, `${OPS}/assignments/${assignmentId}/checkin`, 'POST', { reason })).status,
  ).toBe(200);
  const checkedOut = await callThroughPage<{ freelancerPaymentAmount: number }>(
    admin,
    `${OPS}/assignments/${assignmentId}/checkout`,
    'POST',
    { reason, pay: 'full' },
  );
  expect(checkedOut.status).toBe(200);
  expect(sql(`select count(*) from payouts where assignment_id = ${assignmentId}`)).toEqual(['1']);
  return { assignmentId, amount: formatMoney(checkedOut.body.freelancerPaymentAmount) };
}

test("a completed shift shows its Pix payout in Finanças and in the admin's Repasses", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const contexts: BrowserContext[] = [];
  try {
    const admin = await openAdminPage(browser, contexts, { viewport: { width: 1280, height: 900 } });
    const { amount } = await completeShiftOf(admin, 'Ana Souza', 'Aux de Padaria');

    // Ana's Finanças: the newest payment is this one, with its payout's state.
    const anaContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(anaContext);
    const ana = await anaContext.newPage();
    await signInAs(ana, 'Ana Souza');
    const area = ana.getByTestId('remote-freelancer');
    await area.getByRole('tab', { name: 'Finanças', exact: true }).click();
    const state = area.getByTestId('payout-state').first();
    await expect(state).toHaveText(PAYOUT_STATE, { timeout: 20_000 });
    // The sender worker and the fake PSP of the portal pay it: the card turns "Pago às hh:mm" on its
    // own (payout_updated on her live stream), no reload.
    await expect(state).toHaveText(PAID, { timeout: 60_000 });
    const card = area
      .locator('.t-card')
      .filter({ has: ana.getByTestId('payout-state') })
      .first();
    await expect(card).toContainText('Aux de Padaria');
    await expect(card).toContainText(amount);
    await expectNoAxeViolations(ana);
    await bothWidths(ana, 'payouts-financas');
    await expectTouchable(ana, area);

    // The admin's Repasses: her payout first when searched by name, the totals per day below.
    await admin.goto('/admin/dashboard?tab=repasses');
    const repasses = admin.getByTestId('remote-admin_billing');
    await expect(repasses.getByRole('heading', { name: 'Repasses' })).toBeVisible();
    await repasses.getByRole('searchbox', { name: 'Freelancer' }).fill('ana souza');
    const row = repasses.locator('tr:has(td), li').filter({ hasText: 'Ana Souza' }).first();
    await expect(row).toContainText('Aux de Padaria');
    await expect(row).toContainText(amount);
    await expect(row.getByTestId('payout-state')).toHaveText(PAID);
    await expect(row.getByRole('button')).toHaveCount(0); // paid: nothing to retry, release or mark
    const days = repasses.getByRole('table', { name: 'Totais por dia' });
    await expect(days).toContainText(saoPauloDate(new Date()).split('-').reverse().join('/'));
    await expect(repasses.getByRole('link', { name: 'Baixar Excel' })).toHaveAttribute(
      'href',
      /\/exports\/payouts\.xlsx\?q=ana\+souza/,
    );
    await expectNoAxeViolations(admin);
    await bothWidths(admin, 'payouts-repasses');
    await expectTouchable(admin, repasses);
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('a payout to a freshly changed Pix key is held, and released by the admin from Repasses', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  // Carla's Pix key changed just now (by the admin's edit, as a taken-over account would): the
  // next payout waits 24 h unless released.
  const [profile] = sql(
    `select json_build_object('id', id, 'name', name, 'cpf', cpf, 'phone', phone, 'address', address,
        'experience_years', experience_years, 'specialties', specialties)
       from freelancers where name = 'Carla Mendes'`,
  );
  const { id, ...fields } = JSON.parse(profile!) as { id: number } & Record<string, unknown>;
  const edited = await callThroughPage(page, `${OPS}/freelancers/${id}`, 'PUT', {
    ...fields,
    pix_key: `carla.${Date.now()}@example.com`,
  });
  expect(edited.status).toBe(200);
  const { assignmentId, amount } = await completeShiftOf(page, 'Carla Mendes', 'Estoquista');
  expect(sql(`select status from payouts where assignment_id = ${assignmentId}`)).toEqual(['held']);

  await page.goto('/admin/dashboard?tab=repasses');
  const repasses = page.getByTestId('remote-admin_billing');
  await repasses.getByLabel('Situação').selectOption('held');
  await repasses.getByRole('searchbox', { name: 'Freelancer' }).fill('carla');
  const row = repasses
    .locator('tr:has(td)')
    .filter({ hasText: 'Carla Mendes' })
    .filter({ hasText: amount })
    .first();
  await expect(row.getByTestId('payout-state')).toHaveText(/^Retido até \d\d\/\d\d\/\d{4} às \d\d:\d\d/);
  await shot(page, 'payouts-held-1280');
  await row.getByRole('button', { name: /^Liberar/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Liberar repasse retido' });
  await expect(dialog).toContainText(amount);
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(page, 'payouts-release-dialog-360');
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Liberar', exact: true }).click();
  await expect(repasses.getByTestId('payout-action-notice')).toHaveText('Repasse liberado para envio.');
  // Released: it leaves the "Retido" filter, and goes on to the queue (or further).
  await expect(row).toHaveCount(0);
  expect(sql(`select status from payouts where assignment_id = ${assignmentId}`)[0]).toMatch(
    /^(pending|sending|paid)$/,
  );
  expect(
    sql(
      `select count(*) from audit_events where action = 'POST /api/admin/payouts/:id/release' and outcome = 'success'`,
    )[0],
  ).not.toBe('0');
});

test('a timesheet corrected after the payout was paid: a deduction, and a complement it is taken from', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const contexts: BrowserContext[] = [];
  try {
    const open = async (who: 'admin' | 'Ana Souza' | 'Marcos Almeida') => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      if (who === 'admin') await signInAsAdmin(page);
      else await signInAs(page, who);
      return page;
    };
    const admin = await open('admin');
    const { assignmentId } = await completeShiftOf(admin, 'Ana Souza', 'Aux de Açougueiro');
    // The sender worker and the fake PSP pay it.
    await expect
      .poll(() => sql(`select status from payouts where assignment_id = ${assignmentId}`)[0], {
        timeout: 90_000,
      })
      .toBe('paid');
    const [start] = sql(
      `select to_char(((j.date_needed + j.start_time::time) at time zone 'America/Sao_Paulo') at time zone 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS"Z"') from assignments a join jobs j on j.id = a.job_id where a.id = ${assignmentId}`,
    );
    const hoursIn = (hours: number) => new Date(Date.parse(start!) + hours * 3_600_000).toISOString();
    const ana = await open('Ana Souza');
    const marcos = await open('Marcos Almeida');
    const settle = async (proposer: Page, answerer: Page, hours: number) => {
      // A correction is proposed after the check-out: the admin's full-pay check-out (and an accepted
      // correction) recorded the shift's end, still ahead here, so the check-out is moved a minute back.
      sql(`update assignments set check_out_at = now() - interval '1 minute' where id = ${assignmentId}`);
      const [proposeBase, answerBase] =
        proposer === ana
          ? ['/bff/freelancer/api/freelancers', '/bff/restaurant/api/restaurant']
          : ['/bff/restaurant/api/restaurant', '/bff/freelancer/api/freelancers'];
      const proposed = await callThroughPage<{ proposalId: number }>(
        proposer,
        `${proposeBase}/assignments/${assignmentId}/timesheet`,
        'POST',
        { checkInAt: hoursIn(0), checkOutAt: hoursIn(hours), reason: 'Horário corrigido (e2e)' },
      );
      expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
      const answered = await callThroughPage(
        answerer,
        `${answerBase}/timesheets/${proposed.body.proposalId}/answer`,
        'POST',
        { accept: true },
      );
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    };
    // The business cuts it to 3 of its 6 hours once paid: half is owed (a deduction).
    await settle(marcos, ana, 3);
    // Ana proposes 5 hours, the business accepts: a complement of 2 hours, which the deduction pays.
    await settle(ana, marcos, 5);
    expect(
      sql(
        `select kind, status, amount_cents > 0 from payouts where assignment_id = ${assignmentId} order by id`,
      ),
    ).toEqual(['shift\tpaid\tt', expect.stringMatching(/^complement\t(pending|paid)\t/)]);

    const area = ana.getByTestId('remote-freelancer');
    await area.getByRole('tab', { name: 'Finanças', exact: true }).click();
    const card = area
      .locator('.t-card')
      .filter({ has: ana.getByTestId('payout-line') })
      .first();
    await expect(card.getByTestId('payout-line')).toHaveCount(2);
    await expect(card.locator('[data-kind="complement"]')).toContainText(
      'Quitado com desconto de valor a devolver',
      { timeout: 60_000 },
    );
    await expect(card.locator('[data-kind="deduction"]')).toContainText(
      /A descontar dos próximos pagamentos: R\$\s[\d.,]+/,
    );
    await card.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(ana);
    await bothWidths(ana, 'payouts-correction-financas');
    await expectTouchable(ana, area);

    await admin.goto('/admin/dashboard?tab=repasses');
    const repasses = admin.getByTestId('remote-admin_billing');
    await repasses.getByRole('searchbox', { name: 'Freelancer' }).fill('ana souza');
    const kinds = repasses
      .locator('tr:has(td), li')
      .filter({ hasText: 'Aux de Açougueiro' })
      .getByTestId('payout-kind');
    await expect(kinds).toHaveText(['Complemento', 'Desconto', 'Turno']); // newest first
    const deduction = repasses
      .locator('tr:has(td), li')
      .filter({ has: admin.locator('[data-kind="deduction"]') });
    await expect(deduction.first().getByRole('button')).toHaveCount(0);
    await expectNoAxeViolations(admin);
    await bothWidths(admin, 'payouts-correction-repasses');
    await expectTouchable(admin, repasses);
  } finally {
    for (const context of contexts) await context.close();
  }
});
