import { expect, test } from '@playwright/test';
import { shot } from '../support/page-tools';
import { signInAsAdmin } from '../support/sign-in';

/**
 * Admin operations (issue 10) in the browser, as the admin: the Mercados review, through the
 * admin-ops remote and its BFF on the real database.
 */

const RESTAURANTS_PATH = '/bff/admin-ops/api/admin/restaurants';

test('the admin approves a pending business in Mercados', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard?tab=mercados');
  const area = page.getByTestId('remote-admin_ops');
  await expect(area.getByRole('heading', { name: 'Mercados' })).toBeVisible();

  // The pending registrations, filtered on the server.
  const pendingList = page.waitForResponse((r) => r.url().includes(`${RESTAURANTS_PATH}?status=pending`));
  await area.getByLabel('Status').selectOption('pending');
  const pending = (await (await pendingList).json()) as {
    items: { id: number; business_name: string }[];
    counts: { pending: number; approved: number };
  };
  const business = pending.items.find((r) => r.business_name === 'Empório da Mooca');
  expect(business).toBeDefined();

  // Approve: the server answers, the screen says so and the list no longer shows it as pending.
  const approval = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`${RESTAURANTS_PATH}/${business!.id}/approve`),
  );
  await area.getByRole('button', { name: 'Aprovar Empório da Mooca' }).click();
  expect((await approval).status()).toBe(200);
  await expect(area.getByTestId('action-feedback')).toContainText('Mercado aprovado com sucesso!');
  await expect(area.getByRole('button', { name: 'Aprovar Empório da Mooca' })).toHaveCount(0);
  await expect(area.getByRole('group', { name: 'Mercados por situação' })).toContainText(
    `Pendentes${pending.counts.pending - 1}`,
  );

  // Under "Aprovados" it is listed as approved, without approve or reject.
  await area.getByLabel('Status').selectOption('approved');
  const row = area.getByRole('row').filter({ hasText: 'Empório da Mooca' });
  await expect(row).toContainText('Aprovado');
  await expect(row.getByRole('button', { name: /^Rejeitar/ })).toHaveCount(0);
});

test('the admin assigns a freelancer, approves a check-in request and checks out manually in the command centre', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const area = page.getByTestId('remote-admin_ops');
  await expect(area.getByRole('heading', { name: 'Centro de Comando' })).toBeVisible();
  await expect(area.getByTestId('list-count')).toBeVisible();

  // The command centre opens on today (issue 22); the open jobs to assign are of the coming days.
  await expect(area.getByLabel('Data', { exact: true })).toHaveValue('today');
  await area.getByLabel('Data', { exact: true }).selectOption('next7');
  await expect(area.getByRole('row').filter({ hasText: 'Aberta' }).first()).toBeVisible();

  // Assign: "Alocar" stays disabled until a job and a freelancer are chosen.
  await area.getByRole('button', { name: 'Alocar Freelancer' }).click();
  const assign = page.getByRole('dialog', { name: 'Alocar Freelancer' });
  const allocate = assign.getByRole('button', { name: 'Alocar', exact: true });
  await expect(allocate).toBeDisabled();
  await assign.getByLabel('Vaga').selectOption({ index: 1 });
  await expect(allocate).toBeDisabled();
  // Whom to assign is offered for the chosen job: those the server accepts for it.
  await assign.getByLabel(/^Freelancer/).selectOption({ index: 1 });
  await shot(page, 'admin-assign-dialog-1280');
  if (process.env.E2E_SHOTS) {
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'admin-assign-dialog-360');
    await page.setViewportSize(wide);
  }
  const assigned = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/bff/admin-ops/api/admin/assignments'),
  );
  await allocate.click();
  expect((await assigned).status()).toBe(201);
  await expect(area.getByTestId('action-feedback')).toContainText('Freelancer alocado com sucesso!');

  // The demo's waiting check-in request (Diego Santos) is in the urgent area: approve it.
  const urgent = area.getByTestId('pending-actions');
  await urgent.getByRole('button', { name: 'Aprovar Check-in de Diego Santos' }).click();
  await expect(area.getByTestId('action-feedback')).toContainText('Check-in aprovado com sucesso!');
  await expect(urgent.getByRole('button', { name: 'Aprovar Check-in de Diego Santos' })).toHaveCount(0);

  // His shift is now in progress: a manual check-out (confirmed) completes it and states the amounts.
  const row = area.getByRole('row').filter({ hasText: 'Diego Santos' }).filter({ hasText: 'Em Andamento' });
  await row.getByRole('button', { name: /^Check-out manual/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Check-out manual' });
  await confirm.getByRole('button', { name: 'Fazer check-out' }).click();
  await expect(area.getByTestId('action-feedback')).toContainText(
    /Check-out aprovado! Freelancer receberá R\$ \d+,\d{2}, mercado pagará R\$ \d+,\d{2}/,
  );
});
