import { DEMO_RESTAURANT_NAME } from '@turno/core/demo-accounts';
import { expect, test } from '@playwright/test';
import { MESSAGES, addDays, saoPauloDate } from '@turno/domain';
import { signInAs, signInAsAdmin } from '../support/sign-in';
import { callThroughPage, shot } from '../support/page-tools';

/**
 * Shifts and money that cannot go wrong by a click (issue 22), in Chromium at 1280 and 360 px:
 * the vacancy forms (the business's and the admin's Criar Vagas) say so when a start of today has
 * passed; a manual check-in days before the shift asks for the reason that the audit trail keeps;
 * "Gerar faturas: Semana atual" asks first, saying that the week is not over.
 * Today at 00:00 has always started in Sao Paulo, whatever the hour the test runs.
 */

const OPS = '/bff/admin-ops/api/admin';
const WIDTHS = [1280, 360] as const;

for (const width of WIDTHS) {
  test(`at ${width} px the business's form says that a start of today has passed`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'Marcos Almeida');
    const area = page.getByTestId('remote-restaurant');
    await area.getByRole('button', { name: 'Criar vaga' }).click();
    const form = area.getByRole('form', { name: 'Criar vaga' });
    await form.getByLabel('Loja').selectOption({ label: DEMO_RESTAURANT_NAME }); // the demo chain's main store
    await form.getByLabel('Tipo de vaga').selectOption('Estoquista');
    await form.getByLabel('Carga horária').selectOption('6');
    await form.getByRole('button', { name: /^Hoje/ }).click();
    const start = form.getByLabel('Início');
    // Only starts still ahead are offered for today: the input's minimum is a later minute.
    expect(await start.getAttribute('min')).toMatch(/^\d{2}:\d{2}$/);
    await start.fill('00:00');
    await expect(form).toContainText(MESSAGES.jobs.startInPast);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/jobs')) posts.push(r.url());
    });
    await form.getByRole('button', { name: 'Criar vaga' }).click();
    // The form refuses it itself, with the server's message, before any call.
    await expect(form.getByTestId('vacancy-error')).toContainText(MESSAGES.jobs.startInPast);
    expect(posts).toEqual([]);
    await start.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shot(page, `vacancy-form-past-start-${width}`);
  });

  test(`at ${width} px the admin's Criar Vagas says that a start of today has passed`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    const area = page.getByTestId('remote-admin_ops');
    await page.getByRole('tab', { name: 'Criar Vagas' }).click();
    await expect(area.getByRole('heading', { name: 'Criar Vagas' })).toBeVisible();
    await area.getByRole('group', { name: /Datas/ }).getByRole('button').first().click(); // Hoje
    await area.getByLabel('Carga horária').selectOption('6');
    await area.getByLabel('Início').fill('00:00');
    await expect(area.getByText(MESSAGES.jobs.startInPast, { exact: false })).toBeVisible();
    await area.getByLabel('Início').evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shot(page, `create-jobs-past-start-${width}`);
  });
}

