import { expect, test } from '@playwright/test';
import {
  adminCredentials,
  openProvider,
  signInAsAdmin,
  signInThroughProvider,
  submitAdminLogin,
} from '../support/sign-in';
import { shot } from '../support/page-tools';

/**
 * Sign-in end to end (spec 01 §2 and §4 "Session", spec 02 "Admin login" / "Admin shell"): the
 * real local OpenID provider, the shell BFF's sessions in Redis, the host's pages.
 */

test('a visitor without a session is sent from /dashboard to the landing page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Sou Freelancer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sou Mercado/Hortifruti' })).toBeVisible();
});

test('the new person completes the two setup steps (phone and CEP widgets) and lands on their panel', async ({
  page,
}) => {
  await signInThroughProvider(page, 'Pedro Henrique Lima');
  await expect(page).toHaveURL('/setup');

  // "Voltar ao início" signs out: the dashboard no longer lets them in.
  await page.getByRole('button', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');

  await signInThroughProvider(page, 'Pedro Henrique Lima');
  await expect(page).toHaveURL('/setup');

  // Step 1: name from the identity, the phone widget, the account type.
  await expect(page.getByLabel('Nome completo')).toHaveValue('Pedro Henrique Lima');
  const phone = page.getByLabel(/^Telefone/);
  await phone.pressSequentially('10');
  await expect(phone).toHaveValue('(1');
  await expect(page.getByText('DDD inválido: use um código de 11 a 99.')).toBeVisible();
  await phone.pressSequentially('1987654321');
  await expect(phone).toHaveValue('(11) 98765-4321');
  await expect(page.getByText('Telefone válido')).toBeVisible();
  await page.getByLabel(/^Mercado\/Hortifruti/).check();
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Step 2: business, address suggestions after a pause, then a CEP typed and looked up.
  await expect(page.getByRole('heading', { name: 'Dados do estabelecimento' })).toBeVisible();
  await page.getByLabel('Nome do estabelecimento').fill('Hortifruti Lima');
  const cep = page.getByLabel(/^CEP/);
  await cep.pressSequentially('Rua Augusta');
  const options = page.getByRole('listbox', { name: 'Endereços sugeridos' }).getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.first()).toContainText('Consolação');
  await options.first().click();
  await expect(cep).toHaveValue('01305-000');
  await expect(page.getByLabel(/^Endereço \(opcional\)/)).toHaveValue(
    /^Rua Augusta, Consolação, São Paulo - SP/,
  );

  await cep.fill('');
  await cep.pressSequentially('01310100');
  await expect(cep).toHaveValue('01310-100');
  await expect(page.getByText(/^Endereço encontrado: Avenida Paulista/)).toBeVisible();
  await expect(page.getByLabel(/^Endereço \(opcional\)/)).toHaveValue(
    /^Avenida Paulista, Bela Vista, São Paulo - SP/,
  );
  await page.getByLabel(/^Número/).fill('1578');
  await expect(page.getByLabel(/^Tipo de estabelecimento/).locator('option')).toHaveCount(31);
  await page.getByLabel(/^Tipo de estabelecimento/).selectOption('Hortifruti');
  await page.getByLabel(/^Pessoa de contato/).fill('Pedro');
  // The legal identity the invoices carry (issue 25): razão social and a CNPJ masked as typed,
  // whose check digits are refused until they match.
  await page.getByLabel(/^Razão social/).fill('Hortifruti Lima Comércio de Frutas Ltda');
  const cnpj = page.getByLabel(/^CNPJ/);
  await cnpj.pressSequentially('11222333000182');
  await expect(cnpj).toHaveValue('11.222.333/0001-82');
  await expect(page.getByText(/^CNPJ inválido/)).toBeVisible();
  await cnpj.fill('');
  await cnpj.pressSequentially('11222333000181');
  await expect(page.getByText('CNPJ válido')).toBeVisible();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `setup-step2-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // Issue 27: the terms of use and the privacy notice (terms-consent.spec.ts follows them further).
  await page.getByLabel(/^Li e aceito os Termos de uso/).check();
  const saved = page.waitForRequest((r) => r.url().endsWith('/api/profile/setup') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
  expect((await saved).postDataJSON()).toMatchObject({
    name: 'Pedro Henrique Lima',
    phone: '11987654321',
    userType: 'restaurant',
    businessName: 'Hortifruti Lima',
    addressNumber: '1578',
    cep: '01310-100',
    cuisineType: 'Hortifruti',
    contactPerson: 'Pedro',
    cnpj: '11222333000181',
    legalName: 'Hortifruti Lima Comércio de Frutas Ltda',
    hourlyRate: 0,
    acceptedTerms: true,
  });
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByTestId('remote-restaurant')).toBeVisible();
  await expect(page.getByTestId('signed-in-as')).toHaveText('Hortifruti Lima');

  // The profile exists now: /setup sends them on to the dashboard.
  await page.goto('/setup');
  await expect(page).toHaveURL('/dashboard');
});

test('the restaurant owner lands on the restaurant panel with their vacancies', async ({ page }) => {
  const jobs = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/bff/restaurant/api/jobs' && r.ok(),
  );
  await signInThroughProvider(page, 'Marcos Almeida');
  await expect(page).toHaveURL('/dashboard');
  await page.getByTestId('remote-restaurant').getByRole('tab', { name: 'Agenda' }).click(); // the panel opens on its Dashboard
  const list = ((await (await jobs).json()) as { items: { title: string }[] }).items;
  expect(list.length).toBeGreaterThan(0);
  const area = page.getByTestId('remote-restaurant');
  await expect(area).toContainText(list[0]!.title);
  await expect(page.getByTestId('signed-in-as')).toHaveText('Supermercado Bom Preço');

  // A signed-in visitor of the landing page goes on to the dashboard.
  await page.goto('/');
  await expect(page).toHaveURL('/dashboard');

  // Logout clears the session: the dashboard sends them back to the landing page.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Sou Freelancer' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
});

test('the approved freelancer lands on the freelancer dashboard', async ({ page }) => {
  const jobs = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/bff/freelancer/api/jobs' && r.ok(),
  );
  await signInThroughProvider(page, 'Ana Souza');
  await expect(page).toHaveURL('/dashboard');
  const { total } = (await (await jobs).json()) as { total: number };
  await expect(page.getByTestId('remote-freelancer')).toContainText(`Vagas disponíveis (${total})`);
  await expect(page.getByTestId('signed-in-as')).toHaveText('Ana Souza');
});

test('the freelancer awaiting approval lands in the freelancer area', async ({ page }) => {
  await signInThroughProvider(page, 'Fernanda Costa');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByTestId('remote-freelancer')).toBeVisible();
  await expect(page.getByTestId('signed-in-as')).toHaveText('Fernanda Costa');
});

test('"Cancelar" at the provider returns to the landing page with the access-denied notice', async ({
  page,
}) => {
  await openProvider(page);
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('sign-in-notice')).toContainText(
    'O login foi cancelado ou negado. Tente novamente.',
  );
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
});

test.describe('inside an in-app browser', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98',
  });

  test('the landing page warns and does not start sign-in', async ({ page }) => {
    let redirectAsked = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/oauth/google/redirect_url')) redirectAsked = true;
    });
    await page.goto('/');
    await expect(page.getByTestId('in-app-browser-warning')).toContainText('Navegador Não Compatível');
    await page.getByRole('button', { name: 'Sou Mercado/Hortifruti' }).click();
    await expect(page.getByTestId('sign-in-problem')).toContainText('Chrome, Safari, Firefox ou Edge');
    await expect(page).toHaveURL('/');
    expect(redirectAsked).toBe(false);
  });
});

test('a wrong admin password shows "Credenciais inválidas"', async ({ page }) => {
  const { email } = adminCredentials();
  await submitAdminLogin(page, email, 'senha-errada');
  await expect(page.getByTestId('admin-login-error')).toHaveText('Credenciais inválidas');
  await expect(page).toHaveURL('/admin');
});

test('the admin signs in with the password, sees the shell, and logs out', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL('/admin');

  await signInAsAdmin(page, { reuseSession: false });
  await expect(page.getByRole('tab')).toHaveCount(13);
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL('/admin');
});
