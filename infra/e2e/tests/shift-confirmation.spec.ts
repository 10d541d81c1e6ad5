import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { NOTIFICATION_MESSAGES, SHIFT_CONFIRMATION_MESSAGES } from '@turno/domain';
import { expectNoAxeViolations } from '../support/axe';
import { callThroughPage, shot } from '../support/page-tools';
import { randomCpf, sessionCookieOf, sql } from '../support/portal-data';
import { acceptTermsIfAsked } from '../support/sign-in';

/**
 * Shift confirmations (issue 26), with the spec's own store and freelancer: the business accepts
 * her for a shift starting in about 20 hours, so the confirmation request is due at once; the
 * workers schedule it at the acceptance and her bell counts "Confirma presença … às HH:MM?" without
 * a reload; its link opens Trabalhos on that shift, whose one-tap "Confirmar presença" records it;
 * the business's agenda then says "Confirmado". Axe, 44 px targets, 1280 and 360 px screenshots of
 * the confirm button and of the business's view.
 */

const PHONE = { width: 360, height: 740 };
const marker = `${Date.now()}`;
const storeName = `Mercado Confirmação ${marker}`;
const freelancerName = `Clara Confirma ${marker}`;
let store = { id: 0, userId: 0 };
let freelancer = { id: 0, userId: 0 };
let shift = { jobId: 0, applicationId: 0, date: '', start: '' };

/** São Paulo's wall clock of `instant`: its day (AAAA-MM-DD) and its time (HH:MM). */
function saoPaulo(instant: Date): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

test.beforeAll(() => {
  const [storeRow] = sql(
    `with u as (insert into users (email, name, user_type) values ('loja-${marker}@confirma.example', 'Dona ${marker}', 'restaurant') returning id)
     insert into restaurants (user_id, name, business_name, address, is_approved, is_active)
     select id, 'Dona ${marker}', '${storeName}', 'Rua da Confirmação, 20, Bela Vista, São Paulo - SP', true, true from u
     returning id, user_id`,
  );
  const [storeId, storeUserId] = storeRow!.split('\t').map(Number) as [number, number];
  store = { id: storeId, userId: storeUserId };
  const [freelancerRow] = sql(
    `with u as (insert into users (email, name, user_type) values ('clara${marker}@confirma.example', '${freelancerName}', 'freelancer') returning id)
     insert into freelancers (user_id, name, phone, cpf, pix_key, specialties, is_approved, is_available, profile_photo_url, vetting_status, approved_at)
     select id, '${freelancerName}', '11987654321', '${randomCpf().replace(/\D/g, '')}', '${marker}@pix.example', '["Repositor"]', true, true,
            '/static/avatars/ana.svg', 'approved', now() from u
     returning id, user_id`,
  );
  const [freelancerId, freelancerUserId] = freelancerRow!.split('\t').map(Number) as [number, number];
  freelancer = { id: freelancerId, userId: freelancerUserId };
  // A 4 h shift starting in about 20 hours (a whole minute), and Clara's pending application to it.
  const start = saoPaulo(new Date(Math.ceil((Date.now() + 20 * 3_600_000) / 60_000) * 60_000));
  const end = saoPaulo(new Date(Date.parse(`${start.date}T${start.time}:00-03:00`) + 4 * 3_600_000)).time;
  const [jobId] = sql(
    `insert into jobs (restaurant_id, title, position_type, description, date_needed, start_time, end_time, workload_minutes, charge_cents, status)
     values (${store.id}, 'Repositor', 'Repositor', 'Reposição ${marker}', '${start.date}', '${start.time}', '${end}', 240, 10000, 'open')
     returning id`,
  );
  const [applicationId] = sql(
    `insert into applications (job_id, freelancer_id, status, applied_at, expires_at)
     values (${jobId}, ${freelancer.id}, 'pending', now(), now() + interval '12 hours') returning id`,
  );
  shift = { jobId: Number(jobId), applicationId: Number(applicationId), date: start.date, start: start.time };
});

test.afterAll(() => {
  // Nobody else's lists keep this spec's store and shift.
  sql(
    `update assignments set status = 'cancelled', cancelled_by = 'admin', cancelled_at = now() where job_id = ${shift.jobId} and status <> 'cancelled'`,
  );
  sql(`update jobs set status = 'cancelled' where id = ${shift.jobId}`);
  sql(`update restaurants set is_active = false where id = ${store.id}`);
});

