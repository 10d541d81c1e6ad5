import { expect, test, type Page } from '@playwright/test';
import { NOTIFICATION_MESSAGES, renderNotification, saoPauloDate } from '@turno/domain';
import { expectNoAxeViolations } from '../support/axe';
import { demoStoreId, DEMO_BUSINESS, OPS, openAdminPage } from '../support/admin-setup';
import { callThroughPage, shot } from '../support/page-tools';
import { randomCpf, sql } from '../support/portal-data';
import { adminCredentials } from '../support/sign-in';

/**
 * The admins' bell (issue 26): with the admin's panel open, a payout to a freelancer whose Pix key
 * changed just now is held (the real path: the admin checks the shift out, the workers' fan-out
 * tells every admin); the bell's count rises without a reload, the panel says "Repasse retido",
 * its link opens "Repasses" and the count drops. A dispute written for this admin (the fan-out of
 * disputes is tested in core) arrives live too: "Marcar todas como lidas" clears the count and its
 * link opens "Disputas". Axe, 44 px targets, no overflow and the tab bar within the page at 1280 and
 * 360 px with the panel open (shots).
 */

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

const bellOf = (page: Page) =>
  page.getByTestId('notification-bell').getByRole('button', { name: /^Notificações/ });
const panelOf = (page: Page) => page.getByRole('region', { name: NOTIFICATION_MESSAGES.panelTitle });

/** The panel open at `size`: nothing wider than the page, the tab bar inside it, targets ≥ 44 px, axe clean. */
async function checkOpenPanel(page: Page, size: { width: number; height: number }, name: string) {
  await page.setViewportSize(size);
  if ((await bellOf(page).getAttribute('aria-expanded')) !== 'true') await bellOf(page).click();
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width);
  const bellBox = (await bellOf(page).boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(bellBox.y + bellBox.height); // under the bell, never over it
  const tabs = page.getByRole('tablist', { name: 'Seções da administração' });
  const tabsBox = (await tabs.boundingBox())!;
  expect(tabsBox.x).toBeGreaterThanOrEqual(0);
  expect(tabsBox.x + tabsBox.width).toBeLessThanOrEqual(size.width);
  // A wide page scrolls the bar within itself; a narrow one wraps it, every tab inside the page.
  if ((await tabs.evaluate((list) => getComputedStyle(list).overflowX)) === 'visible') {
    for (const tab of await tabs.getByRole('tab').all()) {
      const tabBox = (await tab.boundingBox())!;
      expect(tabBox.x + tabBox.width, await tab.innerText()).toBeLessThanOrEqual(size.width);
    }
  }
  // The bell and every item and button of the panel at each width; on a phone also every control a
  // finger taps in the header and the tab bar (as touch-targets.spec counts them: buttons, tabs,
  // links drawn as buttons; a wide page keeps its compact "Sair").
  const tapped = 'button, [role="button"], [role="tab"], a.t-btn';
  const phone = size.width < 720;
  for (const control of [
    bellOf(page),
    ...(await panel.locator('a, button').all()),
    ...(phone ? await page.locator('header').first().locator(tapped).all() : []),
    ...(phone ? await tabs.locator(tapped).all() : []),
  ]) {
    if (!(await control.isVisible())) continue;
    const target = (await control.boundingBox())!;
    const label = (await control.getAttribute('aria-label')) ?? (await control.innerText());
    expect(target.height, label).toBeGreaterThanOrEqual(44);
    expect(target.x + target.width, label).toBeLessThanOrEqual(size.width);
  }
  await expectNoAxeViolations(page);
  await shot(page, `${name}-${size.width}`);
}

