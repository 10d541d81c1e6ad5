import { pdfText as pdfDocumentText } from '@turno/core/testing/pdf';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES, formatMoney } from '@turno/domain';
import { expectNoAxeViolations } from '../support/axe';
import { watchConsoleErrors } from '../support/console-errors';
import { signInAs, signInAsAdmin } from '../support/sign-in';
import { shot } from '../support/page-tools';

/**
 * The restaurant ("Mercado") panel of issue 8 beyond the vacancy flow (restaurant-panel.spec.ts):
 * every tab without "Em breve" and checked by axe-core; the week's invoice, its view and its PDF
 * (read back with pdfjs-dist); the profile edit with the phone and CEP widgets; block and unblock a
 * freelancer; a vacancy the admin creates appearing in the open agenda without a reload. No console
 * errors anywhere. `E2E_SHOTS=<dir>` saves screenshots of each screen at 1280 and 360 px.
 */

const panel = (page: Page) => page.getByTestId('remote-restaurant');

/** axe-core on a settled screen: no list half-faded while it reads new filters (aria-busy). */
async function checkAxe(page: Page, include?: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAxeViolations(page, include);
}

/** A full-page screenshot named by its width too. */
const widthShot = (page: Page, name: string) =>
  shot(page, `${name}-${page.viewportSize()?.width ?? 0}`, { fullPage: true });

const pdfText = (pdf: Buffer) => pdfDocumentText(pdf).text;

async function openTab(page: Page, name: string) {
  await panel(page).getByRole('tab', { name }).click();
  await expect(panel(page).getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

for (const width of [1280, 360]) {
  test(`at ${width} px every tab of the panel works, none says "Em breve", axe finds nothing`, async ({
    page,
  }) => {
    test.setTimeout(90_000); // five axe-core runs, slow on a shared 2-core machine
    const errors = watchConsoleErrors(page);
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'Marcos Almeida');
    const area = panel(page);
    await expect(area.getByTestId('spending')).toBeVisible();
    await expect(area.getByRole('progressbar')).toBeVisible();
    await checkAxe(page);
    await widthShot(page, 'dashboard');

    await openTab(page, 'Agenda');
    await expect(area.getByTestId('list-count')).toBeVisible();
    await checkAxe(page);
    await widthShot(page, 'agenda');

    await openTab(page, 'Faturas');
    await expect(area.getByRole('button', { name: /^Ver fatura / }).first()).toBeVisible();
    await checkAxe(page);
    await widthShot(page, 'faturas');

    await openTab(page, 'Perfil');
    await expect(area.getByTestId('profile-view')).toContainText('Supermercado Bom Preço');
    // Razão social and CNPJ (masked), issue 25.
    await expect(area.getByTestId('profile-view')).toContainText('Supermercado Bom Preço Ltda');
    await expect(area.getByTestId('profile-view')).toContainText('12.345.678/0001-95');
    await checkAxe(page);
    await widthShot(page, 'perfil');

    await openTab(page, 'Bloqueios');
    await expect(area.getByRole('heading', { name: 'Freelancers bloqueados' })).toBeVisible();
    await expect(area.getByTestId('blocks-empty').or(area.getByTestId('blocks-list'))).toBeVisible();
    await checkAxe(page);
    await widthShot(page, 'bloqueios');

    for (const tab of ['Dashboard', 'Agenda', 'Faturas', 'Perfil', 'Bloqueios']) {
      await openTab(page, tab);
      await expect(area.getByRole('tabpanel')).not.toContainText('Em breve');
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
  });
}

for (const width of [1280, 360]) {
  test(`at ${width} px a business opens the week’s invoice, its lines and total, and its PDF`, async ({
    page,
  }) => {
    const errors = watchConsoleErrors(page);
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'Marcos Almeida');
    const area = panel(page);
    await openTab(page, 'Faturas');
    const first = area.getByRole('button', { name: /^Ver fatura / }).first();
    const number = ((await first.getAttribute('aria-label')) ?? '').replace('Ver fatura ', '');
    expect(number).toMatch(/^TUR-\d{4}-W\d{2}-\d{4}$/);
    await first.click();
    const dialog = page.getByRole('dialog', { name: `Fatura ${number}` });
    await expect(dialog.getByTestId('invoice-total')).toBeVisible();
    const total = (await dialog.getByTestId('invoice-total').textContent()) ?? '';
    expect(total).toMatch(/R\$\s[\d.]+,\d{2}/);
    // The client named by razão social and CNPJ, in the view and the PDF (issue 25).
    await expect(dialog.getByTestId('invoice-legal-name')).toHaveText('Supermercado Bom Preço Ltda');
    await expect(dialog.getByTestId('invoice-cnpj')).toHaveText('12.345.678/0001-95');
    await checkAxe(page, '[role="dialog"]');
    await widthShot(page, 'fatura');

    const link = dialog.getByRole('link', { name: /Baixar PDF/ });
    await expect(link).toHaveAttribute('target', '_blank');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/bff\/restaurant\/api\/restaurant\/invoices\/\d+\/pdf$/);
    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const pdf = await response.body();
    if (process.env.E2E_SHOTS) writeFileSync(join(process.env.E2E_SHOTS, `fatura-${number}.pdf`), pdf);
    const text = pdfText(pdf);
    expect(text).toContain(number);
    expect(text).toContain(total.replace(/\s/g, ' ').replace(/.*?(R\$)/, '$1'));
    expect(text).toContain('Supermercado Bom Preço');
    expect(text).toContain('Razão social: Supermercado Bom Preço Ltda');
    expect(text).toContain('CNPJ: 12.345.678/0001-95');

    // Another business's invoice answers 404 (the id of one that is not ours).
    const foreign = await page.request.get('/bff/restaurant/api/restaurant/invoices/2147483000/pdf');
    expect(foreign.status()).toBe(404);
    expect(errors).toEqual([]);
  });
}

