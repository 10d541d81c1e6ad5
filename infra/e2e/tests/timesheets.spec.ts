import { expect, test, type Browser, type Page } from '@playwright/test';
import { MESSAGES, TIMESHEET_STATUS_LABELS, saoPauloDate, saoPauloTime, shiftPay } from '@turno/domain';
import { expectNoAxeViolations } from '../support/axe';
import { callThroughPage, shot } from '../support/page-tools';
import { signInAs, signInAsAdmin } from '../support/sign-in';
import { sql } from '../support/portal-data';

/**
 * Timesheets both sides can settle (issue 23), in Chromium: the freelancer proposes corrected times
 * on a completed shift at 360 px; nobody answers for 24 h (the clock is moved in the database) and
 * the business's late answer finds it accepted, the pay following it. On another shift the business
 * proposes, the freelancer disputes, the admin decides in Disputas, and the invoice bills the
 * decided amount. Shifts are created through the admin's calls for a far date (no overlap with the
 * demo freelancer's shifts) and moved into the past in the database, checked in and out.
 */

const T = MESSAGES.timesheets;
const OPS = '/bff/admin-ops/api/admin';
const BUSINESS = 'Supermercado Bom Preço';
const HOUR = 3_600_000;

interface PastShift {
  jobId: number;
  assignmentId: number;
  date: string;
  start: string;
  end: string;
  startAt: Date;
  endAt: Date;
  chargeCents: number;
}

/**
 * A 6 h shift of the demo freelancer (Ana Souza) at the demo business that ran from 8 h ago to 2 h
 * ago (`hoursAgo` moves it further back), completed with on-time check-in and check-out.
 */
async function completedShift(
  admin: Page,
  created: { daysAhead: number; startTime: string },
  hoursAgo = 8,
): Promise<PastShift> {
  const [restaurantId] = sql(`select id from restaurants where business_name = '${BUSINESS}'`);
  const [freelancerId] = sql(`select f.id from freelancers f where f.name = 'Ana Souza'`);
  // Created days ahead at a night hour of its own (vacancies take today + 6 days, never a past
  // start, and the freelancer's shifts must not overlap), then moved back.
  const far = new Date(Date.now() + created.daysAhead * 24 * HOUR);
  const jobs = await callThroughPage<{ jobIds: number[] }>(admin, `${OPS}/jobs`, 'POST', {
    restaurantId: Number(restaurantId),
    positionType: 'Estoquista',
    dates: [saoPauloDate(far)],
    quantity: 1,
    workload: 6,
    startTime: created.startTime,
  });
  expect(jobs.status).toBe(201);
  const jobId = jobs.body.jobIds[0]!;
  const assigned = await callThroughPage<{ assignmentId: number }>(admin, `${OPS}/assignments`, 'POST', {
    jobId,
    freelancerId: Number(freelancerId),
  });
  expect(assigned.status).toBe(201);
  const startAt = new Date(Math.floor((Date.now() - hoursAgo * HOUR) / 900_000) * 900_000);
  const endAt = new Date(startAt.getTime() + 6 * HOUR);
  const [date, start, end] = [saoPauloDate(startAt), saoPauloTime(startAt), saoPauloTime(endAt)];
  const [chargeCents] = sql(
    `update jobs set date_needed = '${date}', start_time = '${start}', end_time = '${end}', status = 'completed'
      where id = ${jobId} returning charge_cents`,
  );
  const full = shiftPay({
    fullChargeCents: Number(chargeCents),
    shift: { date, start, end },
    checkInAt: startAt,
    checkOutAt: endAt,
    payBasis: 'full',
  });
  sql(
    `update assignments set status = 'completed', check_in_at = '${startAt.toISOString()}',
            check_out_at = '${endAt.toISOString()}', completed_at = '${endAt.toISOString()}',
            check_in_method = 'manager', check_out_method = 'manager', pay_basis = 'full', paid_minutes = 360,
            restaurant_charge_cents = ${full.chargeCents}, freelancer_payout_cents = ${full.payoutCents},
            commission_cents = ${full.commissionCents}
      where id = ${assigned.body.assignmentId}`,
  );
  return {
    jobId,
    assignmentId: assigned.body.assignmentId,
    date,
    start,
    end,
    startAt,
    endAt,
    chargeCents: Number(chargeCents),
  };
}