test('a manual check-in days before the shift asks for the reason, kept in the audit trail', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const marker = Date.now().toString(36);
  const name = `Freelancer Correção ${marker}`;
  await signInAsAdmin(page);

  // A shift 3 days ahead with a freelancer of its own (made through the admin's calls).
  const freelancer = await callThroughPage<{ freelancerId: number }>(page, `${OPS}/freelancers`, 'POST', {
    name,
    cpf: '111.444.777-35',
    pix_key: `${marker}@pix.example`,
    experience_years: 1,
    specialties: ['Estoquista'],
    email: `${marker}@freelancer.example`,
  });
  expect(freelancer.status).toBe(201);
  const freelancerId = freelancer.body.freelancerId;
  expect((await callThroughPage(page, `${OPS}/freelancers/${freelancerId}/approve`, 'POST')).status).toBe(
    200,
  );
  const businesses = await callThroughPage<{ items: { id: number }[] }>(
    page,
    `${OPS}/restaurants?status=approved&limit=1`,
  );
  const jobs = await callThroughPage<{ jobIds: number[] }>(page, `${OPS}/jobs`, 'POST', {
    restaurantId: businesses.body.items[0]!.id,
    positionType: 'Estoquista',
    dates: [addDays(saoPauloDate(new Date()), 3)],
    quantity: 1,
    workload: 6,
    startTime: '08:00',
  });
  expect(jobs.status).toBe(201);
  const jobId = jobs.body.jobIds[0]!;
  const assigned = await callThroughPage<{ assignmentId: number }>(page, `${OPS}/assignments`, 'POST', {
    jobId,
    freelancerId,
  });
  expect(assigned.status).toBe(201);

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/dashboard');
    const area = page.getByTestId('remote-admin_ops');
    await area.getByLabel('Data', { exact: true }).selectOption('all');
    await area.getByLabel('Buscar').fill(marker);
    await area.getByRole('button', { name: `Check-in manual — vaga #${jobId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Check-in manual fora do horário' });
    await expect(dialog).toContainText(MESSAGES.shifts.manualCheckInOutsideWindow);
    const confirm = dialog.getByRole('button', { name: 'Fazer check-in' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/Motivo da correção/).fill('ok');
    await dialog.getByLabel(/Motivo da correção/).blur();
    await expect(dialog).toContainText(MESSAGES.shifts.correctionReasonLength(5, 500));
    await expect(confirm).toBeDisabled();
    await shot(page, `manual-checkin-reason-${width}`);
    if (width === 1280) {
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect(dialog).toHaveCount(0);
      continue;
    }
    const reason = `Freelancer sem celular (${marker})`;
    await dialog.getByLabel(/Motivo da correção/).fill(reason);
    const done = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        r.url().endsWith(`/assignments/${assigned.body.assignmentId}/checkin`),
    );
    await confirm.click();
    expect((await done).status()).toBe(200);
    await expect(area.getByTestId('action-feedback')).toContainText(MESSAGES.shifts.manualCheckInDone);
  }

  // Auditoria shows the reason with the action ("Correção manual #… · Motivo da correção").
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('tab', { name: 'Auditoria' }).click();
  const audit = page.getByTestId('remote-admin_ops');
  await audit.getByLabel('Registro', { exact: true }).selectOption('assignments');
  await audit.getByLabel('Nº do registro').fill(String(assigned.body.assignmentId));
  await audit
    .getByRole('button', { name: /Ver alterações/ })
    .first()
    .click();
  const changes = page.getByRole('dialog');
  await expect(changes.getByRole('row').filter({ hasText: 'Motivo da correção' })).toContainText(
    `Freelancer sem celular (${marker})`,
  );
  await shot(page, 'audit-correction-reason-1280');
});

for (const width of WIDTHS) {
  test(`at ${width} px "Gerar faturas: Semana atual" asks first, saying that the week is not over`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard?tab=faturas');
    const area = page.getByTestId('remote-admin_billing');
    const weeks = area.getByRole('group', { name: 'Geração semanal' });
    const current = weeks.getByRole('button', { name: /Semana atual/ });
    await expect(current).toHaveAttribute('aria-pressed', 'false');
    let asked = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/invoices/generate-weekly')) asked = true;
    });
    await current.click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.invoices.currentWeekConfirmTitle });
    await expect(dialog).toContainText('ainda não terminou');
    await expect(dialog).toContainText(/\(\d{2}\/\d{2}–\d{2}\/\d{2}\)/);
    await shot(page, `current-week-confirm-${width}`);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    // Cancelled: nothing generated, and no week shown as pressed.
    await expect(current).toHaveAttribute('aria-pressed', 'false');
    await expect(weeks.locator('[aria-pressed="true"]')).toHaveCount(0);
    expect(asked).toBe(false);
  });
}

test('the pressed week button is the week generated, and the result box names that week', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard?tab=faturas');
  const area = page.getByTestId('remote-admin_billing');
  const weeks = area.getByRole('group', { name: 'Geração semanal' });
  // Three weeks back: a closed week no other spec generates (admin-billing.spec.ts bills last week).
  const chosen = weeks.getByRole('button', { name: /3 semanas atrás/ });
  await chosen.click();
  await expect(area.getByTestId('generation-result')).toBeVisible({ timeout: 30_000 });
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
  await expect(weeks.locator('[aria-pressed="true"]')).toHaveCount(1);
  const period = /\((\d{2}\/\d{2}) a (\d{2}\/\d{2})\)/.exec((await chosen.textContent()) ?? '');
  expect(period).not.toBeNull();
  await expect(area.getByTestId('generation-result-week')).toHaveText(
    MESSAGES.invoices.resultWeek(`${period![1]}–${period![2]}`),
  );
  await expect(area.getByTestId('generation-week-running')).toHaveCount(0);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await area
      .getByTestId('generation-result')
      .evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shot(page, `generation-result-week-${width}`);
  }
});
