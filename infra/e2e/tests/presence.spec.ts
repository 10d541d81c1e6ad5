import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { MESSAGES, saoPauloDate, saoPauloTime } from '@turno/domain';
import { expectNoAxeViolations } from '../support/axe';
import { callThroughPage, shot } from '../support/page-tools';
import { acceptTermsIfAsked, signInAs, signInAsAdmin } from '../support/sign-in';
import {
  OPS,
  DEMO_BUSINESS as BUSINESS,
  openAdminPage,
  freeOfHeldShifts,
  demoStoreId,
} from '../support/admin-setup';
import { randomCpf, sessionCookieOf, sql } from '../support/portal-data';

/**
 * Proof of presence (issue 23), in Chromium with a granted, faked geolocation: Ana, inside the
 * store's geofence, checks in with no manager; a second freelancer, far away, is refused with the
 * distance and the radius, then checks in with the code read from the business's open "Código de
 * presença" panel; that code cannot be used again for Ana's (another) shift. Screens at 1280 and
 * 360 px, axe on each.
 */

const FREELANCER = '/bff/freelancer/api';

/** A phone context (or desktop) that has granted the geolocation permission, at `position`. */
function locatedContext(browser: Browser, position: { latitude: number; longitude: number }) {
  return browser.newContext({
    viewport: { width: 1280, height: 900 },
    permissions: ['geolocation'],
    geolocation: { ...position, accuracy: 15 },
  });
}

/** The freelancer's card of the shift starting at `time` on "Trabalhos". */
async function shiftCard(page: Page, time: string) {
  const area = page.getByTestId('remote-freelancer');
  await area.getByRole('tab', { name: 'Trabalhos' }).click();
  const card = area.locator('section.t-card').filter({ hasText: BUSINESS }).filter({ hasText: time });
  await expect(card).toBeVisible();
  return card;
}

