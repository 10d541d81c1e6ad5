import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { addDays, saoPauloDate } from '@turno/domain';
import { expectNoAxeViolations } from '../support/axe';
import { signInAsAdmin } from '../support/sign-in';

/**
 * Admin operations (issue 10), the screens added after the command centre: the job pages, Criar
 * Vagas, Bloqueios, Avaliações, the Mercados export and Controle Mercado (its agenda, its invoices
 * from admin_billing, and the fallback with admin_billing stopped), as the admin, in Chromium.
 */

const BFF = '/bff/admin-ops/api/admin';
const consoleErrors: string[] = [];

test.beforeEach(({ page }) => {
  consoleErrors.length = 0;
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});

/** Console errors other than the expected refusals of a stopped remote. */
const unexpectedErrors = () =>
  consoleErrors.filter((text) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(text));

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
}

async function openJobWithApplications(page: Page): Promise<number> {
  const jobs = (await (await page.request.get(`${BFF}/jobs?status=open&limit=200`)).json()) as {
    items: { id: number }[];
  };
  const ids = jobs.items.map((j) => j.id).join(',');
  const counts = (await (await page.request.get(`${BFF}/jobs/application-counts?ids=${ids}`)).json()) as {
    counts: Record<string, number>;
  };
  const found = Object.entries(counts.counts).find(([, n]) => n > 0);
  expect(found).toBeDefined();
  return Number(found![0]);
}

test('the admin edits a job on its page (price recalculated) and accepts an application on the applications page', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const jobs = (await (await page.request.get(`${BFF}/jobs?status=open&date=tomorrow&limit=5`)).json()) as {
    items: { id: number }[];
  };
  const jobId = jobs.items[0]!.id;

  await page.goto(`/admin/jobs/${jobId}/edit`);
  const area = page.getByTestId('remote-admin_ops');
  await expect(area.getByLabel('Turno (carga horária)')).toBeVisible();
  await area.getByLabel('Turno (carga horária)').selectOption('10');
  await area.getByLabel('Início').fill('08:00');
  await expect(area.getByTestId('cost-charge')).toHaveText('R$ 189,00');
  await expect(area.getByTestId('cost-payout')).toHaveText('R$ 150,00');
  await expect(area.getByTestId('cost-commission')).toHaveText('R$ 39,00');
  await expect(area.getByLabel(/^Refeição/)).toHaveValue('');
  await expectNoAxeViolations(page);
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith(`${BFF}/jobs/${jobId}`),
  );
  await area.getByRole('button', { name: 'Salvar Alterações' }).click();
  expect((await saved).status()).toBe(200);
  await expect(area.getByTestId('job-edit-message')).toHaveText('✅ Vaga atualizada com sucesso!');
  await page.waitForURL('**/admin/dashboard');
  const job = (await (await page.request.get(`${BFF}/jobs/${jobId}`)).json()) as {
    hourly_rate: number;
    end_time: string;
  };
  expect(job).toMatchObject({ hourly_rate: 189, end_time: '18:00' });

  // A missing job.
  await page.goto('/admin/jobs/999999/edit');
  await expect(page.getByTestId('job-missing')).toContainText('Vaga não encontrada');

  // The applications page: accept a pending application (confirmed).
  const withApplications = await openJobWithApplications(page);
  await page.goto(`/admin/jobs/${withApplications}/applications`);
  await expect(area.getByRole('heading', { name: /^Candidaturas \(\d+\)$/ })).toBeVisible();
  await expect(area.getByTestId('job-info')).toBeVisible();
  await expectNoAxeViolations(page);
  await area
    .getByRole('button', { name: /^Aceitar / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Aceitar candidatura' });
  await expect(dialog).toContainText('Tem certeza que deseja aceitar esta candidatura?');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Aceitar' }).click();
  await expect(area.getByTestId('action-feedback')).toContainText('Candidatura aceita com sucesso!');
  await expect(area.getByText('Aceita', { exact: true })).toBeVisible();
  expect(unexpectedErrors()).toEqual([]);
});

