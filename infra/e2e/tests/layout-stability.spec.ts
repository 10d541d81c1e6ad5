import { expect, test, type Page } from '@playwright/test';
import { signInAs, signInAsAdmin } from '../support/sign-in';
import { shot } from '../support/page-tools';

/**
 * Layout stability (issue 22, "What a new user stumbles on"): the screens a person lands on keep
 * their place while their areas load — Cumulative Layout Shift under 0.1 (the "good" threshold of
 * Core Web Vitals) on the admin dashboard at 1280 px and on the business's Dashboard and the
 * freelancer's Vagas at 360 px. Measured by Chromium itself (PerformanceObserver 'layout-shift'),
 * from a fresh load of the page until every area has loaded, with web-vitals' session windows
 * (shifts less than 1 s apart, at most 5 s long; the largest window is the CLS).
 */

declare global {
  interface Window {
    __turnoShifts?: { value: number; startTime: number }[];
    __turnoShiftObserver?: PerformanceObserver;
  }
}

/** Records every layout shift of each document from its first paint (added before it loads). */
async function observeLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
    window.__turnoShifts = [];
    const keep = (entries: PerformanceEntryList) => {
      for (const entry of entries as Shift[])
        if (!entry.hadRecentInput)
          window.__turnoShifts!.push({ value: entry.value, startTime: entry.startTime });
    };
    const observer = new PerformanceObserver((list) => keep(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    window.__turnoShiftObserver = observer;
  });
}

/** The page's CLS so far (after two frames, so the last layout is measured and reported). */
async function cumulativeLayoutShift(page: Page): Promise<number> {
  return page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const pending = window.__turnoShiftObserver!.takeRecords() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[];
    const shifts = [
      ...window.__turnoShifts!,
      ...pending.filter((e) => !e.hadRecentInput).map((e) => ({ value: e.value, startTime: e.startTime })),
    ].sort((a, b) => a.startTime - b.startTime);
    let largest = 0;
    let window_ = 0;
    let first = 0;
    let last = 0;
    for (const shift of shifts) {
      if (window_ > 0 && shift.startTime - last < 1000 && shift.startTime - first < 5000) {
        window_ += shift.value;
      } else {
        window_ = shift.value;
        first = shift.startTime;
      }
      last = shift.startTime;
      largest = Math.max(largest, window_);
    }
    return largest;
  });
}

/** Every area has loaded: no spinner, no skeleton, no list reading its filters. */
async function settled(page: Page) {
  await expect(page.locator('.t-loading, .t-skeleton, [aria-busy="true"]')).toHaveCount(0, {
    timeout: 20_000,
  });
}

test('the admin dashboard at 1280 px keeps its layout while its areas load (CLS < 0.1)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await observeLayoutShifts(page);
  await page.goto('/admin/dashboard');
  const metrics = page.getByTestId('remote-admin_billing');
  const commandCentre = page.getByTestId('remote-admin_ops');
  await expect(metrics.getByRole('heading', { name: /Central de Métricas/ })).toBeVisible();
  await expect(commandCentre.getByRole('heading', { name: /Centro de Comando/ }).first()).toBeVisible();
  await settled(page);
  await expect(metrics.locator('.recharts-surface').first()).toBeVisible();
  const cls = await cumulativeLayoutShift(page);
  await shot(page, 'cls-admin-dashboard-1280', { fullPage: true });
  process.stdout.write(`CLS admin dashboard 1280 px: ${cls.toFixed(3)}\n`);
  expect(cls).toBeLessThan(0.1);
});

test("the business's Dashboard at 360 px keeps its layout while it loads (CLS < 0.1)", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAs(page, 'Marcos Almeida');
  await observeLayoutShifts(page);
  await page.goto('/dashboard');
  const area = page.getByTestId('remote-restaurant');
  await expect(area.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  await expect(area.getByRole('button', { name: 'Criar vaga' })).toBeVisible();
  await settled(page);
  const cls = await cumulativeLayoutShift(page);
  await shot(page, 'cls-business-dashboard-360', { fullPage: true });
  process.stdout.write(`CLS business Dashboard 360 px: ${cls.toFixed(3)}\n`);
  expect(cls).toBeLessThan(0.1);
});

test("the freelancer's Vagas at 360 px keeps its layout while it loads (CLS < 0.1)", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAs(page, 'Ana Souza');
  await observeLayoutShifts(page);
  await page.goto('/dashboard');
  const area = page.getByTestId('remote-freelancer');
  await expect(area.getByRole('tab', { name: 'Vagas' })).toHaveAttribute('aria-selected', 'true');
  await expect(area.getByTestId('list-count').first()).toBeVisible();
  await settled(page);
  const cls = await cumulativeLayoutShift(page);
  await shot(page, 'cls-freelancer-vagas-360', { fullPage: true });
  process.stdout.write(`CLS freelancer Vagas 360 px: ${cls.toFixed(3)}\n`);
  expect(cls).toBeLessThan(0.1);
});
