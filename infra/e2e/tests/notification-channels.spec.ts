import { createECDH, randomBytes } from 'node:crypto';
import { request } from 'node:https';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  NOTIFICATION_MESSAGES,
  PUSH_MESSAGES,
  inQuietHours,
  saoPauloDate,
  saoPauloTime,
} from '@turno/domain';
import { E2E_BASE_URL, E2E_ENV } from '../e2e-env';
import { expectNoAxeViolations } from '../support/axe';
import { callThroughPage, shot } from '../support/page-tools';
import { signInAs, signInAsAdmin } from '../support/sign-in';
import { WITH_NOTIFICATIONS } from '../support/browser';

/**
 * Notification channels (issue 26): in a browser whose notifications permission is granted, Ana
 * presses "Ativar notificações no navegador" in the bell's panel; a business accepts her
 * application; the portal's local SMTP server (infra/dev-notify) receives the pt-BR mail with its
 * plain-text part and absolute link, and the local push service receives the Web Push request for
 * her subscription with the VAPID headers. Headless Chromium has no push service of its own, so
 * the page's PushManager answers a subscription whose endpoint is the local push service (real P-256
 * keys); everything after it (the BFF, the workers' web-push, the push service) is the real path.
 * Axe and 44 px targets on the panel with the control, 1280 and 360 px shots.
 */

// System notifications (granted): the full Chromium, not the headless shell (support/browser.ts).
test.use({ launchOptions: WITH_NOTIFICATIONS });

const OFFSET = Number(E2E_ENV.PORT_OFFSET);
const MAILBOX = `http://127.0.0.1:${4526 + OFFSET}`;
const PUSH = `https://127.0.0.1:${4527 + OFFSET}`;
const PHONE = { width: 360, height: 740 };

const saoPauloDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/**
 * The shift the business posts: in six days at 22:30, or, while Sao Paulo is in its quiet hours
 * (22:00–07:00: push and e-mail wait for 07:00 unless the shift starts within 12 hours), one that
 * starts in 11 to 11½ hours, which is told at once. The spec then passes at any time of day.
 */
function shiftToPost(now = new Date()): { day: string; startTime: string } {
  if (!inQuietHours(now)) return { day: saoPauloDay(6), startTime: '22:30' };
  const halfHour = 30 * 60_000;
  const start = new Date(Math.ceil((now.getTime() + 11 * 3_600_000) / halfHour) * halfHour);
  return { day: saoPauloDate(start), startTime: saoPauloTime(start) };
}

const bellOf = (page: Page) =>
  page.getByTestId('notification-bell').getByRole('button', { name: /^Notificações/ });

/** The local push service's control answer (its certificate is its own: trusted for this call only). */
function pushRequests(): Promise<
  { id: string; authorization: string; contentEncoding: string; ttl: string; status: number }[]
> {
  return new Promise((resolve, reject) => {
    request(`${PUSH}/__control/requests`, { rejectUnauthorized: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(JSON.parse(body)));
    })
      .on('error', reject)
      .end();
  });
}

async function mails(): Promise<{ envelopeTo: string[]; subject: string; text: string; html: string }[]> {
  return (await fetch(`${MAILBOX}/__control/mails`)).json();
}

/** The page's PushManager answers a subscription on the local push service (Chromium has none offline). */
async function fakePushManager(context: BrowserContext, endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  await context.addInitScript(
    ({ endpoint, keys }) => {
      let current: PushSubscription | null = null;
      const make = () =>
        ({
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: null },
          getKey: () => null,
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        }) as unknown as PushSubscription;
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        if (!options?.applicationServerKey) throw new Error('no VAPID key');
        current = make();
        return current;
      };
      PushManager.prototype.getSubscription = async () => current;
    },
    { endpoint, keys },
  );
}

