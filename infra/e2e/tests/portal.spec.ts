import { expect, test } from '@playwright/test';
import { signInAs, signInAsAdmin } from '../support/sign-in';
import { expectNoAxeViolations } from '../support/axe';

/**
 * The portal opens, and each of the four remotes renders data from its own BFF for a person of
 * the right role (every BFF route requires one).
 */

test('the restaurant remote shows the demo restaurant’s vacancies from the restaurant BFF', async ({
  page,
}) => {
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/bff/restaurant/api/jobs' && r.ok(),
  );
  await signInAs(page, 'Marcos Almeida');
  await page.getByTestId('remote-restaurant').getByRole('tab', { name: 'Agenda' }).click(); // the panel opens on its Dashboard
  const jobs = ((await (await answer).json()) as { items: { title: string; status: string }[] }).items;
  expect(jobs.length).toBeGreaterThan(0);
  const area = page.getByTestId('remote-restaurant');
  await expect(area).toBeVisible();
  await expect(area.getByRole('row')).toHaveCount(jobs.length + 1); // header + one row per vacancy
  await expect(area).toContainText(jobs[0]!.title);
});

test('the freelancer remote shows open vacancies from the freelancer BFF', async ({ page }) => {
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/bff/freelancer/api/jobs' && r.ok(),
  );
  await signInAs(page, 'Ana Souza');
  const firstPage = (await (await answer).json()) as { items: { title: string }[]; total: number };
  const jobs = firstPage.items;
  expect(jobs.length).toBeGreaterThan(0);
  const area = page.getByTestId('remote-freelancer');
  await expect(area).toContainText(`Vagas disponíveis (${firstPage.total})`);
  await expect(area.getByTestId('list-count')).toHaveText(`Mostrando ${jobs.length} de ${firstPage.total}`);
  await expect(area).toContainText(jobs[0]!.title);
});

test('the admin-ops remote shows every restaurant from the admin-ops BFF', async ({ page }) => {
  await signInAsAdmin(page);
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/bff/admin-ops/api/admin/restaurants' && r.ok(),
  );
  await page.getByRole('tab', { name: 'Mercados' }).click();
  const restaurants = ((await (await answer).json()) as { items: { business_name: string }[] }).items;
  const area = page.getByTestId('remote-admin_ops');
  for (const restaurant of restaurants) await expect(area).toContainText(restaurant.business_name);
});

test('the admin-billing remote shows the invoices from the admin-billing BFF', async ({ page }) => {
  await signInAsAdmin(page);
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/bff/admin-billing/api/admin/invoices' && r.ok(),
  );
  await page.getByRole('tab', { name: 'Faturas' }).click();
  const invoices = ((await (await answer).json()) as { items: { invoice_number: string }[] }).items;
  expect(invoices.length).toBeGreaterThan(0);
  const area = page.getByTestId('remote-admin_billing');
  for (const invoice of invoices) await expect(area).toContainText(invoice.invoice_number);
});

test('an unknown address shows the pt-BR not-found page inside the shell', async ({ page }) => {
  await page.goto('/nao-existe');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('the landing page and the admin sign-in have no axe-core violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/admin');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expectNoAxeViolations(page);
});
