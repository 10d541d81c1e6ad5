import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { MESSAGES, formatMoneyCents, lateCancellationFee, saoPauloDate, saoPauloTime } from '@turno/domain';
import { expectNoAxeViolations } from '../support/axe';
import { callThroughPage, shot } from '../support/page-tools';
import { signInAs, signInAsAdmin } from '../support/sign-in';
import { randomCpf, sql } from '../support/portal-data';

/**
 * Releasing an allocated shift (issue 23), in Chromium at 1280 and 360 px: the business cancels
 * its freelancer less than 12 h before the shift (the dialog shows the 4-hour fee) and the fee is
 * a line "Cancelamento tardio — <freelancer>" on its invoice; a freelancer who did not come is
 * reported from the agenda ("Não compareceu"), the shift is released and the freelancer gets a
 * strike. The shifts are made through the admin's calls; the no-show's is moved 15 minutes into
 * the past in the database (a vacancy cannot be created with a start that has passed).
 */

const OPS = '/bff/admin-ops/api/admin';
const WIDTHS = [1280, 360] as const;
const BUSINESS = 'Supermercado Bom Preço';

interface AllocatedShift {
  name: string;
  freelancerId: number;
  jobId: number;
  assignmentId: number;
  date: string;
}

/**
 * A 6 h shift at the demo business starting in about 2 h (the next quarter hour), allocated by the
 * admin to a new freelancer of its own with a phone.
 */
async function allocatedShift(admin: Page, label: string): Promise<AllocatedShift> {
  const marker = `${label} ${Date.now().toString(36)}`;
  const name = `Freelancer ${marker}`;
  const created = await callThroughPage<{ freelancerId: number }>(admin, `${OPS}/freelancers`, 'POST', {
    name,
    phone: '(11) 98765-4321',
    cpf: randomCpf(),
    pix_key: `${Date.now().toString(36)}@pix.example`,
    experience_years: 1,
    specialties: ['Estoquista'],
    email: `${Date.now().toString(36)}-${label}@freelancer.example`,
  });
  expect(created.status).toBe(201);
  const freelancerId = created.body.freelancerId;
  expect((await callThroughPage(admin, `${OPS}/freelancers/${freelancerId}/approve`, 'POST')).status).toBe(
    200,
  );
  const [restaurantId] = sql(`select id from restaurants where business_name = '${BUSINESS}'`);
  const start = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / 900_000) * 900_000);
  const date = saoPauloDate(start);
  const jobs = await callThroughPage<{ jobIds: number[] }>(admin, `${OPS}/jobs`, 'POST', {
    restaurantId: Number(restaurantId),
    positionType: 'Estoquista',
    dates: [date],
    quantity: 1,
    workload: 6,
    startTime: saoPauloTime(start),
  });
  expect(jobs.status).toBe(201);
  const jobId = jobs.body.jobIds[0]!;
  const assigned = await callThroughPage<{ assignmentId: number }>(admin, `${OPS}/assignments`, 'POST', {
    jobId,
    freelancerId,
  });
  expect(assigned.status).toBe(201);
  return { name, freelancerId, jobId, assignmentId: assigned.body.assignmentId, date };
}

/** The business's agenda narrowed to one day's allocated vacancies. */
async function openAgenda(page: Page, date: string): Promise<Locator> {
  const area = page.getByTestId('remote-restaurant');
  await area.getByRole('tab', { name: 'Agenda' }).click();
  await expect(area.getByTestId('list-count')).toBeVisible();
  await area.getByLabel('Período').selectOption('date');
  await area.getByLabel('Data', { exact: true }).fill(date);
  await area.getByLabel('Status').selectOption('assigned');
  return area;
}

async function businessPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, 'Marcos Almeida');
  return page;
}

