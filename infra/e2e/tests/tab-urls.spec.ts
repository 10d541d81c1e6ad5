import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { shot } from '../support/page-tools';
import { signInAs } from '../support/sign-in';

/**
 * Every tab of the restaurant panel and the freelancer area has its address (issue 24):
 * /dashboard is the first tab, /dashboard/<tab> the others. A refresh keeps the tab, Back returns to
 * the previous one, and a link (or a typed address) opens it. The libs/ui dialog fits a phone.
 */

const selected = (area: Locator, name: string) =>
  expect(area.getByRole('tab', { name: new RegExp(`^${name}( |$)`) })).toHaveAttribute(
    'aria-selected',
    'true',
  );

async function openTab(page: Page, area: Locator, name: string, path: string) {
  await area.getByRole('tab', { name: new RegExp(`^${name}( |$)`) }).click();
  await expect(page).toHaveURL(path);
  await selected(area, name);
}

test('the restaurant panel: each tab has its URL, kept on refresh, followed by Back, opened by a link', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'Marcos Almeida');
  const area = page.getByTestId('remote-restaurant');
  await selected(area, 'Dashboard');
  await expect(area.getByRole('tab', { name: /^Agenda( |$)/ })).toHaveAttribute('href', '/dashboard/agenda');

  await openTab(page, area, 'Agenda', '/dashboard/agenda');
  await page.reload();
  await selected(page.getByTestId('remote-restaurant'), 'Agenda');
  await shot(page, 'tab-url-restaurant-agenda-1280');

  await openTab(page, area, 'Faturas', '/dashboard/faturas');
  await page.goBack();
  await expect(page).toHaveURL('/dashboard/agenda');
  await selected(area, 'Agenda');
  await page.goBack();
  await expect(page).toHaveURL('/dashboard');
  await selected(area, 'Dashboard');

  // A link (typed or followed) opens its tab; one the panel does not have goes to the Dashboard.
  await page.goto('/dashboard/bloqueios');
  await selected(page.getByTestId('remote-restaurant'), 'Bloqueios');
  await page.goto('/dashboard/financas');
  await expect(page).toHaveURL('/dashboard');
  await selected(page.getByTestId('remote-restaurant'), 'Dashboard');

  // The dialog at 360 px: inside the screen, its controls at least 44 px, named by its title.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard/bloqueios');
  await page.getByRole('button', { name: 'Bloquear freelancer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bloquear freelancer' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(box.y + box.height).toBeLessThanOrEqual(740);
  for (const control of await dialog.getByRole('button').all()) {
    const size = (await control.boundingBox())!;
    expect(Math.round(size.height), await control.innerText()).toBeGreaterThanOrEqual(44);
    expect(Math.round(size.width), await control.innerText()).toBeGreaterThanOrEqual(44);
  }
  await shot(page, 'dialog-block-360');
  await expectNoAxeViolations(page, '[role="dialog"]');
  // Escape closes it and focus returns to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Bloquear freelancer' })).toBeFocused();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Bloquear freelancer' }).click();
  await expect(page.getByRole('dialog', { name: 'Bloquear freelancer' })).toBeVisible();
  await shot(page, 'dialog-block-1280');
});

test('the freelancer area: each tab has its URL, kept on refresh, followed by Back', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, 'Ana Souza');
  const area = page.getByTestId('remote-freelancer');
  await selected(area, 'Vagas');
  await openTab(page, area, 'Trabalhos', '/dashboard/trabalhos');
  await page.reload();
  await selected(page.getByTestId('remote-freelancer'), 'Trabalhos');
  await shot(page, 'tab-url-freelancer-trabalhos-360');
  await openTab(page, area, 'Finanças', '/dashboard/financas');
  await page.goBack();
  await expect(page).toHaveURL('/dashboard/trabalhos');
  await selected(area, 'Trabalhos');
  await page.goto('/dashboard/perfil');
  await selected(page.getByTestId('remote-freelancer'), 'Perfil');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'tab-url-freelancer-perfil-1280');
});