test('push enabled in the bell, an acceptance reaches the local SMTP server and the local push service', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { day, startTime } = shiftToPost();
  const subscriptionId = `e2e-${randomBytes(6).toString('hex')}`;
  const freelancerBrowser = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    permissions: ['notifications'],
  });
  await fakePushManager(freelancerBrowser, `${PUSH}/push/${subscriptionId}`);
  const businessBrowser = await browser.newContext();
  const adminBrowser = await browser.newContext();
  let assignmentId: number | null = null;
  try {
    const ana = await freelancerBrowser.newPage();
    await signInAs(ana, 'Ana Souza');
    await bellOf(ana).click();
    const panel = ana.getByRole('region', { name: NOTIFICATION_MESSAGES.panelTitle });
    const enable = panel.getByRole('button', { name: PUSH_MESSAGES.enable });
    await expect(enable).toBeVisible();
    expect((await enable.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectNoAxeViolations(ana);
    await shot(ana, 'notification-channels-enable-1280');
    const saved = ana.waitForResponse(
      (r) => r.url().endsWith('/api/notifications/push-subscriptions') && r.request().method() === 'POST',
    );
    await enable.click();
    expect((await saved).status()).toBe(200);
    await expect(panel.getByRole('status')).toHaveText(PUSH_MESSAGES.enabled);
    await expect(panel.getByRole('button', { name: PUSH_MESSAGES.disable })).toBeVisible();
    await expectNoAxeViolations(ana);
    await shot(ana, 'notification-channels-enabled-1280');
    // A phone: the panel opened again under the wrapped header, the control scrolled into it.
    await ana.setViewportSize(PHONE);
    await ana.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await bellOf(ana).click();
    expect(await ana.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const button = panel.getByRole('button', { name: PUSH_MESSAGES.disable });
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(ana);
    await shot(ana, 'notification-channels-enabled-360');
    await ana.setViewportSize({ width: 1280, height: 800 });

    const business = await businessBrowser.newPage();
    await signInAs(business, 'Marcos Almeida');
    const created = await callThroughPage(business, '/bff/restaurant/api/jobs', 'POST', {
      positionType: 'Operador de Caixa',
      dates: [day],
      workload: 6,
      startTime,
      quantity: 1,
      description: 'Turno de teste dos canais de notificação',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const jobId = (created.body as { jobIds: number[] }).jobIds[0]!;
    const applied = await callThroughPage(ana, `/bff/freelancer/api/jobs/${jobId}/apply`, 'POST', {});
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const applicationId = (applied.body as { application: { id: number } }).application.id;
    const accepted = await callThroughPage(
      business,
      `/bff/restaurant/api/restaurant/applications/${applicationId}/accept`,
      'POST',
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    assignmentId = (accepted.body as { assignmentId: number }).assignmentId;

    // The e-mail: to Ana, pt-BR, a plain-text part with the absolute link, an HTML part.
    const shift = `Operador de Caixa (`;
    await expect
      .poll(
        async () =>
          (await mails()).filter(
            (mail) =>
              mail.envelopeTo.includes('ana.souza@example.com') &&
              mail.subject === 'Turno: Candidatura aceita' &&
              mail.text.includes(`às ${startTime}) foi aceita.`),
          ).length,
        { timeout: 60_000 },
      )
      .toBe(1);
    const mail = (await mails()).find((m) => m.text.includes(`às ${startTime}) foi aceita.`))!;
    expect(mail.text).toContain(shift);
    expect(mail.text).toContain(`Abrir no Turno: ${E2E_BASE_URL}/dashboard/trabalhos`);
    expect(mail.html).toContain(`href="${E2E_BASE_URL}/dashboard/trabalhos"`);

    // The push: one request for her subscription, with the VAPID headers and an encrypted body.
    await expect
      .poll(async () => (await pushRequests()).filter((r) => r.id === subscriptionId).length, {
        timeout: 60_000,
      })
      .toBeGreaterThanOrEqual(1);
    const [push] = (await pushRequests()).filter((r) => r.id === subscriptionId);
    expect(push).toMatchObject({ status: 201, contentEncoding: 'aes128gcm' });
    expect(push!.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);

    // The host's service worker with a push (delivered by Chromium's DevTools protocol, the
    // payload the workers encrypt): it shows the notification.
    const cdp = await freelancerBrowser.newCDPSession(ana);
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${E2E_BASE_URL}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: E2E_BASE_URL,
      registrationId,
      data: JSON.stringify({
        id: 424242,
        title: 'Candidatura aceita',
        body: 'Teste do service worker.',
        link: '/dashboard/trabalhos',
      }),
    });
    await expect
      .poll(
        () =>
          ana.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map(
              (n) => `${n.title}|${n.body}|${n.tag}`,
            ),
          ),
        { timeout: 20_000 },
      )
      .toContain('Candidatura aceita|Teste do service worker.|notification-424242');
  } finally {
    if (assignmentId !== null) {
      const admin = await adminBrowser.newPage();
      await signInAsAdmin(admin);
      await callThroughPage(admin, `/bff/admin-ops/api/admin/assignments/${assignmentId}`, 'DELETE');
    }
    await freelancerBrowser.close();
    await businessBrowser.close();
    await adminBrowser.close();
  }
});
