import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { signInAs, signInAsAdmin } from '../support/sign-in';

/**
 * The freelancer area on a phone (360 × 740): the demo freelancer applies to a vacancy with a
 * message and finds it under Candidaturas; the freelancer awaiting approval is told so and cannot
 * apply. Nothing scrolls sideways; the page logs no error once signed in.
 */

const PHONE = { width: 360, height: 740 };

/** A Sao Paulo date `days` from today, AAAA-MM-DD. */
const saoPauloDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/** Console errors from the moment the dashboard opens (the landing page's 401 for a visitor is expected). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && new URL(page.url()).pathname === '/dashboard')
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Wider than the phone's 360 px: something scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate((width) => document.documentElement.scrollWidth > width, PHONE.width);

test('a freelancer applies to a vacancy with a message on a phone and sees it under Candidaturas', async ({
  browser,
}) => {
  const marker = `e2e-${Date.now().toString(36)}`;
  const day = saoPauloDay(6);

  // A vacancy nobody applied to, far from the demo freelancer's shifts: created by an admin.
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    const created = await admin.evaluate(
      async ({ date, description }) => {
        const list = await fetch('/bff/admin-ops/api/admin/restaurants?q=dourado').then((r) => r.json());
        const restaurantId = (list as { items: { id: number }[] }).items[0]?.id;
        const response = await fetch('/bff/admin-ops/api/admin/jobs', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            restaurantId,
            positionType: 'Aux de Padaria',
            dates: [date],
            workload: 6,
            startTime: '05:00',
            quantity: 1,
            description,
          }),
        });
        return response.status;
      },
      { date: day, description: `Vaga de teste ${marker}` },
    );
    expect(created).toBe(201);
  } finally {
    await adminContext.close();
  }

  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInAs(page, 'Ana Souza');
    const area = page.getByTestId('remote-freelancer');
    await expect(area.getByRole('heading', { name: /Vagas disponíveis/ })).toBeVisible();
    await expect(area.getByTestId('status-banners')).toBeEmpty();

    await area.getByLabel('Data').fill(day);
    const card = area.locator('section.t-card', { hasText: marker });
    await expect(card).toBeVisible();
    // Where, not whose, before acceptance.
    await expect(card).toContainText('Perdizes, São Paulo - SP');
    await expect(card).not.toContainText('Pão Dourado');
    await expect(card).toContainText(/Você recebe R\$\s120,00/);

    await card.getByRole('button', { name: 'Candidatar-se' }).click();
    await card.getByLabel(/Mensagem para o mercado/).fill(`Trabalhei em padaria por 3 anos (${marker}).`);
    await card.getByRole('button', { name: 'Enviar candidatura' }).click();
    await expect(card).toContainText('Candidatura enviada com sucesso!');
    await expect(card.getByRole('button', { name: 'Candidatar-se' })).toHaveCount(0);
    expect(await scrollsSideways(page)).toBe(false);

    await area.getByRole('tab', { name: 'Candidaturas' }).click();
    const application = area.locator('section.t-card', { hasText: marker });
    await expect(application).toBeVisible();
    await expect(application).toContainText('Pendente');
    await expect(application).toContainText('Aux de Padaria');
    await expect(application).toContainText('Perdizes, São Paulo - SP');
    await expect(application).toContainText(/Expira às \d{2}:\d{2} \(faltam (1 h \d{2}|2 h 00) min\)/);
    expect(await scrollsSideways(page)).toBe(false);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('the freelancer awaiting approval sees the banners and cannot apply', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInAs(page, 'Fernanda Costa');
    const area = page.getByTestId('remote-freelancer');
    // Issue 27: the vetting checklist says what approval still needs (the photo, the documents).
    await expect(area.getByTestId('vetting-checklist')).toBeVisible();
    await expect(area.getByTestId('vetting-item-profile_photo')).toHaveAttribute('data-done', 'false');
    await expect(area.getByTestId('banner-missing-photo')).toBeVisible();
    const waiting = area.getByRole('button', { name: 'Aguardando aprovação do cadastro' }).first();
    await expect(waiting).toBeDisabled();
    await expect(area.getByRole('button', { name: 'Candidatar-se' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    for (const tab of ['Candidaturas', 'Trabalhos', 'Finanças', 'Perfil']) {
      await area.getByRole('tab', { name: tab }).click();
      await expect(area.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(area).not.toContainText('Em breve');
      await expect(area.getByText('Carregando...')).toHaveCount(0);
      await expectNoAxeViolations(page);
      expect(await scrollsSideways(page)).toBe(false);
    }
    expect(await scrollsSideways(page)).toBe(false);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a freelancer rates the business of a paid shift from Finanças, once', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInAs(page, 'Ana Souza');
    const area = page.getByTestId('remote-freelancer');
    await area.getByRole('tab', { name: 'Finanças' }).click();
    await expect(area.getByRole('group', { name: 'Totais recebidos' })).toContainText('Esta semana');
    await expect(area.getByTestId('list-count')).toContainText(/Mostrando \d+ de \d+/);
    const rateButtons = area.getByRole('button', { name: 'Avaliar Mercado' });
    const before = await rateButtons.count();
    // The e2e database is recreated with the demo data for every run, and this suite runs before the
    // freelancer flow: Ana's demo payments are still unrated.
    expect(before).toBeGreaterThan(0);
    await rateButtons.first().click();
    const dialog = page.getByRole('dialog', { name: 'Avaliar Mercado' });
    await dialog.getByRole('button', { name: 'Enviar avaliação' }).click();
    await expect(dialog).toContainText('Por favor, selecione uma avaliação de 1 a 5 estrelas');
    await expectNoAxeViolations(page, '[role="dialog"]');
    // A person taps the star (its radio is visually hidden inside the label).
    await dialog.locator('label', { has: page.getByLabel('5 estrelas') }).click();
    await expect(dialog.getByLabel('5 estrelas')).toBeChecked();
    await dialog.getByLabel(/Comentário/).fill('Equipe organizada e atenciosa.');
    await dialog.getByRole('button', { name: 'Enviar avaliação' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(area.getByTestId('finances-flash')).toHaveText('Avaliação enviada com sucesso!');
    await expect(rateButtons).toHaveCount(before - 1);
    expect(await scrollsSideways(page)).toBe(false);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