for (const width of [1280, 360]) {
  test(`at ${width} px a business edits its profile with the phone and CEP widgets`, async ({ page }) => {
    const errors = watchConsoleErrors(page);
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'Marcos Almeida');
    const area = panel(page);
    await openTab(page, 'Perfil');
    await area.getByRole('button', { name: 'Editar perfil' }).click();
    const form = area.getByRole('form', { name: 'Editar perfil' });
    await checkAxe(page);

    await form.getByLabel(/^Nome do responsável/).fill('');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(form).toContainText(MESSAGES.restaurants.nameRequired);
    await form.getByLabel(/^Nome do responsável/).fill('Marcos Almeida');

    await form.getByLabel(/^Telefone/).fill('11987654321');
    await expect(form).toContainText('Telefone válido');
    await form.getByLabel(/^CEP/).fill('01310100');
    await expect(form.getByRole('textbox', { name: /^Endereço/ })).toHaveValue(/Avenida Paulista/);
    await form.getByLabel(/^Número/).fill('1578');
    await form.getByLabel(/^Tipo de estabelecimento/).selectOption('Hortifruti');
    await form.getByLabel(/^Pessoa de contato/).fill('Rita Gerente');
    await widthShot(page, 'perfil-edit');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/bff/restaurant/api/restaurant/profile') && r.request().method() === 'PUT',
    );
    await form.getByRole('button', { name: 'Salvar' }).click();
    expect((await saved).status()).toBe(200);
    await expect(area.getByTestId('profile-message')).toHaveText(MESSAGES.restaurants.profileSaved);
    const view = area.getByTestId('profile-view');
    await expect(view).toContainText('(11) 98765-4321');
    await expect(view).toContainText('Avenida Paulista');
    await expect(view).toContainText('nº 1578');
    await expect(view).toContainText('Hortifruti');
    await expect(view).toContainText('Rita Gerente');
    expect(errors).toEqual([]);
  });
}