test("the admin's bell: a held payout and a dispute arrive live, their links open Repasses and Disputas", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
  try {
    const admin = await openAdminPage(browser, contexts, { viewport: DESKTOP });
    const [adminId] = sql(`select id from admins where email = '${adminCredentials().email}'`);
    // Whatever earlier specs left this admin is read: the count starts at 0.
    expect((await callThroughPage(admin, '/api/admin/notifications/read-all', 'POST', {})).status).toBe(200);
    await admin.goto('/admin/dashboard?tab=faturas');
    await expect(bellOf(admin)).toHaveAttribute('aria-label', NOTIFICATION_MESSAGES.bellLabel(0));
    await expect(admin.getByTestId('notification-count')).toHaveCount(0);

    // A freelancer of this run, whose Pix key changed just now, works a shift the admin checks out.
    const marker = Date.now().toString(36);
    const name = `Freelancer Sino ${marker}`;
    const created = await callThroughPage<{ freelancerId: number }>(admin, `${OPS}/freelancers`, 'POST', {
      name,
      cpf: randomCpf(),
      pix_key: `${marker}@pix.example`,
      experience_years: 2,
      specialties: ['Estoquista'],
      email: `${marker}@sino.example`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const freelancerId = created.body.freelancerId;
    expect((await callThroughPage(admin, `${OPS}/freelancers/${freelancerId}/approve`, 'POST')).status).toBe(
      200,
    );
    sql(`update freelancers set pix_key_changed_at = now() where id = ${freelancerId}`);
    const tomorrow = saoPauloDate(new Date(Date.now() + 86_400_000));
    const jobs = await callThroughPage<{ jobIds: number[] }>(admin, `${OPS}/jobs`, 'POST', {
      restaurantId: demoStoreId(),
      positionType: 'Estoquista',
      dates: [tomorrow],
      quantity: 1,
      workload: 6,
      startTime: '05:00',
      description: `Turno do sino ${marker}`,
    });
    expect(jobs.status, JSON.stringify(jobs.body)).toBe(201);
    const assigned = await callThroughPage<{ assignmentId: number }>(admin, `${OPS}/assignments`, 'POST', {
      jobId: jobs.body.jobIds[0],
      freelancerId,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
    const assignment = `${OPS}/assignments/${assigned.body.assignmentId}`;
    const reason = { reason: `Teste do sino ${marker}`, pay: 'full' };
    expect((await callThroughPage(admin, `${assignment}/checkin`, 'POST', reason)).status).toBe(200);
    expect((await callThroughPage(admin, `${assignment}/checkout`, 'POST', reason)).status).toBe(200);
    expect(sql(`select status from payouts where assignment_id = ${assigned.body.assignmentId}`)).toEqual([
      'held',
    ]);

    // No reload: the admin-ops stream says notification_created and the bell reads again.
    await expect(bellOf(admin)).toHaveAttribute('aria-label', NOTIFICATION_MESSAGES.bellLabel(1), {
      timeout: 60_000,
    });
    await expect(admin.getByTestId('notification-count')).toHaveText('1');
    await bellOf(admin).click();
    const held = panelOf(admin).getByTestId('notification-item').filter({ hasText: name });
    await expect(held).toHaveCount(1);
    await expect(held).toContainText('Repasse retido');
    await expect(held).toContainText(DEMO_BUSINESS);
    const facts = {
      position: 'Estoquista',
      businessName: DEMO_BUSINESS,
      date: tomorrow,
      start: '05:00',
      freelancerName: name,
    };
    const payoutsLink = renderNotification('payout_held', facts).link;
    await expect(held).toHaveAttribute('href', payoutsLink);
    // No web push for admins: the bell only.
    await expect(panelOf(admin).getByTestId('browser-push')).toHaveCount(0);
    await expect(panelOf(admin)).not.toContainText('navegador');
    for (const size of [DESKTOP, PHONE]) await checkOpenPanel(admin, size, 'admin-notifications-panel');
    await admin.setViewportSize(DESKTOP);

    // Its link opens "Repasses" (without a reload) and marks it read.
    await held.click();
    await admin.waitForURL((url) => url.pathname === '/admin/dashboard' && url.search === '?tab=repasses');
    await expect(admin.getByRole('tab', { name: 'Repasses' })).toHaveAttribute('aria-selected', 'true');
    await expect(
      admin.getByTestId('remote-admin_billing').getByRole('heading', { name: 'Repasses' }),
    ).toBeVisible();
    await expect(bellOf(admin)).toHaveAttribute('aria-label', NOTIFICATION_MESSAGES.bellLabel(0));
    await expect(admin.getByTestId('notification-count')).toHaveCount(0);
    expect(
      sql(
        `select count(*) from notifications where admin_id = ${adminId} and kind = 'payout_held' and read_at is not null
            and subject_id = (select id from payouts where assignment_id = ${assigned.body.assignmentId})`,
      ),
    ).toEqual(['1']);

    // A dispute for this admin, with its live event (as the fan-out writes them), arrives live too.
    const dispute = renderNotification('timesheet_disputed', facts);
    sql(
      `with made as (
         insert into notifications (admin_id, kind, subject_type, subject_id, title, body, link)
         values (${adminId}, 'timesheet_disputed', 'timesheet', ${2_000_000_000 - (Date.now() % 1_000_000)},
                 '${dispute.title}', '${dispute.body.replace(/'/g, "''")}', '${dispute.link}')
         returning id
       )
       insert into domain_events (type, payload)
       select 'notification_created', jsonb_build_object('notificationId', id, 'audience', 'admins') from made`,
    );
    await expect(bellOf(admin)).toHaveAttribute('aria-label', NOTIFICATION_MESSAGES.bellLabel(1), {
      timeout: 60_000,
    });
    await bellOf(admin).click();
    const markAll = panelOf(admin).getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead });
    await markAll.click();
    await expect(bellOf(admin)).toHaveAttribute('aria-label', NOTIFICATION_MESSAGES.bellLabel(0));
    await expect(admin.getByTestId('notification-count')).toHaveCount(0);
    await expect
      .poll(() => sql(`select count(*) from notifications where admin_id = ${adminId} and read_at is null`))
      .toEqual(['0']);
    const disputed = panelOf(admin)
      .getByTestId('notification-item')
      .filter({ hasText: 'Disputa de horários aberta' })
      .filter({ hasText: name });
    await expect(disputed).toHaveAttribute('href', dispute.link);
    await disputed.click();
    await admin.waitForURL((url) => url.pathname === '/admin/dashboard' && url.search === '?tab=disputas');
    await expect(admin.getByRole('tab', { name: 'Disputas' })).toHaveAttribute('aria-selected', 'true');
    await expect(admin.getByTestId('remote-admin_ops')).toBeVisible();
  } finally {
    for (const context of contexts) await context.close();
  }
});
