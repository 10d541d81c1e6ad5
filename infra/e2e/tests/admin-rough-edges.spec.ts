import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@turno/domain';
import { signInAsAdmin } from '../support/sign-in';
import { shot } from '../support/page-tools';

/**
 * The admin screens' rough edges of issue 22 ("What a new user stumbles on"): the command centre
 * opens on today; Auditoria fits 1280 px and names its records; the metrics chart's axis labels fit
 * at 360 px; editing a vacancy with pending applications warns that those applicants will see the
 * new hours (the job page and the command centre's dialog). The invoices' in-app confirmation is in
 * admin-billing.spec.ts.
 */

const BFF = '/bff/admin-ops/api/admin';

const fullShot = (page: Page, name: string, fullPage = true) => shot(page, name, { fullPage });

/**
 * What makes the page scroll sideways: the innermost elements that end past the window's right
 * edge (none when it fits), as "tag.class: text (right edge)".
 */
const widerThanWindow = (page: Page) =>
  page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    const past = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5,
    );
    return past
      .filter((element) => !past.some((other) => other !== element && element.contains(other)))
      .slice(0, 10)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className}: ${(element.textContent ?? '').slice(0, 30)} (${Math.round(element.getBoundingClientRect().right)})`,
      );
  });

test('the command centre opens on today', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const first = page.waitForResponse((r) => new URL(r.url()).pathname === `${BFF}/jobs` && r.ok());
  await signInAsAdmin(page);
  expect(new URL((await first).url()).searchParams.get('date')).toBe('today');
  const area = page.getByTestId('remote-admin_ops');
  await expect(area.getByLabel('Data', { exact: true })).toHaveValue('today');
  await expect(area.getByTestId('list-count')).toBeVisible();
  await fullShot(page, 'command-centre-today-1280');
});

test('Auditoria fits 1280 px and names who acted and on what, not ids and codes', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const jobs = (await (await page.request.get(`${BFF}/jobs?status=open&limit=1`)).json()) as {
    items: { id: number; title: string; restaurant_name: string }[];
  };
  const job = jobs.items[0]!;
  const edited = await page.evaluate(
    async ({ url }) =>
      (
        await fetch(url, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ description: 'Conferir a escala na chegada.' }),
        })
      ).status,
    { url: `${BFF}/jobs/${job.id}` },
  );
  expect(edited).toBe(200);

  await page.getByRole('tab', { name: 'Auditoria' }).click();
  const area = page.getByTestId('remote-admin_ops');
  await expect(area.getByRole('heading', { name: 'Auditoria' })).toBeVisible();
  const row = area
    .getByRole('row')
    .filter({ hasText: `Vaga #${job.id}` })
    .first();
  await expect(row).toContainText(`${job.title} · ${job.restaurant_name}`);
  await expect(row).toContainText('Editou vaga');
  await expect(row).toContainText(process.env.E2E_ADMIN_EMAIL!);
  // No raw codes in the table: every action in words, no request ids.
  const table = area.getByRole('table');
  await expect(table).not.toContainText('/api/');
  await expect(table).not.toContainText(/admin\.[a-z]|admin #/);
  await expect(area.getByRole('columnheader', { name: 'Request ID' })).toHaveCount(0);
  // The table fits: neither it nor the page scrolls sideways.
  const wrap = area.locator('.t-table-wrap').first();
  expect(await wrap.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  expect(await widerThanWindow(page)).toEqual([]);
  await fullShot(page, 'auditoria-names-1280');

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(area.getByText(`${job.title} · ${job.restaurant_name}`).first()).toBeVisible();
  expect(await widerThanWindow(page)).toEqual([]);
  await fullShot(page, 'auditoria-names-360');
});

test('the metrics chart keeps its axis labels inside the chart at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAsAdmin(page);
  const metrics = page.getByTestId('remote-admin_billing');
  await metrics.getByRole('button', { name: 'Semana', exact: true }).click();
  await expect(metrics.getByRole('button', { name: 'Semana', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const chart = metrics.locator('figure .recharts-surface').first();
  await expect(chart).toBeVisible();
  // Recharts 3 draws the tick labels in a layer of their own per axis.
  await expect(metrics.locator('.recharts-xAxis-tick-labels text').first()).toBeVisible();
  const problems = await chart.evaluate((svg) => {
    const frame = svg.getBoundingClientRect();
    const found: string[] = [];
    const boxes = (selector: string) =>
      [...svg.querySelectorAll<SVGTextElement>(selector)].map((text) => ({
        text: text.textContent ?? '',
        box: text.getBoundingClientRect(),
      }));
    const ticks = [
      ...boxes('.recharts-xAxis-tick-labels text'),
      ...boxes('.recharts-yAxis-tick-labels text'),
    ];
    for (const { text, box } of ticks)
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5)
        found.push(`"${text}" outside the chart (${Math.round(box.left)}–${Math.round(box.right)})`);
    const xTicks = boxes('.recharts-xAxis-tick-labels text');
    for (let i = 1; i < xTicks.length; i++)
      if (xTicks[i]!.box.left < xTicks[i - 1]!.box.right)
        found.push(`"${xTicks[i - 1]!.text}" and "${xTicks[i]!.text}" overlap`);
    return found;
  });
  expect(problems).toEqual([]);
  await metrics.locator('figure').first().scrollIntoViewIfNeeded();
  if (process.env.E2E_SHOTS)
    await metrics.locator('[data-testid="daily-metrics"]').screenshot({
      path: `${process.env.E2E_SHOTS}/metrics-chart-360.png`,
    });
});

/** An open job with pending applications, its day, and how many. */
async function jobWithPendingApplications(page: Page): Promise<{ id: number; date: string; count: number }> {
  const jobs = (await (await page.request.get(`${BFF}/jobs?status=open&limit=200`)).json()) as {
    items: { id: number; date_needed: string }[];
  };
  const ids = jobs.items.map((j) => j.id).join(',');
  const counts = (await (await page.request.get(`${BFF}/jobs/application-counts?ids=${ids}`)).json()) as {
    counts: Record<string, number>;
  };
  const found = Object.entries(counts.counts).find(([, n]) => n > 0);
  expect(found).toBeDefined();
  const id = Number(found![0]);
  return { id, date: jobs.items.find((j) => j.id === id)!.date_needed, count: found![1] };
}

for (const width of [1280, 360]) {
  test(`at ${width} px editing a vacancy with pending applications warns that they will see the new hours`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    const job = await jobWithPendingApplications(page);
    const warning = MESSAGES.jobs.editPendingApplications(job.count);

    // The job page (/admin/jobs/:id/edit).
    await page.goto(`/admin/jobs/${job.id}/edit`);
    const area = page.getByTestId('remote-admin_ops');
    await expect(area.getByTestId('pending-applications-note')).toHaveText(warning);
    expect(await widerThanWindow(page)).toEqual([]);
    await fullShot(page, `job-edit-warning-${width}`);

    // The command centre's edit dialog, the job's day and open jobs chosen.
    await page.goto('/admin/dashboard');
    await area.getByLabel('Data', { exact: true }).selectOption('day');
    await area.getByLabel('Dia', { exact: true }).fill(job.date);
    await area.getByLabel('Status', { exact: true }).selectOption('open');
    await area.getByRole('button', { name: `Editar — vaga #${job.id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Editar Vaga #${job.id}` });
    await expect(dialog.getByTestId('pending-applications-note')).toHaveText(warning);
    await fullShot(page, `job-edit-dialog-warning-${width}`, false);
  });
}
