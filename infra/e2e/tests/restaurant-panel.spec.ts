import { spawnSync } from 'node:child_process';
import { DEMO_RESTAURANT_NAME } from '@turno/core/demo-accounts';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { MESSAGES, formatMoney, shiftPrice } from '@turno/domain';
import { E2E_ENV } from '../e2e-env';
import { expectNoAxeViolations } from '../support/axe';
import { watchConsoleErrors } from '../support/console-errors';
import { signInAs } from '../support/sign-in';

/**
 * The restaurant ("Mercado") panel of issue 8, as the demo business (Marcos Almeida, Supermercado
 * Bom Preço): a vacancy created through the Dashboard's form and found in the Agenda with its
 * filters, at 1280 and 360 px; then an application of the demo freelancer (Ana Souza) accepted, and
 * her check-in and check-out approved after she asks for them, the completion message and her
 * rating. axe-core checks each screen and open dialog; no console errors.
 */

/** A Sao Paulo calendar date, `days` from today, as 'AAAA-MM-DD'. */
const saoPauloDate = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

const panel = (page: Page) => page.getByTestId('remote-restaurant');

/** axe-core on a settled screen: no list half-faded while it reads new filters (aria-busy). */
async function checkAxe(page: Page, include?: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAxeViolations(page, include);
}

/** A vacancy as the agenda shows it: a table row on a wide screen, a card on a narrow one. */
const vacancy = (area: Locator, ...texts: string[]) =>
  texts.reduce((found, text) => found.filter({ hasText: text }), area.locator('tr, li'));

/** The agenda narrowed to one day, one status and a search, each a query parameter of GET /api/jobs. */
async function filterAgenda(page: Page, date: string, status: string, search: string) {
  const area = panel(page);
  await area.getByRole('tab', { name: 'Agenda' }).click();
  await expect(area.getByTestId('list-count')).toBeVisible();
  await area.getByLabel('Período').selectOption('date');
  await area.getByLabel('Data', { exact: true }).fill(date);
  await area.getByLabel('Status').selectOption(status);
  // The answer to the search itself (debounced after the other filters), not an earlier filter's.
  const searched = page.waitForResponse(
    (r) =>
      r.url().includes('/bff/restaurant/api/jobs?') &&
      r.url().includes(`date=${date}`) &&
      new URL(r.url()).searchParams.get('q') === search &&
      r.ok(),
  );
  await area.getByRole('searchbox', { name: 'Buscar vaga' }).fill(search);
  await searched;
}

for (const { width, start } of [
  { width: 1280, start: '09:00' },
  { width: 360, start: '10:00' },
]) {
  test(`at ${width} px a business creates a vacancy for tomorrow and finds it in the agenda`, async ({
    page,
  }) => {
    const errors = watchConsoleErrors(page);
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'Marcos Almeida');
    const area = panel(page);

    // The panel opens on the Dashboard, with "Criar vaga".
    await expect(area.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
    await area.getByRole('button', { name: 'Criar vaga' }).click();
    const form = area.getByRole('form', { name: 'Criar vaga' });
    await checkAxe(page);
    await form.getByLabel('Tipo de vaga').selectOption('Aux de Açougueiro');
    await form.getByLabel('Loja').selectOption({ label: DEMO_RESTAURANT_NAME }); // the demo chain's main store
    await form.getByRole('button', { name: /^Amanhã/ }).click();
    await expect(form.getByRole('button', { name: /^Amanhã/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(form.getByLabel(/Horário de refeição/)).toBeDisabled();
    await form.getByLabel('Carga horária').selectOption('6');
    await form.getByLabel('Início').fill(start);
    await form.getByLabel(/Horário de refeição/).selectOption({ index: 1 });
    await form.getByLabel('Quantidade por data').selectOption('2');

    // The price shown is libs/domain's, per freelancer and for the two vacancies.
    const price = shiftPrice(6, start);
    await expect(form.getByTestId('price-per-freelancer')).toHaveText(formatMoney(price));
    await expect(form.getByTestId('price-total')).toHaveText(formatMoney(price * 2));
    await expect(form.getByTestId('end-time')).toHaveText(start === '09:00' ? '15:00' : '16:00');

    const created = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/bff/restaurant/api/jobs' && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Criar vaga' }).click();
    expect((await created).status()).toBe(201);
    await expect(area.getByTestId('dashboard-message')).toHaveText(MESSAGES.jobs.created(2));

    await filterAgenda(page, saoPauloDate(1), 'open', 'açougueiro');
    const rows = vacancy(area, 'Aux de Açougueiro', `${start} às`);
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Aberta');
    await expect(rows.first()).toContainText(formatMoney(price));
    await expect(area.getByTestId('list-count')).toHaveText(/^Mostrando \d+ de \d+$/);
    const box = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(box).toBeLessThanOrEqual(width);
    await checkAxe(page);
    expect(errors).toEqual([]);
  });
}

/** Signs the demo freelancer in, in a browser of her own; returns a caller of her BFF. */
async function freelancerBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, 'Ana Souza');
  const call = (path: string, method = 'GET', body?: unknown) =>
    page.evaluate(
      async ({ path, method, body }) => {
        const response = await fetch(`/bff/freelancer/api${path}`, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      },
      { path, method, body },
    );
  return { call, close: () => context.close() };
}