for (const width of [1280, 360]) {
  test(`at ${width} px a business blocks a freelancer who worked there, then unblocks her after confirming`, async ({
    page,
  }) => {
    const errors = watchConsoleErrors(page);
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'Marcos Almeida');
    const area = panel(page);
    await openTab(page, 'Bloqueios');
    await area.getByRole('button', { name: 'Bloquear freelancer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bloquear freelancer' });
    await dialog.getByRole('button', { name: 'Bloquear' }).click();
    await expect(dialog).toContainText(MESSAGES.blocks.selectFreelancer);

    const select = dialog.getByLabel(/^Freelancer/);
    await expect(select.locator('option')).not.toHaveCount(1);
    const options = await select.locator('option').allTextContents();
    const choice = options.find((text) => text && text !== 'Selecione' && !text.startsWith('Ana Souza'));
    expect(choice).toBeDefined();
    const name = choice!.split(' — ')[0]!;
    await select.selectOption({ label: choice! });
    await dialog.getByLabel(/^Motivo/).fill('Faltou sem avisar');
    await checkAxe(page, '[role="dialog"]');
    await widthShot(page, 'bloquear');
    await dialog.getByRole('button', { name: 'Bloquear' }).click();
    await expect(dialog).toBeHidden();
    await expect(area.getByTestId('blocks-message')).toHaveText(MESSAGES.blocks.blocked);
    const item = area.getByTestId('blocks-list').getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText('Faltou sem avisar');
    await checkAxe(page);

    await item.getByRole('button', { name: `Desbloquear ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Desbloquear freelancer' });
    await checkAxe(page, '[role="dialog"]');
    await confirm.getByRole('button', { name: 'Desbloquear' }).click();
    await expect(area.getByTestId('blocks-message')).toHaveText(MESSAGES.blocks.removed);
    await expect(area.getByTestId('blocks-list').getByRole('listitem').filter({ hasText: name })).toHaveCount(
      0,
    );
    expect(errors).toEqual([]);
  });
}

test('a vacancy the admin creates for the business appears in its open agenda without a reload', async ({
  page,
  browser,
}) => {
  const errors = watchConsoleErrors(page);
  await signInAs(page, 'Marcos Almeida');
  const area = panel(page);
  await openTab(page, 'Agenda');
  // The vacancy is made for tomorrow (no vacancy starts in the past): the agenda on that day.
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + 86_400_000),
  );
  await area.getByLabel('Período').selectOption('date');
  await area.getByLabel('Data', { exact: true }).fill(tomorrow);
  await area.getByRole('searchbox', { name: 'Buscar vaga' }).fill('padaria');
  const rows = area.locator('tr, li').filter({ hasText: 'Aux de Padaria' }).filter({ hasText: '21:00 às' });
  await expect(area.getByTestId('list-count')).toBeVisible();
  const before = await rows.count();

  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    // Tomorrow: 21:00 today may have passed (no vacancy starts in the past), whatever the hour.
    const created = await admin.evaluate(async (tomorrow) => {
      const list = await fetch('/bff/admin-ops/api/admin/restaurants?q=Bom%20Pre%C3%A7o').then((r) =>
        r.json(),
      );
      const restaurantId = (list as { items: { id: number }[] }).items[0]?.id;
      const response = await fetch('/bff/admin-ops/api/admin/jobs', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          restaurantId,
          positionType: 'Aux de Padaria',
          dates: [tomorrow],
          workload: 6,
          startTime: '21:00',
          quantity: 1,
        }),
      });
      return response.status;
    }, tomorrow);
    expect(created).toBe(201);
    await expect(rows).toHaveCount(before + 1);
    await expect(rows.last()).toContainText(formatMoney(179));
  } finally {
    await adminContext.close();
  }
  expect(errors).toEqual([]);
});