async function signedIn(browser: Browser, userId: number, path: string, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([sessionCookieOf(userId)]);
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

const bellOf = (page: Page) =>
  page.getByTestId('notification-bell').getByRole('button', { name: /^Notificações/ });

async function expectTargets(targets: Locator[]): Promise<void> {
  for (const target of targets) expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
}

async function expectFits(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The business's agenda narrowed to the shift's day and its allocated vacancies. */
async function openAgenda(page: Page): Promise<Locator> {
  const area = page.getByTestId('remote-restaurant');
  await acceptTermsIfAsked(page, area);
  await area.getByRole('tab', { name: 'Agenda' }).click();
  await expect(area.getByTestId('list-count')).toBeVisible();
  await area.getByLabel('Período').selectOption('date');
  await area.getByLabel('Data', { exact: true }).fill(shift.date);
  await area.getByLabel('Status').selectOption('assigned');
  return area;
}

test('accepted ~20 h ahead: the freelancer is asked at once, confirms with one tap, the business sees "Confirmado"', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const contexts: BrowserContext[] = [];
  try {
    const clara = await signedIn(browser, freelancer.userId, '/dashboard/vagas');
    contexts.push(clara.context);
    const claraArea = clara.page.getByTestId('remote-freelancer');
    await acceptTermsIfAsked(clara.page, claraArea);
    await expect(bellOf(clara.page)).toHaveAttribute('aria-label', /^Notificações, /);

    const business = await signedIn(browser, store.userId, '/dashboard');
    contexts.push(business.context);
    await acceptTermsIfAsked(business.page, business.page.getByTestId('remote-restaurant'));
    const accepted = await callThroughPage(
      business.page,
      `/bff/restaurant/api/restaurant/applications/${shift.applicationId}/accept`,
      'POST',
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const assignmentId = (accepted.body as { assignmentId: number }).assignmentId;

    // The request is due at once (the start is less than 24 h away): the bell counts it, no reload.
    const question = new RegExp(`^Confirma presença (hoje|amanhã) às ${shift.start}\\?`);
    // Two unread: the application accepted and the confirmation request.
    await expect(bellOf(clara.page)).toHaveAttribute('aria-label', NOTIFICATION_MESSAGES.bellLabel(2), {
      timeout: 60_000,
    });
    await bellOf(clara.page).click();
    const panel = clara.page.getByRole('region', { name: NOTIFICATION_MESSAGES.panelTitle });
    const item = panel.getByTestId('notification-item').filter({ hasText: question });
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute('href', `/dashboard/trabalhos?turno=${assignmentId}`);

    // Its link opens the shift in Trabalhos with the one-tap confirmation.
    await item.click();
    await clara.page.waitForURL((url) => url.pathname === '/dashboard/trabalhos');
    const confirmArea = claraArea.getByTestId('confirm-presence');
    await expect(confirmArea).toContainText(question);
    const confirm = confirmArea.getByRole('button', { name: /^Confirmar presença/ });
    await expect(confirm).toBeFocused();
    await expectNoAxeViolations(clara.page);
    await expectTargets([confirm]);
    await shot(clara.page, 'shift-confirmation-confirm-1280');
    await clara.page.setViewportSize(PHONE);
    await confirm.scrollIntoViewIfNeeded();
    await expectFits(clara.page, PHONE.width);
    await expectTargets([confirm]);
    await shot(clara.page, 'shift-confirmation-confirm-360');
    await confirm.click();
    await expect(claraArea.getByTestId('shift-flash')).toHaveText(
      SHIFT_CONFIRMATION_MESSAGES.confirmedMessage,
    );
    await expect(claraArea.getByText(SHIFT_CONFIRMATION_MESSAGES.confirmed, { exact: true })).toBeVisible();
    expect(sql(`select confirmed_at is not null from assignments where id = ${assignmentId}`)).toEqual(['t']);

    // The business's agenda says "Confirmado" on the shift.
    const agenda = await openAgenda(business.page);
    const row = agenda.getByTestId('shift-confirmation');
    await expect(row).toHaveText(SHIFT_CONFIRMATION_MESSAGES.agendaConfirmed);
    await expectNoAxeViolations(business.page);
    await shot(business.page, 'shift-confirmation-agenda-1280');
    await business.page.setViewportSize(PHONE);
    await row.scrollIntoViewIfNeeded();
    await expectFits(business.page, PHONE.width);
    await expectNoAxeViolations(business.page);
    await shot(business.page, 'shift-confirmation-agenda-360');
  } finally {
    for (const context of contexts) await context.close();
  }
});