test('the admin creates two vacancies in Criar Vagas, blocks and unblocks, reads Avaliações and exports Mercados', async ({
  page,
}) => {
  // Four tabs and five axe scans: beside the unit lane in CI it passed the default 60 s (1.1 min).
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  const area = page.getByTestId('remote-admin_ops');

  // Criar Vagas: the meal select waits for workload and start; two dates, quantity 1.
  await openTab(page, 'Criar Vagas');
  await expect(area.getByRole('heading', { name: 'Criar Vagas' })).toBeVisible();
  await expect(area.getByLabel(/^Refeição/)).toBeDisabled();
  await area.getByLabel('Mercado', { exact: true }).selectOption({ label: 'Supermercado Bom Preço' });
  // The demo business is a chain (issue 28): its vacancies go to the store chosen.
  await area.getByLabel('Loja', { exact: true }).selectOption({ label: 'Supermercado Bom Preço' });
  await area.getByLabel('Função').selectOption('Estoquista');
  const chips = area.getByRole('group', { name: /Datas/ }).getByRole('button');
  await chips.nth(1).click();
  await chips.nth(2).click();
  await area.getByLabel('Carga horária').selectOption('8');
  await area.getByLabel('Início').fill('09:00');
  await expect(area.getByLabel(/^Refeição/)).toBeEnabled();
  await expect(area.getByTestId('create-jobs-preview')).toContainText('R$ 149,00');
  await expectNoAxeViolations(page);
  await area.getByRole('button', { name: 'Criar Vagas' }).click();
  await expect(area.getByTestId('create-jobs-message')).toHaveText('2 vagas criadas com sucesso!');

  // Bloqueios: block Fernanda (not approved: the admin may block anyone) at Supermercado Bom Preço, then remove it (confirmed).
  await openTab(page, 'Bloqueios');
  await expect(area.getByRole('heading', { name: /^Bloqueios Ativos \(\d+\)$/ })).toBeVisible();
  await expect(area.getByText('Freelancers bloqueados não veem as vagas daquele mercado.')).toBeVisible();
  await expectNoAxeViolations(page);
  await area.getByRole('button', { name: 'Novo Bloqueio' }).click();
  const modal = page.getByRole('dialog', { name: 'Novo Bloqueio' });
  await expect(modal.getByRole('button', { name: 'Bloquear' })).toBeDisabled();
  const fernanda = await modal
    .getByLabel('Freelancer')
    .locator('option', { hasText: 'Fernanda Costa (não aprovado)' })
    .getAttribute('value');
  await modal.getByLabel('Freelancer').selectOption(fernanda!);
  await modal.getByLabel('Mercado', { exact: true }).selectOption({ label: 'Supermercado Bom Preço' });
  await modal.getByLabel(/^Motivo/).fill('Teste de bloqueio');
  await expectNoAxeViolations(page);
  await modal.getByRole('button', { name: 'Bloquear' }).click();
  await expect(area.getByTestId('action-feedback')).toHaveText('✅ Freelancer bloqueado com sucesso!');
  const item = area.getByRole('listitem').filter({ hasText: 'Teste de bloqueio' });
  await expect(item).toContainText('Admin');
  await item.getByRole('button', { name: /^Remover bloqueio/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Remover bloqueio' });
  await expect(confirm).toContainText('Tem certeza que deseja remover este bloqueio?');
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await expect(area.getByTestId('action-feedback')).toHaveText('✅ Bloqueio removido com sucesso!');
  await expect(area.getByRole('listitem').filter({ hasText: 'Teste de bloqueio' })).toHaveCount(0);

  // Avaliações: the cards and a filter on the server.
  await openTab(page, 'Avaliações');
  await expect(area.getByRole('group', { name: 'Resumo das avaliações' })).toContainText(
    'Total de avaliações',
  );
  const filtered = page.waitForResponse(
    (r) => r.url().includes(`${BFF}/ratings?`) && r.url().includes('rating=5'),
  );
  await area.getByLabel('Nota').selectOption('5');
  expect((await filtered).status()).toBe(200);
  await expectNoAxeViolations(page);

  // Mercados → Exportar Excel: the file holds the rows shown.
  await openTab(page, 'Mercados');
  await area.getByLabel('Status').selectOption('approved');
  await expect(area.getByRole('row').filter({ hasText: 'Supermercado Bom Preço' })).toBeVisible();
  const rows = area.getByRole('row').filter({ has: page.locator('td') });
  const download = page.waitForEvent('download');
  await area.getByRole('link', { name: 'Exportar Excel: Mercados' }).click();
  const file = await (await download).path();
  const book = new ExcelJS.Workbook();
  const bytes = readFileSync(file!);
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const names: string[] = [];
  book.worksheets[0]!.eachRow((row, n) => {
    if (n > 1) names.push(String(row.getCell(1).value));
  });
  const dataNames = names.filter((n) => n !== 'Total');
  // The rows shown once the filtered list has replaced the unfiltered one (read at once, a loaded
  // machine could still show every status).
  await expect(rows).toHaveCount(dataNames.length);
  const shown = await rows.allInnerTexts();
  for (const [i, name] of dataNames.entries()) expect(shown[i]).toContain(name);
  expect(unexpectedErrors()).toEqual([]);
});

for (const width of [1280, 360]) {
  test(`at ${width} px the operations tabs fit the screen (no horizontal scroll) and axe finds nothing`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    const area = page.getByTestId('remote-admin_ops');
    const shots = process.env.TURNO_SHOTS_DIR;
    for (const [tab, ready] of [
      ['Criar Vagas', 'Criar Vagas'],
      ['Avaliações', 'Avaliações'],
      ['Bloqueios', 'Bloqueios'],
      ['Controle Mercado', 'Controle Mercado'],
      ['Mercados', 'Mercados'],
      ['Freelancers', 'Freelancers'],
    ] as const) {
      await openTab(page, tab);
      await expect(area.getByRole('heading', { name: ready, exact: true }).first()).toBeVisible();
      await expect(area.getByText('Carregando...')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ tab, overflow }).toEqual({ tab, overflow: 0 });
      if (shots) await page.screenshot({ path: `${shots}/${tab.replace(/ /g, '-')}-${width}.png` });
    }
    await expectNoAxeViolations(page);
    expect(unexpectedErrors()).toEqual([]);
  });
}