test('a late cancellation by the business shows its fee first and puts the 4-hour line on the invoice', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  const shift = await allocatedShift(page, 'Tardio');
  const [charge] = sql(`select charge_cents, start_time, end_time from jobs where id = ${shift.jobId}`);
  const [chargeCents, startTime, endTime] = charge!.split('\t');
  const fee = lateCancellationFee(
    { date: shift.date, start: startTime!, end: endTime! },
    Number(chargeCents),
  ).feeCents;

  const business = await businessPage(browser, 1280);
  for (const width of WIDTHS) {
    await business.setViewportSize({ width, height: 900 });
    const area = await openAgenda(business, shift.date);
    const cancel = area.getByRole('button', { name: new RegExp(`^Cancelar freelancer ${shift.name}`) });
    await expect(cancel).toBeVisible();
    // Ligar and WhatsApp with the phone given after acceptance.
    await expect(area.getByRole('link', { name: new RegExp(`^WhatsApp ${shift.name}`) })).toHaveAttribute(
      'href',
      'https://wa.me/5511987654321',
    );
    await expect(area.getByRole('link', { name: new RegExp(`^Ligar ${shift.name}`) })).toHaveAttribute(
      'href',
      'tel:+5511987654321',
    );
    await cancel.scrollIntoViewIfNeeded();
    await shot(business, `shift-release-agenda-${width}`);
    await cancel.click();
    const dialog = business.getByRole('dialog', { name: `Cancelar ${shift.name}` });
    await expect(dialog.getByTestId('late-cancel-warning')).toHaveText(
      MESSAGES.shiftRelease.lateCancelWarning(formatMoneyCents(fee)),
    );
    await expectNoAxeViolations(business, '[role="dialog"]');
    await shot(business, `shift-release-cancel-dialog-${width}`);
    if (width === 1280) {
      await dialog.getByRole('button', { name: MESSAGES.shiftRelease.keepFreelancer }).click();
      await expect(dialog).toHaveCount(0);
      continue;
    }
    await dialog.getByRole('radio', { name: /^Cancelar a vaga/ }).check();
    await dialog.getByLabel(/Motivo/).fill('Inventário antecipado');
    const answered = business.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(`/assignments/${shift.assignmentId}/cancel`),
    );
    await dialog.getByRole('button', { name: MESSAGES.shiftRelease.confirmCancel }).click();
    expect((await answered).status()).toBe(200);
    await expect(area.getByTestId('agenda-message')).toContainText(
      MESSAGES.shiftRelease.cancelledJobCancelled,
    );
    await expect(area.getByTestId('agenda-message')).toContainText(formatMoneyCents(fee));
    await area.getByTestId('agenda-message').scrollIntoViewIfNeeded();
    await shot(business, `shift-release-cancelled-${width}`);
  }
  expect(
    sql(`select cancelled_by, cancellation_fee_cents from assignments where id = ${shift.assignmentId}`),
  ).toEqual([`restaurant\t${fee}`]);
  expect(sql(`select count(*) from freelancer_strikes where freelancer_id = ${shift.freelancerId}`)).toEqual([
    '0',
  ]);

  // The admin bills that day for the business: the fee is a line of its own, once.
  await page.goto('/admin/dashboard?tab=faturas');
  const billing = page.getByTestId('remote-admin_billing');
  await billing.getByRole('button', { name: 'Fatura personalizada' }).click();
  const modal = page.getByRole('dialog', { name: 'Fatura personalizada' });
  await modal.getByLabel('Data de início').fill(shift.date);
  await modal.getByLabel('Data de fim').fill(shift.date);
  await modal.getByRole('checkbox', { name: new RegExp(BUSINESS) }).check();
  await modal.getByRole('button', { name: 'Gerar faturas' }).click();
  await expect(billing.getByTestId('generation-result')).toBeVisible({ timeout: 30_000 });
  const lines = sql(
    `select invoice_id, freelancer_name, amount_cents from invoice_lines where assignment_id = ${shift.assignmentId}`,
  );
  expect(lines).toHaveLength(1);
  const [invoiceId, lineName, amount] = lines[0]!.split('\t');
  expect([lineName, Number(amount)]).toEqual([MESSAGES.shiftRelease.invoiceLineName(shift.name), fee]);

  // The business reads it on its invoice.
  const detail = await callThroughPage<{
    lines: { freelancer_name: string; restaurant_payment_amount: number }[];
  }>(business, `/bff/restaurant/api/restaurant/invoices/${invoiceId}`);
  expect(detail.status).toBe(200);
  expect(detail.body.lines).toContainEqual(
    expect.objectContaining({
      freelancer_name: MESSAGES.shiftRelease.invoiceLineName(shift.name),
      restaurant_payment_amount: fee / 100,
    }),
  );
  await business.context().close();
});

test('a no-show reported from the agenda releases the shift and gives the freelancer a strike', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  const shift = await allocatedShift(page, 'Falta');
  // The shift started 15 minutes ago (6 h long).
  const start = new Date(Math.floor((Date.now() - 15 * 60_000) / 60_000) * 60_000);
  const date = saoPauloDate(start);
  sql(
    `update jobs set date_needed = '${date}', start_time = '${saoPauloTime(start)}',
       end_time = '${saoPauloTime(new Date(start.getTime() + 6 * 3_600_000))}' where id = ${shift.jobId}`,
  );

  const business = await businessPage(browser, 1280);
  for (const width of WIDTHS) {
    await business.setViewportSize({ width, height: 900 });
    const area = await openAgenda(business, date);
    const noShow = area.getByRole('button', { name: new RegExp(`^Não compareceu ${shift.name}`) });
    await expect(noShow).toBeVisible();
    await noShow.scrollIntoViewIfNeeded();
    await shot(business, `shift-release-no-show-row-${width}`);
    await noShow.click();
    const dialog = business.getByRole('dialog', { name: MESSAGES.shiftRelease.noShowTitle });
    await expect(dialog).toContainText(MESSAGES.shiftRelease.noShowConfirm(shift.name));
    await expectNoAxeViolations(business, '[role="dialog"]');
    await shot(business, `shift-release-no-show-dialog-${width}`);
    if (width === 1280) {
      await dialog.getByRole('button', { name: 'Voltar' }).click();
      await expect(dialog).toHaveCount(0);
      continue;
    }
    const answered = business.waitForResponse(
      (r) =>
        r.request().method() === 'POST' && r.url().endsWith(`/assignments/${shift.assignmentId}/no-show`),
    );
    await dialog.getByRole('button', { name: MESSAGES.shiftRelease.noShowRegister }).click();
    expect((await answered).status()).toBe(200);
    await expect(area.getByTestId('agenda-message')).toHaveText(MESSAGES.shiftRelease.noShowRecorded);
    await expect(noShow).toHaveCount(0);
  }
  expect(
    sql(
      `select a.cancelled_by, j.status from assignments a join jobs j on j.id = a.job_id where a.id = ${shift.assignmentId}`,
    ),
  ).toEqual(['no_show\topen']);
  expect(sql(`select reason from freelancer_strikes where freelancer_id = ${shift.freelancerId}`)).toEqual([
    'no_show',
  ]);
  await business.context().close();
});