/** 'YYYY-MM-DDTHH:MM' in Sao Paulo, as the datetime-local inputs take it. */
const local = (instant: Date) => `${saoPauloDate(instant)}T${saoPauloTime(instant)}`;

async function personPage(
  browser: Browser,
  person: 'Ana Souza' | 'Marcos Almeida',
  width: number,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, person);
  return page;
}

/** The freelancer's completed shift card, its "Horários do turno" opened. */
async function freelancerTimesheet(page: Page, shift: PastShift) {
  const area = page.getByTestId('remote-freelancer');
  await area.getByRole('tab', { name: 'Trabalhos' }).click();
  await area.getByRole('button', { name: /^Concluídos/ }).click();
  // The card of this shift: its date's times are this test's own (a quarter hour of the past).
  const card = area.locator('.t-card', { hasText: `${shift.start} às ${shift.end}` }).first();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: T.panelTitle }).click();
  return card.getByRole('region', { name: T.panelTitle });
}

/** The business's agenda on the shift's date, the shift's "Horários" dialog open. */
async function businessTimesheet(page: Page, shift: PastShift) {
  const area = page.getByTestId('remote-restaurant');
  await area.getByRole('tab', { name: 'Agenda' }).click();
  await expect(area.getByTestId('list-count')).toBeVisible();
  await area.getByLabel('Período').selectOption('date');
  await area.getByLabel('Data', { exact: true }).fill(shift.date);
  const row = area
    .getByRole('row')
    .filter({ hasText: `${shift.start} às ${shift.end}` })
    .filter({ hasText: 'Ana Souza' });
  await row.getByRole('button', { name: /^Horários de/ }).click();
  const dialog = page.getByRole('dialog', { name: T.panelTitle });
  await expect(dialog.getByRole('region', { name: T.panelTitle })).toBeVisible();
  return dialog;
}

test('a correction nobody answers in 24 h is accepted, and the pay follows it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  const shift = await completedShift(page, { daysAhead: 6, startTime: '02:15' }, 8);

  // The freelancer, on a phone, says she left 2 h before the end.
  const ana = await personPage(browser, 'Ana Souza', 360);
  const panel = await freelancerTimesheet(ana, shift);
  await panel.getByRole('button', { name: T.proposeButton }).click();
  const leftAt = new Date(shift.endAt.getTime() - 2 * HOUR);
  await panel.getByLabel(T.checkOutLabel).fill(local(leftAt));
  await expect(panel.getByText(T.workedPreview('4h00min'))).toBeVisible();
  await panel.getByLabel(T.reasonLabel).fill('Saí duas horas antes, combinado com o gerente');
  await expectNoAxeViolations(ana, '[aria-label="Horários do turno"]');
  await shot(ana, 'timesheet-propose-360');
  const proposed = ana.waitForResponse((r) =>
    r.url().endsWith(`/assignments/${shift.assignmentId}/timesheet`),
  );
  await panel.getByRole('button', { name: T.send }).click();
  expect((await proposed).status()).toBe(201);
  await expect(panel.getByText(T.proposed)).toBeVisible();

  // 24 h pass with no answer: the clock is moved by moving the deadline into the past.
  sql(
    `update timesheet_proposals set answer_deadline = now() - interval '1 minute' where assignment_id = ${shift.assignmentId}`,
  );
  const marcos = await personPage(browser, 'Marcos Almeida', 1280);
  const dialog = await businessTimesheet(marcos, shift);
  await shot(marcos, 'timesheet-business-1280');
  // A dispute sent after the deadline is refused and the proposal accepted then; the workers' sweep
  // (every few seconds) may have accepted it before the dialog opened, and then there is no "Contestar",
  // or between the dialog and the dispute, and then the dispute is told it was already answered.
  const dispute = dialog.getByRole('button', { name: T.dispute });
  const accepted = dialog.getByText(TIMESHEET_STATUS_LABELS.auto_accepted, { exact: true });
  await expect(dispute.or(accepted).first()).toBeVisible();
  if (await dispute.isVisible()) {
    await dispute.click();
    await dialog.getByLabel(T.disputeReasonLabel).fill('Ela ficou até o fim');
    await dialog.getByRole('button', { name: T.sendDispute }).click();
    await expect(
      dialog.getByText(/aceita automaticamente em/).or(dialog.getByText(T.notPending, { exact: true })),
    ).toBeVisible();
  }
  await expect(accepted).toBeVisible();

  const worked = shiftPay({
    fullChargeCents: shift.chargeCents,
    shift: { date: shift.date, start: shift.start, end: shift.end },
    checkInAt: shift.startAt,
    checkOutAt: leftAt,
    payBasis: 'worked',
  });
  expect(
    sql(
      `select p.status, a.paid_minutes, a.restaurant_charge_cents, a.freelancer_payout_cents
         from assignments a join timesheet_proposals p on p.assignment_id = a.id where a.id = ${shift.assignmentId}`,
    ),
  ).toEqual([`auto_accepted\t240\t${worked.chargeCents}\t${worked.payoutCents}`]);
});