async function bothWidths(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('check-in inside the geofence, outside refused then the store code, a code never serves two shifts', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const contexts: BrowserContext[] = [];
  try {
    // The admin: a clean slate for Ana, a second freelancer, two shifts at the demo store starting
    // in about 20 minutes (check-in opens 1 h before the start).
    const admin = await openAdminPage(browser, contexts);
    const anaId = await freeOfHeldShifts(admin, 'Ana Souza');

    const marker = Date.now().toString(36);
    const created = await callThroughPage<{ freelancerId: number }>(admin, `${OPS}/freelancers`, 'POST', {
      name: `Bia Presença ${marker}`,
      phone: '(11) 98765-4321',
      cpf: randomCpf(),
      pix_key: `${marker}@pix.example`,
      experience_years: 2,
      specialties: ['Aux de Padaria'],
      email: `${marker}-presenca@freelancer.example`,
    });
    expect(created.status).toBe(201);
    const biaId = created.body.freelancerId;
    expect((await callThroughPage(admin, `${OPS}/freelancers/${biaId}/approve`, 'POST')).status).toBe(200);
    const restaurantId = demoStoreId();
    const store = await callThroughPage<{ latitude: number; longitude: number }>(
      admin,
      `${OPS}/restaurants/${restaurantId}/location`,
    );
    expect(store.body.latitude).toEqual(expect.any(Number));

    const start = new Date(Math.ceil((Date.now() + 20 * 60_000) / 300_000) * 300_000);
    const time = saoPauloTime(start);
    const jobs = await callThroughPage<{ jobIds: number[] }>(admin, `${OPS}/jobs`, 'POST', {
      restaurantId: Number(restaurantId),
      positionType: 'Aux de Padaria',
      dates: [saoPauloDate(start)],
      quantity: 2,
      workload: 6,
      startTime: time,
    });
    expect(jobs.status).toBe(201);
    const [anaJob, biaJob] = jobs.body.jobIds;
    for (const [jobId, freelancerId] of [
      [anaJob, Number(anaId)],
      [biaJob, biaId],
    ] as const) {
      expect(
        (await callThroughPage(admin, `${OPS}/assignments`, 'POST', { jobId, freelancerId })).status,
      ).toBe(201);
    }

    // Ana, 60 m from the store: "Fazer check-in" is done at once, no manager.
    const anaContext = await locatedContext(browser, {
      latitude: store.body.latitude + 60 / 111_195,
      longitude: store.body.longitude,
    });
    contexts.push(anaContext);
    const ana = await anaContext.newPage();
    await signInAs(ana, 'Ana Souza');
    const anaCard = await shiftCard(ana, time);
    await expectNoAxeViolations(ana);
    const anaCheckIn = ana.waitForResponse(
      (r) => r.url().endsWith('/check-in') && r.request().method() === 'POST',
    );
    await anaCard.getByRole('button', { name: MESSAGES.presence.checkInButton }).click();
    const anaAnswer = await (await anaCheckIn).json();
    expect(anaAnswer).toMatchObject({ method: 'geofence', assignment_status: 'in_progress' });
    expect(anaAnswer.distance_m).toBeLessThan(80);
    await expect(ana.getByText(MESSAGES.presence.checkedInByLocation)).toBeVisible();
    await expect(anaCard).toContainText('Em trabalho');
    await bothWidths(ana, 'presence-inside');

    // The business keeps its "Código de presença" panel open.
    const businessContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(businessContext);
    const business = await businessContext.newPage();
    await signInAs(business, 'Marcos Almeida');
    const panel = business.getByTestId('remote-restaurant');
    await panel.getByRole('tab', { name: 'Código de presença' }).click();
    const codeShown = panel.getByTestId('presence-code');
    await expect(codeShown).toHaveText(/^\d{6}$/);
    await expectNoAxeViolations(business);
    await bothWidths(business, 'presence-business-panel');

    // Bia, in Rio: refused with the distance and the radius, then the code from the panel.
    const biaContext = await locatedContext(browser, { latitude: -22.9068, longitude: -43.1729 });
    contexts.push(biaContext);
    await biaContext.addCookies([
      sessionCookieOf(Number(sql(`select user_id from freelancers where id = ${biaId}`)[0])),
    ]);
    const bia = await biaContext.newPage();
    await bia.goto('/dashboard');
    // Registered by the admin, Bia accepts the terms at her first visit (issue 27).
    await acceptTermsIfAsked(bia, bia.getByTestId('remote-freelancer'));
    const biaCard = await shiftCard(bia, time);
    await biaCard.getByRole('button', { name: MESSAGES.presence.checkInButton }).click();
    const dialog = bia.getByRole('dialog', { name: MESSAGES.presence.checkInButton });
    const reason = dialog.getByTestId('presence-reason');
    await expect(reason).toContainText('km do estabelecimento');
    await expect(reason).toContainText('vale até 200 m');
    await expectNoAxeViolations(bia);
    await bothWidths(bia, 'presence-refused');

    // A code with time left to be used twice (a code is good for its 30 s and the next 30 s).
    await expect(panel.getByTestId('presence-countdown')).toHaveText(/Novo código em ([5-9]|[1-3]\d) s/, {
      timeout: 35_000,
    });
    const code = (await codeShown.textContent())!;
    await dialog.getByLabel(MESSAGES.presence.codeLabel).fill(code);
    await bothWidths(bia, 'presence-code-entry');
    const biaCheckIn = bia.waitForResponse(
      (r) => r.url().endsWith('/check-in') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: MESSAGES.presence.confirmCode }).click();
    expect(await (await biaCheckIn).json()).toMatchObject({
      method: 'code',
      assignment_status: 'in_progress',
    });
    await expect(dialog).toHaveCount(0);
    await expect(biaCard).toContainText('Em trabalho');

    // That code is Bia's shift's: Ana cannot use it for hers (her check-out).
    const [anaAssignment] = sql(
      `select id from assignments where job_id = ${anaJob} and status <> 'cancelled'`,
    );
    const replay = await callThroughPage(
      ana,
      `${FREELANCER}/freelancers/presence/${anaAssignment}/check-out`,
      'POST',
      {
        code,
      },
    );
    expect(replay).toMatchObject({ status: 409, body: { error: MESSAGES.presence.codeAlreadyUsed } });
    expect(sql(`select status, check_in_method from assignments where id = ${anaAssignment}`)).toEqual([
      'in_progress\tgeofence',
    ]);
  } finally {
    for (const context of contexts) await context.close();
  }
});

test("the admin reads and corrects a store's location in Mercados (Localização), with a reason", async ({
  page,
}) => {
  await signInAsAdmin(page);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/dashboard?tab=mercados');
    const area = page.getByTestId('remote-admin_ops');
    await area.getByLabel('Status').selectOption('approved');
    await area.getByRole('button', { name: `Editar ${BUSINESS}` }).click();
    await page
      .getByRole('dialog', { name: 'Editar Mercado' })
      .getByRole('button', { name: 'Localização' })
      .click();
    const dialog = page.getByRole('dialog', { name: `${MESSAGES.presence.locationTitle}: ${BUSINESS}` });
    await expect(dialog.getByTestId('geocode-status')).toHaveText(
      /Encontrada pelo endereço|Informada pelo admin/,
    );
    await expect(dialog.getByLabel(MESSAGES.presence.latitude)).toHaveValue(/^-23\.\d+/);
    await dialog.getByLabel(MESSAGES.presence.radius).fill(width === 1280 ? '250' : '');
    await dialog.getByLabel(MESSAGES.presence.reason).fill('Conferido no mapa com o gerente');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/location'),
    );
    await dialog.getByRole('button', { name: MESSAGES.presence.save }).click();
    expect((await saved).status()).toBe(200);
    await expect(dialog.getByTestId('location-feedback')).toHaveText(MESSAGES.presence.locationSaved);
    await expectNoAxeViolations(page, '[role="dialog"]');
    await shot(page, `presence-admin-location-${width}`);
    await dialog.getByRole('button', { name: MESSAGES.presence.close }).click();
    await expect(dialog).toHaveCount(0);
  }
});
