import { expect, test, type Locator, type Page } from '@playwright/test';
import { NOTIFICATION_PREFERENCE_TEXTS } from '@turno/domain';
import { expectNoAxeViolations } from '../support/axe';
import { callThroughPage, shot } from '../support/page-tools';
import { sql } from '../support/portal-data';
import { acceptTermsIfAsked, signInAs } from '../support/sign-in';

/**
 * Perfil → "Notificações" (issue 26): Ana opens the card in her Perfil, turns e-mail off for
 * "Pagamento enviado" (saved at once, still off after a reload), and finds the in-app box of
 * "Candidatura aceita" checked and disabled with its reason. Axe on the open card, every box's
 * target at least 44 px, no overflow; screenshots at 1280 and 360 px. Her choice is cleared
 * before and after, so no other spec sees it.
 */

/** The one choice this test makes, removed (other specs pin other choices of Ana's). */
const clearAnasChoices = () =>
  sql(`delete from notification_preferences where kind = 'payment_sent' and channel = 'email'
         and user_id in (select user_id from freelancers where name = 'Ana Souza')`);

/** Every checkbox label of `card` at least 44 × 44 px; nothing wider than the screen. */
async function expectUsable(page: Page, card: Locator, width: number) {
  const small = await card.evaluate((root) =>
    [...root.querySelectorAll('label, button')]
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .map((element) => {
        const box = element.getBoundingClientRect();
        return { text: element.textContent?.trim() ?? '', height: box.height, width: box.width };
      })
      .filter((target) => target.height < 44 || target.width < 44),
  );
  expect(small, `targets under 44 px at ${width} px`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `overflow at ${width} px`).toBeLessThanOrEqual(0);
}

test('a freelancer turns e-mail off for one kind in Perfil → Notificações', async ({ page }) => {
  test.setTimeout(120_000);
  clearAnasChoices();
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, 'Ana Souza');
    const area = page.getByTestId('remote-freelancer');
    await acceptTermsIfAsked(page, area.getByRole('tab', { name: 'Perfil' }));
    await area.getByRole('tab', { name: 'Perfil' }).click();
    const card = area.getByTestId('notification-preferences-card');
    await card.getByRole('button', { name: NOTIFICATION_PREFERENCE_TEXTS.openButton }).click();
    const payment = card.getByRole('group', { name: 'Pagamento enviado' });
    const email = payment.getByRole('checkbox', { name: 'E-mail' });
    await expect(email).toBeChecked();

    const accepted = card.getByRole('group', { name: 'Candidatura aceita' });
    await expect(accepted.getByRole('checkbox', { name: 'No app' })).toBeChecked();
    await expect(accepted.getByRole('checkbox', { name: 'No app' })).toBeDisabled();
    await expect(accepted).toContainText(NOTIFICATION_PREFERENCE_TEXTS.locked);

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/notifications/preferences') && r.request().method() === 'PUT',
    );
    await email.uncheck();
    expect((await saved).status()).toBe(200);
    await expect(card.getByTestId('notification-preferences-flash')).toHaveText(
      NOTIFICATION_PREFERENCE_TEXTS.saved,
    );
    await expect(email).not.toBeChecked();
    expect(
      sql(`select p.enabled from notification_preferences p join freelancers f on f.user_id = p.user_id
            where f.name = 'Ana Souza' and p.kind = 'payment_sent' and p.channel = 'email'`),
    ).toEqual(['f']);

    await expectNoAxeViolations(page);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
      await card.scrollIntoViewIfNeeded();
      await shot(page, `notification-preferences-${width}`);
      await expectUsable(page, card, width);
    }

    // Still off after a reload; the server refuses turning off a shift-critical kind's in-app.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await area.getByRole('tab', { name: 'Perfil' }).click();
    await card.getByRole('button', { name: NOTIFICATION_PREFERENCE_TEXTS.openButton }).click();
    await expect(payment.getByRole('checkbox', { name: 'E-mail' })).not.toBeChecked();
    const refused = await callThroughPage(page, '/api/notifications/preferences', 'PUT', {
      notification_kind: 'application_accepted',
      channel: 'in_app',
      enabled: false,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: NOTIFICATION_PREFERENCE_TEXTS.cannotTurnOff });
  } finally {
    clearAnasChoices();
  }
});