test('a disputed correction is decided by the admin in Disputas and the invoice bills the decision', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page);
  const shift = await completedShift(page, { daysAhead: 5, startTime: '01:45' }, 10);

  // The business says the freelancer left after 3 h.
  const marcos = await personPage(browser, 'Marcos Almeida', 1280);
  const dialog = await businessTimesheet(marcos, shift);
  await dialog.getByRole('button', { name: T.proposeButton }).click();
  const leftAt = new Date(shift.startAt.getTime() + 3 * HOUR);
  await dialog.getByLabel(T.checkOutLabel).fill(local(leftAt));
  await dialog.getByLabel(T.reasonLabel).fill('Saiu às três horas de turno');
  await dialog.getByRole('button', { name: T.send }).click();
  await expect(dialog.getByText(T.proposed)).toBeVisible();

  // The freelancer disputes it.
  const ana = await personPage(browser, 'Ana Souza', 360);
  const panel = await freelancerTimesheet(ana, shift);
  await panel.getByRole('button', { name: T.dispute }).click();
  await panel.getByLabel(T.disputeReasonLabel).fill('Trabalhei o turno inteiro');
  await panel.getByRole('button', { name: T.sendDispute }).click();
  await expect(panel.getByText(T.disputed)).toBeVisible();

  // The admin decides: paid by the worked time of the proposal.
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/dashboard?tab=disputas');
    const area = page.getByTestId('remote-admin_ops');
    const row = area.getByTestId(/^timesheet-dispute-/).filter({ hasText: 'Trabalhei o turno inteiro' });
    await expect(row).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    await shot(page, `timesheet-disputas-${width}`);
  }
  const area = page.getByTestId('remote-admin_ops');
  const row = area.getByTestId(/^timesheet-dispute-/).filter({ hasText: 'Trabalhei o turno inteiro' });
  await row.getByRole('button', { name: /^Decidir/ }).click();
  const decision = page.getByRole('dialog', { name: T.adminDecideTitle });
  await decision.getByLabel(T.adminDecisionLabel).selectOption('partial');
  await decision.getByLabel(T.adminNoteLabel).fill('O ponto do mercado mostra a saída');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await shot(page, 'timesheet-decision-360');
  await decision.getByRole('button', { name: T.adminConfirm }).click();
  await expect(decision).toHaveCount(0);
  await expect(row).toHaveCount(0);

  const decided = shiftPay({
    fullChargeCents: shift.chargeCents,
    shift: { date: shift.date, start: shift.start, end: shift.end },
    checkInAt: shift.startAt,
    checkOutAt: leftAt,
    payBasis: 'worked',
  });
  expect(
    sql(`select paid_minutes, restaurant_charge_cents from assignments where id = ${shift.assignmentId}`),
  ).toEqual([`180\t${decided.chargeCents}`]);

  // The invoice of that day bills the decided amount.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/dashboard?tab=faturas');
  const billing = page.getByTestId('remote-admin_billing');
  await billing.getByRole('button', { name: 'Fatura personalizada' }).click();
  const modal = page.getByRole('dialog', { name: 'Fatura personalizada' });
  await modal.getByLabel('Data de início').fill(shift.date);
  await modal.getByLabel('Data de fim').fill(shift.date);
  await modal.getByRole('checkbox', { name: new RegExp(BUSINESS) }).check();
  await modal.getByRole('button', { name: 'Gerar faturas' }).click();
  await expect(billing.getByTestId('generation-result')).toBeVisible({ timeout: 30_000 });
  expect(sql(`select amount_cents from invoice_lines where assignment_id = ${shift.assignmentId}`)).toEqual([
    String(decided.chargeCents),
  ]);
});
