import { spawnSync } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { MESSAGES } from '@turno/domain';
import { E2E_ENV } from '../e2e-env';
import { expectNoAxeViolations } from '../support/axe';
import { callThroughPage, shot } from '../support/page-tools';
import { signInAs, signInAsAdmin } from '../support/sign-in';

/**
 * A fair reliability record (issue 23), in Chromium at 1280 and 360 px: the demo freelancer with 3
 * strikes of the last days is suspended from applying (a banner on Vagas says until when); she
 * sees them in "Ocorrências" (from Perfil's Confiabilidade card) and appeals the latest; the admin
 * removes it in "Disputas" with a note; she sees it removed and the suspension lifted, and the
 * business sees her reliability beside her application and sorts by it. The strikes are written
 * straight into the e2e database (what a no-show sweep would do) and deleted at the end.
 */

const t = MESSAGES.reliability;
const WIDTHS = [1280, 360] as const;

function sql(statement: string): string {
  const run = spawnSync('psql', [E2E_ENV.DATABASE_URL, '-Atq', '-v', 'ON_ERROR_STOP=1', '-c', statement], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`psql failed: ${run.stderr}`);
  return run.stdout.trim();
}

const ANA = `(select f.id from freelancers f join identities i on i.user_id = f.user_id
  where i.subject = 'demo-freelancer' limit 1)`;

let strikeIds: number[] = [];

test.beforeAll(() => {
  // Three no-shows, 3, 2 and 1 days ago, each on one of her past shifts when she has them.
  const rows =
    sql(`insert into freelancer_strikes (freelancer_id, assignment_id, reason, created_at, expires_at)
    select ${ANA}, (select a.id from assignments a where a.freelancer_id = ${ANA}
        and not exists (select 1 from freelancer_strikes s where s.assignment_id = a.id and s.reason = 'no_show')
        order by a.id desc offset d.n - 1 limit 1),
      'no_show', now() - make_interval(days => d.n), now() - make_interval(days => d.n) + interval '90 days'
    from (values (3), (2), (1)) as d(n)
    returning id`);
  strikeIds = rows
    .split('\n')
    .filter((line) => /^\d+$/.test(line))
    .map(Number);
  expect(strikeIds).toHaveLength(3);
});

test.afterAll(() => {
  if (strikeIds.length > 0) sql(`delete from freelancer_strikes where id in (${strikeIds.join(',')})`);
});

async function settled(page: Page, include?: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAxeViolations(page, include);
}

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Signs the demo freelancer in, in a browser of her own. */
async function freelancerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await signInAs(page, 'Ana Souza');
  return page;
}

async function openOccurrences(page: Page) {
  const area = page.getByTestId('remote-freelancer');
  await area.getByRole('tab', { name: 'Perfil' }).click();
  await area.getByRole('button', { name: t.openScreen }).click();
  await expect(area.getByRole('heading', { name: t.screenTitle })).toBeVisible();
  return area;
}

