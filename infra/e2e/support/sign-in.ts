import { expect, test, type Cookie, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { PRIVACY_MESSAGES } from '@turno/domain';

/** The demo people of the local OpenID provider (infra/dev-idp), by the name on its buttons. */
export type DemoPerson =
  'Marcos Almeida' | 'Ana Souza' | 'Fernanda Costa' | 'Pedro Henrique Lima' | 'Bruno Lima';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** From the landing page's "Entrar" to the local provider's account page. */
export async function openProvider(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Entrar como / }).first()).toBeVisible();
}

/**
 * Signs in through the real local provider as one of its demo people and waits until the portal
 * has taken the session (/dashboard, or /setup for someone without a profile). Every call goes
 * through the provider (the sign-in specs use this one).
 */
export async function signInThroughProvider(page: Page, person: DemoPerson): Promise<void> {
  await openProvider(page);
  await page.getByRole('button', { name: new RegExp(`^Entrar como ${escapeRegExp(person)}\\b`) }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/setup');
}

/**
 * Session cookies this worker took from a real sign-in, by portal and person (or the admin): a
 * later sign-in of the same person brings the cookie along, as a browser that stayed signed in
 * would, instead of going through the provider (or the admin's password and scrypt) again. The
 * cookie is checked against the BFF first; one that no longer opens a session (signed out, account
 * disabled or deleted by an earlier spec) is dropped and the real sign-in runs again.
 */
const signedIn = new Map<string, Cookie>();

const portalOf = (): string => {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('the project has no baseURL');
  return new URL(baseURL).origin;
};

/** The kept session cookie of `key` on this page's portal, when it still opens a session there. */
async function keptSession(page: Page, key: string, probe: string): Promise<Cookie | undefined> {
  const portal = portalOf();
  const cookie = signedIn.get(`${portal} ${key}`);
  if (!cookie) return undefined;
  await page.context().addCookies([cookie]);
  if ((await page.context().request.get(`${portal}${probe}`)).ok()) return cookie;
  signedIn.delete(`${portal} ${key}`);
  await page.context().clearCookies({ name: cookie.name });
  return undefined;
}

/** Keeps the session cookie (name ending in `name`) the page's context holds now. */
async function keepSession(page: Page, key: string, name: string): Promise<void> {
  const cookie = (await page.context().cookies(portalOf())).find(
    (candidate) => candidate.name === name || candidate.name.endsWith(`-${name}`),
  );
  if (cookie) signedIn.set(`${portalOf()} ${key}`, cookie);
}

/**
 * Signs in as one of the demo people and waits until the portal has taken the session
 * (/dashboard, or /setup for someone without a profile): through the real provider the first time
 * in this worker, with the session cookie of that sign-in afterwards (see `signedIn`).
 */
export async function signInAs(page: Page, person: DemoPerson): Promise<void> {
  if (await keptSession(page, person, '/api/users/me')) {
    await page.goto('/dashboard');
  } else {
    await signInThroughProvider(page, person);
    await keepSession(page, person, 'turno_session');
  }
  await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/setup');
}

/**
 * Someone who never accepted the terms in force (a freelancer the admin registered, a person a test
 * wrote by SQL) is asked first by the host (issue 27, LGPD): accepts them when asked, then waits for
 * `ready`, what the page shows once the person is in.
 */
export async function acceptTermsIfAsked(page: Page, ready: Locator): Promise<void> {
  const accept = page.getByRole('button', { name: PRIVACY_MESSAGES.acceptButton });
  await expect(ready.or(accept)).toBeVisible();
  if (await accept.isVisible()) {
    await page.getByRole('checkbox', { name: new RegExp(`^${PRIVACY_MESSAGES.acceptPrefix}`) }).check();
    await accept.click();
  }
  await expect(ready).toBeVisible();
}

/** The first admin of this run (seeded from ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_TOTP_SECRET, see e2e-env.ts). */
export function adminCredentials(): { email: string; password: string; totpSecret: string } {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  const totpSecret = process.env.E2E_ADMIN_TOTP_SECRET;
  if (!email || !password || !totpSecret)
    throw new Error(
      'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD / E2E_ADMIN_TOTP_SECRET are not set (see e2e-env.ts)',
    );
  return { email, password, totpSecret };
}

/** The 6-digit code an authenticator app shows for `secret` at `timestamp`. */
export function totpCode(secret: string, timestamp: number = Date.now()): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
}

