import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { MESSAGES, formatHoursMinutes, formatMoney, saoPauloDate, saoPauloTime } from '@turno/domain';
import { expectNoAxeViolations } from '../support/axe';
import { callThroughPage, shot } from '../support/page-tools';
import { signInAs } from '../support/sign-in';
import { OPS, openAdminPage, freeOfHeldShifts, demoStoreId } from '../support/admin-setup';
import { sql } from '../support/portal-data';
import { WITH_NOTIFICATIONS } from '../support/browser';

/**
 * The hole a new user found (issue 23): on an 8h20 shift the freelancer checked in before the start
 * and asked for check-out a minute later; the business approved with one tap and paid the whole
 * shift. Now the request shows up live as a count on the Agenda tab and the Dashboard (and a
 * notification once "Ativar avisos" was pressed), the row comes first, "Aprovar check-in" confirms
 * with the time, and "Aprovar check-out" opens a dialog with the times, the worked duration and the
 * early-departure warning: approved by worked time, the shift pays nothing, not R$ 120. Screens at
 * 1280 and 360 px, axe on the dialog.
 */

// System notifications (granted): the full Chromium, not the headless shell (support/browser.ts).
test.use({ launchOptions: WITH_NOTIFICATIONS });

const FREELANCER = '/bff/freelancer/api/freelancers';

