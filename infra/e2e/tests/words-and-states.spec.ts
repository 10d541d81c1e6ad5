import { expect, test, type Page } from '@playwright/test';
import {
  AGENDA_PERIOD_FILTER_LABELS,
  MESSAGES,
  PRIVACY_NOTICE_VERSION,
  TERMS_VERSION,
  addDays,
  formatDateBR,
  saoPauloDate,
} from '@turno/domain';
import { expectNoAxeViolations } from '../support/axe';
import { signInAs, signInAsAdmin } from '../support/sign-in';
import { callThroughPage, shot } from '../support/page-tools';

/**
 * What a new business reads (issue 22): the agenda opens on "Próximos 7 dias", so a vacancy posted
 * for the last date the form offers is in the list it opens on; the Dashboard tells the three
 * account states apart — approved, "Cadastro em análise", and, once an admin rejects the account
 * while its panel is open, "Cadastro não aprovado" with what to do (not "Sessão expirada").
 *
 * Pedro Henrique Lima is the demo's new person: sign-in.spec.ts (which runs before this file) sets
 * him up as "Hortifruti Lima"; run alone, this file sets him up itself. Nothing after this file
 * signs him in.
 */

const WIDTHS = [1280, 360] as const;
const panel = (page: Page) => page.getByTestId('remote-restaurant');

/** No horizontal scroll at the page's width. */
/**
 * The page fits its width once it has laid itself out again (after a resize the narrow layout — cards
 * instead of tables — comes a frame or a media-query listener later, so one read could be too early).
 */
async function expectFits(page: Page) {
  const width = page.viewportSize()!.width;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
}

for (const width of WIDTHS) {
  test(`at ${width} px the agenda opens on "Próximos 7 dias" with a vacancy posted for the last date the form offers`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'Marcos Almeida');
    const area = panel(page);
    await expect(area.getByTestId('account-state')).toHaveText(MESSAGES.restaurants.dashboardApproved);

    const lastOffered = addDays(saoPauloDate(new Date()), 6);
    const created = await callThroughPage<{ jobsCreated: number }>(page, '/bff/restaurant/api/jobs', 'POST', {
      positionType: 'Estoquista',
      dates: [lastOffered],
      workload: 6,
      startTime: width === 1280 ? '07:00' : '07:30',
      quantity: 1,
    });
    expect(created).toMatchObject({ status: 201, body: { jobsCreated: 1 } });

    const firstRead = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/bff/restaurant/api/jobs' && r.request().method() === 'GET',
    );
    await area.getByRole('tab', { name: 'Agenda' }).click();
    // The default stays out of the URL: the server's default is the next 7 days.
    expect(new URL((await firstRead).url()).search).toBe('');
    await expect(area.getByLabel('Período')).toHaveValue('next7');
    await expect(area.getByLabel('Período').locator('option:checked')).toHaveText(
      AGENDA_PERIOD_FILTER_LABELS.next7,
    );
    await expect(
      area
        .locator('tr, li')
        .filter({ hasText: formatDateBR(lastOffered) })
        .first(),
    ).toBeVisible();
    await expect(area.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectFits(page);
    await shot(page, `agenda-next7-${width}`);
  });
}