test('the freelancer is warned of the strike before cancelling a shift late, and cancels one that is not', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  const [anaId] = sql(`select id from freelancers where name = 'Ana Souza'`);
  const [restaurantId] = sql(`select id from restaurants where business_name = '${BUSINESS}'`);
  // 5 days ahead at 05:15 (a time no seeded shift of Ana's has), 6 h.
  const date = saoPauloDate(new Date(Date.now() + 5 * 24 * 3_600_000));
  const jobs = await callThroughPage<{ jobIds: number[] }>(page, `${OPS}/jobs`, 'POST', {
    restaurantId: Number(restaurantId),
    positionType: 'Aux de Padaria',
    dates: [date],
    quantity: 1,
    workload: 6,
    startTime: '05:15',
  });
  expect(jobs.status).toBe(201);
  const jobId = jobs.body.jobIds[0]!;
  const assigned = await callThroughPage<{ assignmentId: number }>(page, `${OPS}/assignments`, 'POST', {
    jobId,
    freelancerId: Number(anaId),
  });
  expect(assigned.status).toBe(201);
  const moveTo = (start: Date) =>
    sql(
      `update jobs set date_needed = '${saoPauloDate(start)}', start_time = '${saoPauloTime(start)}',
         end_time = '${saoPauloTime(new Date(start.getTime() + 6 * 3_600_000))}' where id = ${jobId}`,
    );

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ana = await context.newPage();
  await signInAs(ana, 'Ana Souza');
  const area = ana.getByTestId('remote-freelancer');
  const openDialog = async (startText: string) => {
    await ana.goto('/dashboard');
    await area.getByRole('tab', { name: 'Trabalhos' }).click();
    const card = area.locator('section.t-card').filter({ hasText: startText });
    await card.getByRole('button', { name: /^Cancelar turno/ }).click();
    return ana.getByRole('dialog', { name: MESSAGES.shiftRelease.cancelShiftTitle });
  };

  // Less than 12 h ahead (moved in the database): the warning comes before any confirmation.
  const soon = new Date(Math.floor((Date.now() + 2 * 3_600_000) / 60_000) * 60_000);
  moveTo(soon);
  for (const width of WIDTHS) {
    await ana.setViewportSize({ width, height: 900 });
    const dialog = await openDialog(saoPauloTime(soon));
    await expect(dialog.getByTestId('strike-warning')).toHaveText(
      MESSAGES.shiftRelease.cancelShiftLateWarning,
    );
    await expectNoAxeViolations(ana, '[role="dialog"]');
    await shot(ana, `shift-release-freelancer-late-${width}`);
    await dialog.getByRole('button', { name: MESSAGES.shiftRelease.keepShift }).click();
    await expect(dialog).toHaveCount(0);
  }
  expect(sql(`select status from assignments where id = ${assigned.body.assignmentId}`)).toEqual([
    'assigned',
  ]);

  // Back 5 days ahead: no strike, and the cancellation goes through.
  moveTo(new Date(`${date}T08:15:00.000Z`));
  const dialog = await openDialog('05:15');
  await expect(dialog).toContainText(MESSAGES.shiftRelease.cancelShiftNoStrike);
  await shot(ana, 'shift-release-freelancer-no-strike-360');
  const answered = ana.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/cancel-shift/${assigned.body.assignmentId}`),
  );
  await dialog.getByRole('button', { name: MESSAGES.shiftRelease.cancelShiftConfirm }).click();
  expect((await answered).status()).toBe(200);
  await expect(area.getByTestId('shift-flash')).toHaveText(MESSAGES.shiftRelease.shiftCancelled);
  expect(
    sql(
      `select a.cancelled_by, j.status, (select count(*) from freelancer_strikes s where s.assignment_id = a.id)
         from assignments a join jobs j on j.id = a.job_id where a.id = ${assigned.body.assignmentId}`,
    ),
  ).toEqual(['freelancer\topen\t0']);
  await context.close();
});