async function bothWidths(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Every control of `area` is at least 44 px high and inside the viewport's width. */
async function expectReachable(page: Page, area: Locator) {
  const width = page.viewportSize()!.width;
  for (const button of await area.getByRole('button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.height, await button.innerText()).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width, await button.innerText()).toBeLessThanOrEqual(width + 1);
  }
}

test('an early check-out is shown, confirmed and paid by worked time; pending requests are counted live', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const contexts: BrowserContext[] = [];
  try {
    // The admin: a clean slate for Ana and an 8h20 shift at the demo store starting in 20–25 min
    // (check-in requests open 1 h before the start), assigned to her.
    const admin = await openAdminPage(browser, contexts);
    const anaId = await freeOfHeldShifts(admin, 'Ana Souza');
    const restaurantId = demoStoreId();
    const start = new Date(Math.ceil((Date.now() + 20 * 60_000) / 300_000) * 300_000);
    const time = saoPauloTime(start);
    const jobs = await callThroughPage<{ jobIds: number[] }>(admin, `${OPS}/jobs`, 'POST', {
      restaurantId: Number(restaurantId),
      positionType: 'Estoquista',
      dates: [saoPauloDate(start)],
      quantity: 1,
      workload: 8.33,
      startTime: time,
    });
    expect(jobs.status).toBe(201);
    const jobId = jobs.body.jobIds[0]!;
    // The full charge of the shift (its price depends on the hour it starts).
    const chargeCents = Number(sql(`select charge_cents from jobs where id = ${jobId}`)[0]);
    const assigned = await callThroughPage<{ assignmentId: number }>(admin, `${OPS}/assignments`, 'POST', {
      jobId,
      freelancerId: Number(anaId),
    });
    expect(assigned.status).toBe(201);
    const assignmentId = assigned.body.assignmentId;

    // The business, with notifications allowed by the browser: nothing asks on load.
    const businessContext = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ['notifications'],
    });
    contexts.push(businessContext);
    await businessContext.addInitScript(() => {
      const notes: string[] = [];
      (window as unknown as { __notes: string[] }).__notes = notes;
      const Real = window.Notification;
      class Recorded extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          notes.push(`${title}: ${options?.body ?? ''}`);
        }
      }
      window.Notification = Recorded as typeof Notification;
    });
    const business = await businessContext.newPage();
    await signInAs(business, 'Marcos Almeida');
    const panel = business.getByTestId('remote-restaurant');
    const agendaTab = panel.getByRole('tab', { name: /^Agenda/ });
    await expect(agendaTab).toBeVisible();

    // Ana asks for check-in: the Dashboard counts it, live; "Ativar avisos" asks the browser then.
    // (Requests of other shifts of the demo store may be waiting already: counted from there.)
    const before = (
      await callThroughPage<{ count: number }>(
        business,
        '/bff/restaurant/api/restaurant/assignments/pending-requests',
      )
    ).body.count;
    const badge = agendaTab.getByTestId('pending-requests-badge');
    const anaContext = await browser.newContext();
    contexts.push(anaContext);
    const ana = await anaContext.newPage();
    await signInAs(ana, 'Ana Souza');
    expect((await callThroughPage(ana, `${FREELANCER}/checkin/${assignmentId}`, 'POST')).status).toBe(200);
    const notice = panel.getByTestId('pending-requests');
    await expect(notice).toContainText(MESSAGES.requestAlerts.pendingDashboard(before + 1));
    await expect(badge).toContainText(String(before + 1));
    await notice.getByRole('button', { name: MESSAGES.requestAlerts.enableAlerts }).click();
    await expect(notice).toContainText(MESSAGES.requestAlerts.alertsOn);
    await expectNoAxeViolations(business);
    await bothWidths(business, 'check-out-dashboard-pending');

    // The agenda: her row first, "Aprovar check-in" confirmed with the time.
    await notice.getByRole('button', { name: MESSAGES.requestAlerts.openAgenda }).click();
    await expect(agendaTab).toHaveAttribute('aria-selected', 'true');
    const rows = panel.locator('tr:has(td), li').filter({ hasText: 'Estoquista' });
    const row = rows.filter({ hasText: `${time} às` }).filter({ hasText: 'Ana Souza' });
    await expect(row).toHaveCount(1);
    // The rows waiting for a decision come first.
    await expect(panel.locator('tbody tr').first()).toContainText(/Aguardando Aprovação/);
    await bothWidths(business, 'check-out-agenda-pending');
    await row.getByRole('button', { name: 'Aprovar check-in' }).click();
    const checkIn = business.getByRole('dialog', { name: MESSAGES.checkOut.checkInTitle });
    await expect(checkIn).toContainText(MESSAGES.checkOut.checkInRequestedLabel);
    await expectNoAxeViolations(business, '[role="dialog"]');
    await bothWidths(business, 'check-in-dialog');
    await checkIn.getByRole('button', { name: MESSAGES.checkOut.approveCheckIn }).click();
    await expect(panel.getByTestId('agenda-message')).toHaveText(MESSAGES.shifts.checkInApproved);
    if (before === 0) await expect(badge).toHaveCount(0);
    else await expect(badge).toContainText(String(before));

    // A minute later (here: at once) she asks for check-out: a notification, the count again.
    expect((await callThroughPage(ana, `${FREELANCER}/checkout/${assignmentId}`, 'POST')).status).toBe(200);
    await expect(badge).toContainText(String(before + 1));
    await expect
      .poll(() => business.evaluate(() => (window as unknown as { __notes: string[] }).__notes))
      .toContain(
        `${MESSAGES.requestAlerts.newRequestTitle}: ${MESSAGES.requestAlerts.pendingDashboard(before + 1)}`,
      );
    const checkInAt = sql(
      `select to_char(check_in_at at time zone 'America/Sao_Paulo', 'HH24:MI') from assignments where id = ${assignmentId}`,
    )[0]!;

    // "Aprovar check-out": the times, the worked duration, the early departure and both amounts.
    await row.getByRole('button', { name: 'Aprovar check-out' }).click();
    const dialog = business.getByRole('dialog', { name: MESSAGES.checkOut.approveTitle });
    const facts = dialog.getByTestId('check-out-facts');
    await expect(facts).toContainText(`${MESSAGES.checkOut.checkInLabel}${checkInAt}`);
    await expect(facts).toContainText(MESSAGES.checkOut.requestedCheckOutLabel);
    await expect(facts).toContainText(`${time} às`);
    await expect(facts).toContainText(`${formatHoursMinutes(0)} de ${formatHoursMinutes(500)}`);
    const warning = dialog.getByTestId('early-departure');
    await expect(warning).toContainText(MESSAGES.checkOut.earlyDeparture(0, 500));
    await expect(warning).toContainText(MESSAGES.checkOut.byWorkedAmount(0));
    await expect(warning).toContainText(MESSAGES.checkOut.fullAmount(chargeCents / 100));
    await expect(dialog.getByRole('button', { name: MESSAGES.checkOut.payFull })).toBeVisible();
    await expectNoAxeViolations(business, '[role="dialog"]');
    await bothWidths(business, 'check-out-dialog');
    await business.setViewportSize({ width: 360, height: 780 });
    await expectReachable(business, dialog);
    await business.setViewportSize({ width: 1280, height: 900 });

    const approved = business.waitForResponse((r) => r.url().endsWith(`/${assignmentId}/approve-checkout`));
    await dialog.getByRole('button', { name: MESSAGES.checkOut.approveWorked }).click();
    const answer = await (await approved).json();
    expect(answer).toMatchObject({
      payBasis: 'worked',
      paidMinutes: 0,
      scheduledMinutes: 500,
      earlyDeparture: true,
      freelancerPaymentAmount: 0,
      restaurantPaymentAmount: 0,
    });
    await expect(dialog).toHaveCount(0);
    await expect(panel.getByTestId('agenda-message')).toHaveText(
      MESSAGES.shifts.completedForRestaurant('Ana Souza'),
    );
    expect(
      sql(
        `select pay_basis, paid_minutes, freelancer_payout_cents, restaurant_charge_cents, check_out_method from assignments where id = ${assignmentId}`,
      ),
    ).toEqual(['worked\t0\t0\t0\tmanager']);

    // Ana, on her panel, is told live what was paid and why.
    const flash = ana.getByTestId('completion-flash');
    await expect(flash).toContainText(MESSAGES.checkOutNotice.paidAmount(0));
    await expect(flash).toContainText(MESSAGES.checkOutNotice.earlyDeparturePaid(0));
    await expectNoAxeViolations(ana);
    await bothWidths(ana, 'check-out-freelancer-notice');

    // Her finances show what was paid, not the scheduled R$ 120,00.
    const completed = await callThroughPage<{ items: { id: number; freelancer_payment_amount: number }[] }>(
      ana,
      `${FREELANCER}/jobs?scope=completed&limit=20`,
    );
    expect(completed.body.items.find((shift) => shift.id === assignmentId)).toMatchObject({
      freelancer_payment_amount: 0,
    });
    expect(formatMoney(0)).toBe('R$ 0,00');
  } finally {
    for (const context of contexts) await context.close();
  }
});