/** Fills the admin login at /admin and submits it (no wait). */
export async function submitAdminLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/**
 * Completes the second step on the page (the code field is showing) with the codes of `secret`.
 * A code is accepted once per admin (no replay), so when this step's code was already used by an
 * earlier sign-in, the next step's code (still inside the ±1 window) is tried, and else the next
 * step is awaited.
 */
export async function completeAdminSecondStep(
  page: Page,
  secret: string,
  options: { rememberDevice?: boolean } = {},
): Promise<void> {
  const field = page.getByLabel('Código de 6 dígitos');
  await expect(field).toBeVisible();
  if (options.rememberDevice) await page.getByLabel(/Lembrar este dispositivo/).check();
  const offsets = [0, 30_000, 30_000];
  for (const [index, offset] of offsets.entries()) {
    if (index === 2) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 200);
    await field.fill(totpCode(secret, Date.now() + offset));
    // The answer to this code, not an error still shown from an earlier attempt (a recovery code
    // refused just before, on a loaded machine), decides whether the next code is tried.
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/admin/login/mfa'),
    );
    await page.getByRole('button', { name: /^(Verificar|Ativar e entrar)$/ }).click();
    if ((await answered).ok()) {
      await expect(
        page.getByTestId('admin-online').or(page.getByTestId('recovery-codes')).first(),
      ).toBeVisible();
      return;
    }
    const outcome = page
      .getByTestId('admin-online')
      .or(page.getByTestId('recovery-codes'))
      .or(page.getByTestId('admin-login-error'));
    await expect(outcome.first()).toBeVisible();
    if (!(await page.getByTestId('admin-login-error').isVisible())) return;
  }
  throw new Error('the second step refused every code');
}

/** The run's admin's "remembered device" cookie, kept by this worker after its first full sign-in. */
let rememberedDevice: Cookie | undefined;

/**
 * Signs in at /admin as the run's admin and waits for the admin shell: password, then the TOTP
 * code (computed from E2E_ADMIN_TOTP_SECRET) with "Lembrar este dispositivo"; later sign-ins of the
 * same worker bring that cookie along and skip the code, as a remembered browser would. With
 * `reuseSession` (the default), a later call brings the session of this worker's last password
 * sign-in along instead (see `signedIn`); the sign-in specs pass false.
 */
export async function signInAsAdmin(page: Page, options: { reuseSession?: boolean } = {}): Promise<void> {
  if (options.reuseSession !== false && (await keptSession(page, 'admin', '/api/admin/verify'))) {
    await page.goto('/admin/dashboard');
  } else {
    const { email, password, totpSecret } = adminCredentials();
    if (rememberedDevice) await page.context().addCookies([rememberedDevice]);
    await submitAdminLogin(page, email, password);
    const codeField = page.getByLabel('Código de 6 dígitos');
    await expect(codeField.or(page.getByTestId('admin-online')).first()).toBeVisible({ timeout: 20_000 });
    if (await codeField.isVisible()) {
      await completeAdminSecondStep(page, totpSecret, { rememberDevice: true });
      rememberedDevice = (await page.context().cookies()).find((cookie) =>
        cookie.name.endsWith('turno_admin_device'),
      );
    }
    await page.waitForURL('**/admin/dashboard');
    if (options.reuseSession !== false) await keepSession(page, 'admin', 'turno_admin');
  }
  await page.waitForURL('**/admin/dashboard');
  await expect(page.getByTestId('admin-online')).toBeVisible();
}