test('Controle Mercado shows the chosen business dashboard, agenda and invoices; with admin_billing stopped only Faturas falls back', async ({
  page,
}) => {
  // Three screens with axe each, then a second page load: about 25 s on the CI machine, too close to
  // the 30 s default.
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  const area = page.getByTestId('remote-admin_ops');
  await openTab(page, 'Controle Mercado');
  await expect(area.getByRole('tab', { name: 'Dashboard' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await area.getByLabel('Buscar mercado').fill('zzzz nada');
  await area.getByLabel('Buscar mercado').press('Enter');
  await expect(area.getByText('Nenhum mercado encontrado')).toBeVisible();
  await area.getByLabel('Buscar mercado').fill('Bom Preço');
  await area.getByLabel('Buscar mercado').press('Enter');
  await area.getByRole('button', { name: /^Supermercado Bom Preço/ }).click();
  await expect(area.getByRole('heading', { name: 'Controle Mercado: Supermercado Bom Preço' })).toBeVisible();
  await expect(area.getByRole('button', { name: 'Criar Vaga' })).toBeVisible();
  await expect(area.getByText(/Semana|semana/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The agenda's filters, cards and axe at both widths: the agenda tests below.
  await area.getByRole('tab', { name: 'Agenda' }).click();
  await expect(area.getByTestId('list-count')).toBeVisible();

  await area.getByRole('tab', { name: 'Faturas' }).click();
  await expect(area.getByText(/Fatura|fatura/).first()).toBeVisible();
  await expectNoAxeViolations(page);
  expect(unexpectedErrors()).toEqual([]);

  // admin_billing down, as this browser sees it: every request to its server refused (stopping the
  // process itself is remote-down.spec.ts's test; here it would leave the suites after this one
  // without the remote). A fresh page's Faturas sub-tab falls back, the rest works.
  const registered = (await (await page.request.get('/remotes.json')).json()) as {
    remotes: { name: string; entry: string }[];
  };
  const billingOrigin = new URL(registered.remotes.find((remote) => remote.name === 'admin_billing')!.entry)
    .origin;
  await page.route(
    (url) => url.origin === billingOrigin,
    (route) => route.abort('connectionrefused'),
  );
  await page.goto('/admin/dashboard?tab=controle-mercado');
  await area.getByRole('button', { name: /^Supermercado Bom Preço/ }).click();
  await area.getByRole('tab', { name: 'Faturas' }).click();
  await expect(area.getByTestId(/^(invoices-fallback|remote-fallback)$/)).toContainText('indisponíve');
  await area.getByRole('tab', { name: 'Agenda' }).click();
  await expect(area.getByTestId('list-count')).toBeVisible();
});

/** The agenda route of Controle Mercado (any business) and its answer. */
const isAgenda = (url: string) => /\/api\/admin\/restaurants\/\d+\/jobs$/.test(new URL(url).pathname);
type AgendaPage = {
  items: { id: number; date_needed: string; status: string }[];
  total: number;
  counts: Record<'all' | 'open' | 'assigned' | 'completed', number>;
};

/** Controle Mercado → Supermercado Bom Preço → Agenda; resolves with the agenda's first answer. */
async function openBomPrecoAgenda(page: Page) {
  const area = page.getByTestId('remote-admin_ops');
  await openTab(page, 'Controle Mercado');
  await area.getByLabel('Buscar mercado').fill('Bom Preço');
  await area.getByLabel('Buscar mercado').press('Enter');
  await area.getByRole('button', { name: /^Supermercado Bom Preço/ }).click();
  const firstRead = page.waitForResponse((r) => isAgenda(r.url()) && r.request().method() === 'GET');
  await area.getByRole('tab', { name: 'Agenda' }).click();
  return firstRead;
}

test("Controle Mercado's agenda: the next 7 days by default, the status narrows the cards and the count, Atualizar re-reads", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const area = page.getByTestId('remote-admin_ops');

  // The period starts on "Próximos 7 dias" (issue 22): the server's default, today and the next 6
  // days (the dates a vacancy can be created for), with yesterday's shifts still under way.
  const first = await openBomPrecoAgenda(page);
  expect(new URL(first.url()).search).toBe('');
  const week = (await first.json()) as AgendaPage;
  const today = saoPauloDate(new Date());
  expect(week.items.length).toBeGreaterThan(0);
  for (const job of week.items)
    expect(job.date_needed >= addDays(today, -1) && job.date_needed <= addDays(today, 6)).toBe(true);
  await expect(area.getByLabel('Período')).toHaveValue('next7');
  await expect(area.getByLabel('Período').locator('option:checked')).toHaveText('Próximos 7 dias');
  await expect(area.getByRole('searchbox', { name: 'Buscar vaga' })).toBeVisible();
  const count = area.getByTestId('list-count');
  await expect(count).toHaveText(`Mostrando ${week.items.length} de ${week.total}`);
  await expect(area.getByTestId('job-card')).toHaveCount(week.items.length);
  await expect(area.getByRole('button', { name: /^Excluir — vaga #\d+$/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // "Alocadas": fewer cards, all allocated, and the count follows.
  const narrowed = page.waitForResponse(
    (r) => isAgenda(r.url()) && new URL(r.url()).searchParams.get('status') === 'assigned',
  );
  await area.getByLabel('Status').selectOption('assigned');
  const assigned = (await (await narrowed).json()) as AgendaPage;
  expect(assigned.total).toBe(week.counts.assigned);
  expect(assigned.total).toBeGreaterThan(0);
  expect(assigned.total).toBeLessThan(week.total);
  expect(assigned.items.every((job) => job.status === 'assigned')).toBe(true);
  await expect(count).toHaveText(`Mostrando ${assigned.items.length} de ${assigned.total}`);
  await expect(area.getByTestId('job-card')).toHaveCount(assigned.items.length);
  await expect(area.getByTestId('job-card').getByText('Aberta', { exact: true })).toHaveCount(0);

  // "Atualizar" re-reads the list shown, conditionally (304 while nothing changed).
  const reread = page.waitForResponse(
    (r) =>
      isAgenda(r.url()) &&
      new URL(r.url()).searchParams.get('status') === 'assigned' &&
      r.request().headers()['if-none-match'] !== undefined,
  );
  await area.getByRole('button', { name: 'Atualizar' }).click();
  expect([200, 304]).toContain((await reread).status());
  await expect(count).toHaveText(`Mostrando ${assigned.items.length} de ${assigned.total}`);

  // Back to every status.
  await area.getByLabel('Status').selectOption('all');
  await expect(count).toHaveText(`Mostrando ${week.items.length} de ${week.total}`);
  expect(unexpectedErrors()).toEqual([]);
});

for (const width of [1280, 360]) {
  test(`at ${width} px Controle Mercado's agenda fits the screen, its filters and "Atualizar" reachable, and axe finds nothing`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    const area = page.getByTestId('remote-admin_ops');
    await openBomPrecoAgenda(page);
    await expect(area.getByTestId('job-card').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect({ width, overflow }).toEqual({ width, overflow: 0 });
    for (const control of [
      area.getByRole('searchbox', { name: 'Buscar vaga' }),
      area.getByLabel('Período'),
      area.getByLabel('Status'),
      area.getByRole('button', { name: 'Atualizar' }),
      area.getByRole('button', { name: /^Excluir — vaga #\d+$/ }).first(),
    ]) {
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport();
    }
    await expectNoAxeViolations(page);
    const shots = process.env.TURNO_SHOTS_DIR;
    if (shots) {
      // From the top: the host's sticky header would otherwise be drawn over the cards.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${shots}/Agenda-${width}.png`, fullPage: true });
    }
    expect(unexpectedErrors()).toEqual([]);
  });
}