test('the Dashboard says "Cadastro em análise", then, rejected while open, "Cadastro não aprovado" with what to do', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'Pedro Henrique Lima');
  // /dashboard first, then /setup while he has no profile: wait for where he settles.
  await expect(panel(page).or(page.getByRole('heading', { name: 'Complete seu cadastro' }))).toBeVisible();
  if (new URL(page.url()).pathname === '/setup') {
    const setup = await callThroughPage(page, '/api/profile/setup', 'POST', {
      name: 'Pedro Henrique Lima',
      userType: 'restaurant',
      businessName: 'Hortifruti Lima',
      cnpj: '11.222.333/0001-81',
      legalName: 'Hortifruti Lima Ltda',
      hourlyRate: 0,
      // Issue 27: the terms of use and the privacy notice in force, accepted.
      acceptedTerms: true,
      termsVersion: TERMS_VERSION,
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    });
    expect(setup.status).toBe(201);
    await page.goto('/dashboard');
  }
  const area = panel(page);
  const state = area.getByTestId('account-state');
  await expect(state).toContainText(MESSAGES.restaurants.dashboardPendingTitle);
  await expect(state).toContainText(MESSAGES.jobs.notApproved);
  await expectNoAxeViolations(page);
  await shot(page, 'dashboard-pending-1280');
  await page.setViewportSize({ width: 360, height: 800 });
  await expectFits(page);
  await shot(page, 'dashboard-pending-360');

  // An admin rejects the registration while the panel is open.
  const profile = await callThroughPage<{ id: number }>(page, '/bff/restaurant/api/restaurant/profile');
  expect(profile.status).toBe(200);
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    const rejected = await callThroughPage(
      admin,
      `/bff/admin-ops/api/admin/restaurants/${profile.body.id}/reject`,
      'POST',
    );
    expect(rejected).toMatchObject({ status: 200, body: { state: 'rejected' } });
  } finally {
    await adminContext.close();
  }

  // The open panel hears it: the rejected state with what to do, no "Criar vaga", the session alive.
  await expect(state).toContainText(MESSAGES.restaurants.dashboardRejectedTitle);
  await expect(state).toContainText(MESSAGES.restaurants.dashboardRejected);
  await expect(area.getByRole('button', { name: 'Criar vaga' })).toHaveCount(0);
  await expect(page.getByText(MESSAGES.common.unauthenticated)).toHaveCount(0);
  await expectFits(page);
  await shot(page, 'dashboard-rejected-360');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(panel(page).getByTestId('account-state')).toContainText(
    MESSAGES.restaurants.dashboardRejectedTitle,
  );
  await expectNoAxeViolations(page);
  await shot(page, 'dashboard-rejected-1280');
  // Still read-only: a change is refused with the deactivated account's text.
  const refused = await callThroughPage<{ error: string }>(page, '/bff/restaurant/api/jobs', 'POST', {
    positionType: 'Estoquista',
    dates: [addDays(saoPauloDate(new Date()), 1)],
    workload: 6,
    startTime: '08:00',
    quantity: 1,
  });
  expect(refused.status).toBe(403);
});

for (const width of WIDTHS) {
  test(`at ${width} px Controle Mercado's form labels admin-only shifts, closes 2 s after creating, and Faturas has "Atualizar"`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    const area = page.getByTestId('remote-admin_ops');
    await page.getByRole('tab', { name: 'Controle Mercado' }).click();
    await area.getByLabel('Buscar mercado').fill('Bom Preço');
    await area.getByLabel('Buscar mercado').press('Enter');
    await area.getByRole('button', { name: /^Supermercado Bom Preço/ }).click();
    // "Criar Vaga", "Fechar formulário" while the form is open.
    const open = area.getByRole('button', { name: /^(Criar Vaga|Fechar formulário)$/ });
    await open.click();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    const workloads = area.getByLabel('Carga horária').locator('option');
    await expect(workloads.filter({ hasText: '9h (somente admin)' })).toHaveCount(1);
    await expect(workloads.filter({ hasText: /^8h20$/ })).toHaveCount(1);
    // The demo business is a chain (issue 28): its vacancies go to the store chosen.
    await area.getByLabel('Loja', { exact: true }).selectOption({ label: 'Supermercado Bom Preço' });
    await area.getByLabel('Função').selectOption('Estoquista');
    await area
      .getByRole('group', { name: /Datas/ })
      .getByRole('button', { name: /^Amanhã/ })
      .click();
    await area.getByLabel('Carga horária').selectOption('9');
    await area.getByLabel('Início').fill(width === 1280 ? '06:00' : '06:30');
    await expectFits(page);
    await shot(page, `control-form-${width}`);
    await area.getByRole('button', { name: 'Criar Vagas' }).click();
    await expect(area.getByTestId('create-jobs-message')).toHaveText(MESSAGES.jobs.created(1));
    // Then the form closes by itself (spec 02 §8), the message staying on the dashboard.
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await expect(area.getByRole('button', { name: 'Criar Vagas' })).toHaveCount(0);
    await expect(area.getByTestId('control-create-message')).toHaveText(MESSAGES.jobs.created(1));
    await expectNoAxeViolations(page);

    await area.getByRole('tab', { name: 'Faturas' }).click();
    const invoices = page.getByTestId('restaurant-invoices');
    await expect(invoices.getByTestId('list-count')).toBeVisible();
    const reread = page.waitForResponse(
      (r) => new URL(r.url()).pathname.endsWith('/api/admin/invoices') && r.request().method() === 'GET',
    );
    await invoices.getByRole('button', { name: 'Atualizar' }).click();
    expect((await reread).status()).toBeLessThan(400);
    await expectFits(page);
    await shot(page, `control-faturas-${width}`);
  });
}
