import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { INVITATION_MESSAGES, NOTIFICATION_MESSAGES } from '@turno/domain';
import { expectNoAxeViolations } from '../support/axe';
import { callThroughPage, shot } from '../support/page-tools';
import { randomCpf, sessionCookieOf, sql } from '../support/portal-data';
import { acceptTermsIfAsked } from '../support/sign-in';

/**
 * "Ask again the people who came" (issue 26), with the spec's own store and freelancers: the
 * business repeats a past vacancy from its Agenda with "Chamar de novo" (the form filled in, the
 * freelancer who worked it ticked), chooses a day and a 24 h window; the invitee's bell counts the
 * invitation without a reload and "Vagas" shows the vacancy first with its "Convite" badge; another
 * freelancer neither sees it nor can apply before the window ends. Axe, 44 px targets and
 * screenshots at 1280 and 360 px of the form and of the invitee's card.
 */

const PHONE = { width: 360, height: 740 };
const marker = `${Date.now()}`;
const storeName = `Mercado Convite ${marker}`;
const inviteeName = `Iara Convidada ${marker}`;
const outsiderName = `Otávio Outro ${marker}`;
let storeId = 0;
let storeUserId = 0;
let invitee = { id: 0, userId: 0 };
let outsider = { id: 0, userId: 0 };

function insertFreelancer(name: string, specialty: string): { id: number; userId: number } {
  const [row] = sql(
    `with u as (insert into users (email, name, user_type) values ('${name.replace(/\W/g, '')}@convite.example', '${name}', 'freelancer') returning id)
     insert into freelancers (user_id, name, phone, cpf, pix_key, specialties, is_approved, is_available, profile_photo_url, vetting_status, approved_at)
     select id, '${name}', '11987654321', '${randomCpf().replace(/\D/g, '')}', '${marker}@pix.example', '["${specialty}"]', true, true,
            '/static/avatars/ana.svg', 'approved', now() from u
     returning id, user_id`,
  );
  const [id, userId] = row!.split('\t').map(Number) as [number, number];
  return { id, userId };
}

test.beforeAll(() => {
  const [row] = sql(
    `with u as (insert into users (email, name, user_type) values ('loja-${marker}@convite.example', 'Dono ${marker}', 'restaurant') returning id)
     insert into restaurants (user_id, name, business_name, address, is_approved, is_active)
     select id, 'Dono ${marker}', '${storeName}', 'Rua do Convite, 10, Bela Vista, São Paulo - SP', true, true from u
     returning id, user_id`,
  );
  [storeId, storeUserId] = row!.split('\t').map(Number) as [number, number];
  invitee = insertFreelancer(inviteeName, 'Aux de Padaria');
  outsider = insertFreelancer(outsiderName, 'Estoquista');
  // The vacancy Iara worked three days ago at this store: the one to repeat.
  sql(
    `with worked as (
       insert into jobs (restaurant_id, title, position_type, description, date_needed, start_time, end_time, workload_minutes, charge_cents, status)
       values (${storeId}, 'Estoquista', 'Estoquista', 'Reposição da noite ${marker}', current_date - 3, '16:00', '22:00', 360, 14900, 'completed')
       returning id)
     insert into assignments (job_id, freelancer_id, status, restaurant_charge_cents, freelancer_payout_cents, commission_cents, completed_at)
     select id, ${invitee.id}, 'completed', 14900, 12000, 2900, now() - interval '3 days' from worked`,
  );
});

test.afterAll(() => {
  // Nobody else's "Vagas" keeps this spec's vacancies.
  sql(`update restaurants set is_active = false where id = ${storeId}`);
  sql(`delete from jobs where restaurant_id = ${storeId} and status = 'open'`);
});

