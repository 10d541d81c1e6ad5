import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/sign-in';

/**
 * Lists are filtered and paged on the server: the command centre's filters reach the BFF as query
 * parameters, the count says "Mostrando x de y" of the filtered set, and "Carregar mais" appends
 * the next page until there is none.
 */

const JOBS_PATH = '/bff/admin-ops/api/admin/jobs';

test('the command centre filters on the server and pages with "Carregar mais"', async ({ page }) => {
  const first = page.waitForResponse((r) => new URL(r.url()).pathname === JOBS_PATH && r.ok());
  await signInAsAdmin(page);
  const area = page.getByTestId('remote-admin_ops');
  const all = (await (await first).json()) as { total: number; items: unknown[] };
  await expect(area.getByTestId('list-count')).toHaveText(`Mostrando ${all.items.length} de ${all.total}`);

  // A status filter is a query parameter, and the count follows the server's total.
  const open = page.waitForResponse(
    (r) => r.url().includes(`${JOBS_PATH}?`) && r.url().includes('status=open'),
  );
  await area.getByLabel('Status').selectOption('open');
  const openPage = (await (await open).json()) as { total: number; items: { status: string }[] };
  expect(openPage.items.every((job) => job.status === 'open')).toBe(true);
  await expect(area.getByTestId('list-count')).toHaveText(
    `Mostrando ${openPage.items.length} de ${openPage.total}`,
  );

  // Accent- and case-insensitive search on the server: "PADARIA" finds "Padaria Pão Dourado" (any date).
  const everyDate = page.waitForResponse(
    (r) => r.url().includes(`${JOBS_PATH}?`) && !r.url().includes('date='),
  );
  await area.getByLabel('Data', { exact: true }).selectOption('all');
  await everyDate;
  const searched = page.waitForResponse((r) => r.url().includes('q=PADARIA'));
  await area.getByLabel('Buscar').fill('PADARIA');
  const found = (await (await searched).json()) as {
    total: number;
    items: { restaurant_name: string; position_type: string }[];
  };
  expect(found.total).toBeGreaterThan(0);
  await expect(area.getByTestId('list-count')).toHaveText(
    `Mostrando ${found.items.length} de ${found.total}`,
  );
});

test('"Carregar mais" appends the next page of the command centre', async ({ page }) => {
  await signInAsAdmin(page);
  const area = page.getByTestId('remote-admin_ops');
  await expect(area.getByTestId('list-count')).toBeVisible();
  // 60 vacancies for one business (10 a day over the 6 days after today — a 09:00 start today may have
  // passed, and no vacancy starts in the past): more than a page.
  const created = await page.evaluate(async () => {
    const list = await fetch('/bff/admin-ops/api/admin/restaurants?q=dourado').then((r) => r.json());
    const restaurantId = (list as { items: { id: number }[] }).items[0]?.id;
    const today = new Date();
    const dates = Array.from({ length: 6 }, (_, day) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
        new Date(today.getTime() + (day + 1) * 86_400_000),
      ),
    );
    const response = await fetch('/bff/admin-ops/api/admin/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        restaurantId,
        positionType: 'Aux de Padaria',
        dates,
        workload: 6,
        startTime: '09:00',
        quantity: 10,
      }),
    });
    return { status: response.status, body: (await response.json()) as { jobsCreated: number } };
  });
  expect(created).toMatchObject({ status: 201, body: { jobsCreated: 60 } });

  // The command centre opens on today: every date, for the week of vacancies.
  await area.getByLabel('Data', { exact: true }).selectOption('all');
  const searched = page.waitForResponse((r) => r.url().includes('q=dourado') && !r.url().includes('date='));
  await area.getByLabel('Buscar').fill('dourado');
  const first = (await (await searched).json()) as { total: number; items: unknown[] };
  expect(first.total).toBeGreaterThanOrEqual(60);
  await expect(area.getByTestId('list-count')).toHaveText(`Mostrando 50 de ${first.total}`);

  await area.getByRole('button', { name: 'Carregar mais' }).click();
  await expect(area.getByTestId('list-count')).toHaveText(
    `Mostrando ${Math.min(100, first.total)} de ${first.total}`,
  );
});