type Freelancer = Awaited<ReturnType<typeof freelancerBrowser>>;

/** The demo freelancer's shift of `today` she is on the way to, if she holds one. */
async function currentShift(ana: Freelancer, today: string) {
  const shifts = await ana.call('/freelancers/jobs?scope=active&limit=200');
  const items = shifts.body.items as {
    id: number;
    date_needed: string;
    start_time: string;
    position_type: string;
    on_the_way_time: string | null;
  }[];
  return items.find((shift) => shift.on_the_way_time !== null && shift.date_needed === today);
}

/** A call to the restaurant BFF with the business page's session. */
function businessCall(page: Page, path: string, method = 'GET', body?: unknown) {
  return page.evaluate(
    async ({ path, method, body }) => {
      const response = await fetch(`/bff/restaurant/api${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { path, method, body },
  );
}

/**
 * When an earlier suite already used the seeded shift of today (the freelancer flow clears Ana's
 * shifts), the same situation made through the calls: a vacancy starting in about 20 minutes,
 * applied to, accepted, and Ana on her way.
 */
async function shiftStartingSoon(page: Page, ana: Freelancer) {
  // Ana's shifts left held by earlier suites (a check-in by code whose check-out they refused) would
  // overlap this one: released first, as an admin would.
  const release = spawnSync(
    'psql',
    [
      E2E_ENV.DATABASE_URL,
      '-c',
      `update assignments set status = 'cancelled', cancelled_by = 'admin', cancelled_at = now()
        where status in ('assigned', 'in_progress')
          and freelancer_id = (select id from freelancers where name = 'Ana Souza')`,
    ],
    { encoding: 'utf8' },
  );
  if (release.status !== 0) throw new Error(`psql failed: ${release.stderr}`);
  const startsAt = new Date(Math.ceil((Date.now() + 20 * 60_000) / 300_000) * 300_000);
  const startTime = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(startsAt);
  // The start's own date: in the last 20 minutes of the day it is tomorrow's (never a past start).
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(startsAt);
  const created = await businessCall(page, '/jobs', 'POST', {
    positionType: 'Empacotador/Embalador',
    dates: [date],
    workload: 6,
    startTime,
    quantity: 1,
  });
  expect(created.status).toBe(201);
  const jobId = (created.body.jobIds as number[])[0]!;
  expect(await ana.call(`/jobs/${jobId}/apply`, 'POST', {})).toMatchObject({ status: 201 });
  const applications = await businessCall(page, `/restaurant/jobs/${jobId}/applications`);
  const application = (applications.body as unknown as { id: number }[])[0]!;
  expect((await businessCall(page, `/restaurant/applications/${application.id}/accept`, 'POST')).status).toBe(
    200,
  );
  const shift = (await ana.call('/freelancers/jobs?scope=active&limit=200')).body.items as {
    id: number;
    job_id: number;
  }[];
  const held = shift.find((item) => item.job_id === jobId)!;
  expect((await ana.call(`/freelancers/on-the-way/${held.id}`, 'POST')).status).toBe(200);
  return currentShift(ana, date);
}

test('a business accepts the demo freelancer’s application and approves her check-in and check-out', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsoleErrors(page);
  await signInAs(page, 'Marcos Almeida');
  const area = panel(page);
  const tomorrow = saoPauloDate(1);
  // A vacancy tomorrow afternoon (Ana's only shift ends long before), through the form's call.
  const created = await page.evaluate(async (date) => {
    const response = await fetch('/bff/restaurant/api/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        positionType: 'Ajudante de Limpeza',
        dates: [date],
        workload: 6,
        startTime: '14:00',
        quantity: 1,
      }),
    });
    return (await response.json()) as { jobIds: number[] };
  }, tomorrow);
  const jobId = created.jobIds[0]!;

  const ana = await freelancerBrowser(browser);
  try {
    const applied = await ana.call(`/jobs/${jobId}/apply`, 'POST', { message: 'Posso chegar mais cedo.' });
    expect(applied.status).toBe(201);

    // The agenda's badge counts it; the applications modal shows her and what she wrote.
    await filterAgenda(page, tomorrow, 'open', 'limpeza');
    const row = vacancy(area, 'Ajudante de Limpeza', '14:00 às 20:00');
    await expect(row.getByRole('button', { name: /^Ver candidaturas 1 de/ })).toBeVisible();
    await row.getByRole('button', { name: /^Ver candidaturas/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Candidaturas — Ajudante de Limpeza/ });
    await expect(dialog).toContainText(MESSAGES.applications.acceptExplanation);
    await checkAxe(page, '[role="dialog"]');
    const applicant = dialog.getByRole('listitem', { name: 'Ana Souza' });
    await expect(applicant).toContainText('Posso chegar mais cedo.');
    await applicant.getByRole('button', { name: 'Aceitar' }).click();
    await expect(applicant).toContainText(MESSAGES.confirmations.acceptApplicationRejectsOthers);
    await applicant.getByRole('button', { name: 'Sim, aceitar' }).click();
    await expect(dialog).toBeHidden();
    await expect(area.getByTestId('agenda-message')).toContainText(MESSAGES.applications.accepted);
    await area.getByLabel('Status').selectOption('all');
    await expect(vacancy(area, 'Ajudante de Limpeza', '14:00 às 20:00', 'Ana Souza')).toContainText(
      'Alocada',
    );

    // Her shift of today (seeded "a caminho", starting within the hour): she asks for check-in.
    const today = saoPauloDate(0);
    const current = (await currentShift(ana, today)) ?? (await shiftStartingSoon(page, ana));
    expect(current).toBeDefined();
    // Her shift's row among the day's (another suite may have completed one of hers today).
    const ofShift = ['Ana Souza', current!.position_type, `${current!.start_time} às`];
    expect((await ana.call(`/freelancers/checkin/${current!.id}`, 'POST')).status).toBe(200);

    // The shift's day (today's, unless it was made in the last minutes of the day for tomorrow).
    await area.getByLabel('Período').selectOption('date');
    await area.getByLabel('Data', { exact: true }).fill(current!.date_needed);
    await area.getByRole('searchbox', { name: 'Buscar vaga' }).fill('');
    const shift = vacancy(area, ...ofShift, 'Aguardando Aprovação Check-in');
    await shift.getByRole('button', { name: 'Aprovar check-in' }).click();
    // Confirmed in a dialog with the times (issue 23).
    const confirmCheckIn = page.getByRole('dialog', { name: 'Aprovar check-in' });
    await confirmCheckIn.getByRole('button', { name: 'Aprovar check-in' }).click();
    await expect(area.getByTestId('agenda-message')).toHaveText(MESSAGES.shifts.checkInApproved);
    await expect(vacancy(area, ...ofShift, 'Em Andamento')).toHaveCount(1);

    expect((await ana.call(`/freelancers/checkout/${current!.id}`, 'POST')).status).toBe(200);
    const finishing = vacancy(area, ...ofShift, 'Aguardando Aprovação Check-out');
    await finishing.getByRole('button', { name: 'Aprovar check-out' }).click();
    // The check-out dialog: by worked time (an early departure) or the whole shift.
    await page
      .getByRole('dialog', { name: 'Aprovar check-out' })
      .getByRole('button', { name: /^Aprovar( pelo tempo trabalhado)?$/ })
      .click();
    await expect(area.getByTestId('agenda-message')).toHaveText(
      MESSAGES.shifts.completedForRestaurant('Ana Souza'),
    );

    // 3 s later the rating modal: stars are required, the comment is counted.
    const rating = page.getByRole('dialog', { name: 'Avaliar freelancer' });
    await expect(rating).toBeVisible();
    await expect(rating).toContainText('Ana Souza');
    await expect(area.getByTestId('agenda-message')).toHaveText(
      MESSAGES.shifts.completedForRestaurant('Ana Souza'),
    );
    await checkAxe(page, '[role="dialog"]');
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/avaliar-1280.png` });
    await rating.getByRole('button', { name: 'Enviar avaliação' }).click();
    await expect(rating.getByTestId('rating-error')).toHaveText(MESSAGES.ratings.starsRequired);
    await rating.locator('label').filter({ hasText: '5 estrelas' }).click();
    await rating.getByLabel(/^Comentário/).fill('Pontual e muito atenciosa.');
    await expect(rating).toContainText('26/500 caracteres');
    const sent = page.waitForResponse((r) => r.url().endsWith('/bff/restaurant/api/ratings'));
    await rating.getByRole('button', { name: 'Enviar avaliação' }).click();
    expect((await sent).status()).toBe(201);
    await expect(rating).toBeHidden();
    await expect(area.getByTestId('agenda-message')).toHaveText(MESSAGES.ratings.submitted);
    // Rated once: the completed shift no longer offers "Avaliar".
    const done = vacancy(area, ...ofShift, 'Concluída');
    await expect(done.first()).toBeVisible();
    await expect(done.getByRole('button', { name: /^Avaliar / })).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await ana.close();
  }
});