async function signedIn(
  browser: Browser,
  userId: number,
  path: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([sessionCookieOf(userId)]);
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

const bellOf = (page: Page) =>
  page.getByTestId('notification-bell').getByRole('button', { name: /^Notificações/ });

async function unreadOf(page: Page): Promise<number> {
  const name = (await bellOf(page).getAttribute('aria-label')) ?? '';
  if (/nenhuma/.test(name)) return 0;
  const match = /(\d+) não lidas?/.exec(name);
  if (!match) throw new Error(`no count in "${name}"`);
  return Number(match[1]);
}

async function expectTargetsOf(page: Page, scope: ReturnType<Page['locator']>): Promise<void> {
  for (const target of await scope
    .locator('button:visible, input[type="checkbox"]:visible, select:visible')
    .all()) {
    const box = await target.evaluateHandle((element) =>
      (element.closest('label') ?? element).getBoundingClientRect().toJSON(),
    );
    const { height } = (await box.jsonValue()) as { height: number };
    expect(
      height,
      await target.evaluate((element) => element.outerHTML.slice(0, 120)),
    ).toBeGreaterThanOrEqual(44);
  }
}

test('a business calls again who worked for it: the form filled in, the invitee told and first, others wait', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const contexts: BrowserContext[] = [];
  try {
    // The invitee has "Vagas" open before the invitation: her bell and list change without a reload.
    const iara = await signedIn(browser, invitee.userId, '/dashboard/vagas');
    contexts.push(iara.context);
    const iaraArea = iara.page.getByTestId('remote-freelancer');
    await acceptTermsIfAsked(iara.page, iaraArea);
    await expect(bellOf(iara.page)).toHaveAttribute('aria-label', /^Notificações, /);
    const before = await unreadOf(iara.page);

    // The business: Agenda, the last 30 days, "Chamar de novo" on Iara's shift.
    const store = await signedIn(browser, storeUserId, '/dashboard/agenda');
    contexts.push(store.context);
    const panel = store.page.getByTestId('remote-restaurant');
    await acceptTermsIfAsked(store.page, panel);
    await panel.getByLabel('Período').selectOption('last30');
    await panel.getByRole('button', { name: INVITATION_MESSAGES.callAgainLabel(inviteeName) }).click();

    const form = panel.getByRole('form', { name: 'Criar vaga' });
    await expect(form.getByTestId('repeated-notice')).toHaveText(INVITATION_MESSAGES.repeatedNotice);
    await expect(form.getByLabel('Tipo de vaga')).toHaveValue('Estoquista');
    await expect(form.getByLabel('Início')).toHaveValue('16:00');
    await expect(form.getByLabel('Carga horária')).toHaveValue('6');
    await expect(form.getByLabel(/^Descrição/)).toHaveValue(`Reposição da noite ${marker}`);
    const invitees = form.getByTestId('invitees');
    await expect(invitees.getByRole('checkbox', { name: new RegExp(inviteeName) })).toBeChecked();
    // No day is proposed: the business picks one (never a past day: the chips start today).
    await expect(form.locator('.r-chip[aria-pressed="true"]')).toHaveCount(0);
    await form.getByRole('button', { name: /^Amanhã/ }).click();
    await invitees.getByLabel(INVITATION_MESSAGES.windowLabel).selectOption('24');

    await expectNoAxeViolations(store.page);
    await expectTargetsOf(store.page, form);
    await invitees.scrollIntoViewIfNeeded();
    await shot(store.page, 'invite-again-form-1280');
    await store.page.setViewportSize(PHONE);
    // The page laid out at the phone's width (on a loaded machine the renderer may not have yet).
    await store.page.waitForFunction((width) => window.innerWidth === width, PHONE.width);
    expect(await store.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectTargetsOf(store.page, form);
    await invitees.scrollIntoViewIfNeeded();
    await shot(store.page, 'invite-again-form-360');
    await store.page.setViewportSize({ width: 1280, height: 900 });

    await form.getByRole('button', { name: 'Criar vaga' }).click();
    await expect(panel.getByTestId('dashboard-message')).toContainText(INVITATION_MESSAGES.invitedCount(1));
    const [jobId] = sql(`select id from jobs where restaurant_id = ${storeId} and status = 'open'`).map(
      Number,
    );

    // Iara: the bell counts it, and "Vagas" shows it first with the badge, without a reload.
    await expect(bellOf(iara.page)).toHaveAttribute(
      'aria-label',
      NOTIFICATION_MESSAGES.bellLabel(before + 1),
    );
    const firstCard = iaraArea
      .locator('section.t-card')
      .filter({ has: iara.page.getByRole('heading', { level: 3 }) })
      .first();
    await expect(firstCard.getByTestId('invitation-badge')).toHaveText(INVITATION_MESSAGES.badge, {
      timeout: 30_000,
    });
    await expect(firstCard.getByRole('heading', { level: 3 })).toHaveText('Estoquista');
    await expect(firstCard.getByTestId('invitation-until')).toContainText('Só convidados até');
    await firstCard.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(iara.page);
    await expectTargetsOf(iara.page, firstCard);
    await shot(iara.page, 'invite-again-card-1280');
    await iara.page.setViewportSize(PHONE);
    expect(await iara.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await firstCard.scrollIntoViewIfNeeded();
    await expectTargetsOf(iara.page, firstCard);
    await shot(iara.page, 'invite-again-card-360');

    // Otávio (an Estoquista, no invitation): not offered, and refused before the window ends.
    const otavio = await signedIn(browser, outsider.userId, '/dashboard/vagas');
    contexts.push(otavio.context);
    const otavioArea = otavio.page.getByTestId('remote-freelancer');
    await acceptTermsIfAsked(otavio.page, otavioArea);
    // The list has loaded: its cards (the demo stores') or the empty state.
    await expect(
      otavioArea
        .locator('section.t-card')
        .filter({ has: otavio.page.getByRole('heading', { level: 3 }) })
        .first()
        .or(otavioArea.getByRole('status').filter({ hasText: 'Nenhuma vaga' })),
    ).toBeVisible();
    await expect(otavioArea.getByText(`Reposição da noite ${marker}`)).toHaveCount(0);
    const refused = await callThroughPage<{ error: string }>(
      otavio.page,
      `/bff/freelancer/api/jobs/${jobId}/apply`,
      'POST',
      {},
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(
      /^Esta vaga está reservada a freelancers convidados pela empresa até /,
    );
  } finally {
    for (const context of contexts) await context.close();
  }
});
