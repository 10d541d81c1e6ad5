import { expect, type Page } from '@playwright/test';

/** The demo people of the local OpenID provider (infra/dev-idp), by the name on its buttons. */
export type DemoPerson = 'Marcos Almeida' | 'Ana Souza' | 'Fernanda Costa' | 'Pedro Henrique Lima';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** From the landing page's "Entrar" to the local provider's account page. */
export async function openProvider(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Entrar como / }).first()).toBeVisible();
}

/**
 * Signs in through the real local provider as one of its demo people and waits until the portal
 * has taken the session (/dashboard, or /setup for someone without a profile).
 */
export async function signInAs(page: Page, person: DemoPerson): Promise<void> {
  await openProvider(page);
  await page.getByRole('button', { name: new RegExp(`^Entrar como ${escapeRegExp(person)}\\b`) }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/setup');
}

/** The first admin of this run (seeded from ADMIN_EMAIL / ADMIN_PASSWORD, see e2e-env.ts). */
export function adminCredentials(): { email: string; password: string } {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!email || !password)
    throw new Error('E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD are not set (see e2e-env.ts)');
  return { email, password };
}

/** Fills the admin login at /admin and submits it (no wait). */
export async function submitAdminLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** Signs in at /admin with the run's admin password and waits for the admin shell. */
export async function signInAsAdmin(page: Page): Promise<void> {
  const { email, password } = adminCredentials();
  await submitAdminLogin(page, email, password);
  await page.waitForURL('**/admin/dashboard');
  await expect(page.getByTestId('admin-online')).toBeVisible();
}