test('a strike is appealed, removed in Disputas, and the suspension lifted', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const latest = strikeIds.at(-1)!;
  const ana = await freelancerPage(browser);
  const area = ana.getByTestId('remote-freelancer');
  try {
    // Suspended: Vagas says until when; applying is refused by the server too.
    for (const width of WIDTHS) {
      await ana.setViewportSize({ width, height: 900 });
      await area.getByRole('tab', { name: 'Vagas' }).click();
      await expect(area.getByTestId('banner-suspended')).toContainText(t.suspendedTitle);
      await noOverflow(ana);
      await shot(ana, `reliability-vagas-suspended-${width}`);
    }

    // Perfil: the score line and its explanation; "Ocorrências".
    for (const width of WIDTHS) {
      await ana.setViewportSize({ width, height: 900 });
      await area.getByRole('tab', { name: 'Perfil' }).click();
      const score = area.getByTestId('reliability-score');
      await expect(score).toHaveText(new RegExp(`/100$|^${t.noHistory}$`));
      await expect(area.getByTestId('reliability-explanation')).toHaveText(t.scoreExplanation);
      await score.scrollIntoViewIfNeeded();
      await shot(ana, `reliability-perfil-score-${width}`);
      await settled(ana);
      await area.getByRole('button', { name: t.openScreen }).click();
      await expect(area.getByRole('heading', { name: t.screenTitle })).toBeVisible();
      await expect(area.getByTestId('strikes-suspended')).toBeVisible();
      await expect(area.getByTestId(`strike-${latest}`)).toContainText(t.appealLabels.none!);
      await noOverflow(ana);
      await shot(ana, `reliability-ocorrencias-${width}`, { fullPage: true });
      await settled(ana);
      await area.getByRole('button', { name: t.closeScreen }).click();
    }

    // The appeal dialog, at both widths; sent at 360 px.
    await ana.setViewportSize({ width: 1280, height: 900 });
    await openOccurrences(ana);
    await area.getByTestId(`strike-${latest}`).getByRole('button', { name: t.appealButton }).click();
    const dialog = ana.getByRole('dialog', { name: t.appealTitle });
    await expect(dialog).toBeVisible();
    await shot(ana, 'reliability-appeal-dialog-1280');
    await settled(ana, '[role="dialog"]');
    await dialog.getByRole('button', { name: t.cancel }).click();
    await expect(dialog).toBeHidden();
    await ana.setViewportSize({ width: 360, height: 800 });
    await area.getByTestId(`strike-${latest}`).getByRole('button', { name: t.appealButton }).click();
    await dialog.getByLabel(t.appealTextLabel).fill('abc');
    await dialog.getByRole('button', { name: t.appealSubmit }).click();
    await expect(dialog.getByTestId('appeal-error')).toHaveText(t.appealTextLength);
    await dialog
      .getByLabel(t.appealTextLabel)
      .fill('O ônibus quebrou no caminho e avisei o gerente pelo telefone.');
    await shot(ana, 'reliability-appeal-dialog-360');
    await settled(ana, '[role="dialog"]');
    await dialog.getByRole('button', { name: t.appealSubmit }).click();
    await expect(dialog).toBeHidden();
    await expect(area.getByTestId('strikes-flash')).toHaveText(t.appealSent);
    await expect(area.getByTestId(`strike-${latest}`)).toContainText(t.appealLabels.pending!);

    // The admin decides it in Disputas.
    await signInAsAdmin(page);
    const ops = page.getByTestId('remote-admin_ops');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/dashboard?tab=disputas');
      await expect(ops.getByRole('heading', { name: t.disputesTitle })).toBeVisible();
      const row = ops.getByTestId(`dispute-${latest}`);
      await expect(row).toContainText('Ana Souza');
      await expect(row).toContainText('O ônibus quebrou no caminho');
      await row.scrollIntoViewIfNeeded();
      await noOverflow(page);
      await shot(page, `reliability-disputas-${width}`);
      await settled(page);
    }
    const row = ops.getByTestId(`dispute-${latest}`);
    await row.getByRole('button', { name: `${t.decide}: Ana Souza` }).click();
    const decision = page.getByRole('dialog', { name: t.decideTitle });
    await decision.getByLabel(t.noteLabel).fill('O mercado confirmou o aviso por telefone.');
    await shot(page, 'reliability-decision-dialog-360');
    await settled(page, '[role="dialog"]');
    await decision.getByRole('button', { name: t.remove }).click();
    await expect(decision).toBeHidden();
    await expect(ops.getByTestId('action-feedback')).toHaveText(t.decidedRemoved);
    await expect(ops.getByTestId(`dispute-${latest}`)).toHaveCount(0);

    // She sees it removed (live or on the next read) and may apply again.
    await ana.setViewportSize({ width: 1280, height: 900 });
    await ana.reload();
    await openOccurrences(ana);
    const strike = area.getByTestId(`strike-${latest}`);
    await expect(strike).toContainText(t.appealLabels.removed!);
    await expect(strike).toContainText('O mercado confirmou o aviso por telefone.');
    await expect(area.getByTestId('strikes-suspended')).toHaveCount(0);
    await shot(ana, 'reliability-ocorrencias-removed-1280', { fullPage: true });
    await area.getByRole('tab', { name: 'Vagas' }).click();
    await expect(area.getByRole('heading', { name: /Vagas disponíveis/ })).toBeVisible();
    await expect(area.getByTestId('banner-suspended')).toHaveCount(0);
  } finally {
    await ana.context().close();
  }
});

test('the business sees the reliability beside each applicant and sorts by it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'Marcos Almeida');
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + 5 * 86_400_000),
  );
  const created = await callThroughPage<{ jobIds: number[] }>(page, '/bff/restaurant/api/jobs', 'POST', {
    positionType: 'Atendentes de Loja',
    dates: [date],
    workload: 6,
    startTime: '15:10',
    quantity: 1,
  });
  expect(created.status).toBe(201);
  const jobId = created.body.jobIds[0]!;
  const ana = await freelancerPage(browser);
  try {
    const applied = await callThroughPage(ana, `/bff/freelancer/api/jobs/${jobId}/apply`, 'POST', {});
    expect(applied.status).toBe(201);
    const area = page.getByTestId('remote-restaurant');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await area.getByRole('tab', { name: 'Agenda' }).click();
      await expect(area.getByTestId('list-count')).toBeVisible();
      await area.getByLabel('Período').selectOption('date');
      await area.getByLabel('Data', { exact: true }).fill(date);
      const row = area
        .locator('tr, li')
        .filter({ hasText: 'Atendentes de Loja' })
        .filter({ hasText: '15:10' });
      await row
        .getByRole('button', { name: /^Ver candidaturas/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: /^Candidaturas — Atendentes de Loja/ });
      const applicant = dialog.getByRole('listitem', { name: 'Ana Souza' });
      await expect(applicant.getByTestId('applicant-reliability')).toContainText('turnos concluídos');
      const sorted = page.waitForResponse(
        (r) => r.url().includes(`/jobs/${jobId}/applications?sort=reliability`) && r.ok(),
      );
      await dialog.getByLabel(t.sortLabel).selectOption('reliability');
      await sorted;
      await expect(applicant).toBeVisible();
      await applicant.getByTestId('applicant-reliability').scrollIntoViewIfNeeded();
      await shot(page, `reliability-applicants-${width}`);
      await settled(page, '[role="dialog"]');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  } finally {
    await ana.context().close();
    // Leaves no pending application behind for the suites after this one.
    const list = await callThroughPage<{ id: number }[]>(
      page,
      `/bff/restaurant/api/restaurant/jobs/${jobId}/applications`,
    );
    for (const application of list.body ?? [])
      await callThroughPage(
        page,
        `/bff/restaurant/api/restaurant/applications/${application.id}/reject`,
        'POST',
      );
  }
});
