import { expect, test, type Page } from '@playwright/test';
import { signInAs, signInAsAdmin } from '../support/sign-in';

/**
 * Live updates across roles and tabs: with the restaurant's panel open in one browser and the
 * admin's in another, a vacancy the admin creates for that restaurant appears in the restaurant's
 * agenda within 2 s, without a reload; a second tab of the restaurant's browser refreshes too
 * (one tab holds the event stream and re-broadcasts on the `dashboard-sync` channel).
 */

const agendaCount = (page: Page) => page.getByTestId('remote-restaurant').getByTestId('list-count');

/** "Mostrando x de y" → y, the size of the filtered set. */
async function agendaTotal(page: Page): Promise<number> {
  const text = (await agendaCount(page).textContent()) ?? '';
  const match = /de\s+(\d+)/.exec(text);
  if (!match) throw new Error(`no total in "${text}"`);
  return Number(match[1]);
}

/** Waits until the page's live stream of `source` is open (its EventSource request answered). */
const liveStreamOpen = (page: Page, source: string) =>
  page.waitForResponse((r) => r.url().includes(`/bff/${source}/api/events`) && r.status() === 200);

test('a vacancy the admin creates reaches the restaurant’s open agenda in 2 s, in both of its tabs', async ({
  browser,
}) => {
  const restaurantBrowser = await browser.newContext();
  const adminBrowser = await browser.newContext();
  try {
    const firstTab = await restaurantBrowser.newPage();
    const streamOpen = liveStreamOpen(firstTab, 'restaurant');
    await signInAs(firstTab, 'Marcos Almeida');
    await firstTab.getByTestId('remote-restaurant').getByRole('tab', { name: 'Agenda' }).click(); // the panel opens on its Dashboard
    await expect(agendaCount(firstTab)).toContainText(/de \d+/);
    await streamOpen;

    const secondTab = await restaurantBrowser.newPage();
    await secondTab.goto('/dashboard');
    await secondTab.getByTestId('remote-restaurant').getByRole('tab', { name: 'Agenda' }).click(); // the panel opens on its Dashboard
    await expect(agendaCount(secondTab)).toContainText(/de \d+/);

    const before = await agendaTotal(firstTab);
    expect(await agendaTotal(secondTab)).toBe(before);

    const admin = await adminBrowser.newPage();
    await signInAsAdmin(admin);
    const created = await admin.evaluate(async () => {
      const list = await fetch('/bff/admin-ops/api/admin/restaurants?q=Bom%20Pre%C3%A7o').then((r) =>
        r.json(),
      );
      const restaurantId = (list as { items: { id: number }[] }).items[0]?.id;
      // Tomorrow: a vacancy must start after now, whatever the hour the suite runs at.
      const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
        new Date(Date.now() + 86_400_000),
      );
      const response = await fetch('/bff/admin-ops/api/admin/jobs', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          restaurantId,
          positionType: 'Aux de Padaria',
          dates: [tomorrow],
          workload: 6,
          startTime: '09:00',
          quantity: 1,
        }),
      });
      return { status: response.status, body: (await response.json()) as { jobsCreated: number } };
    });
    expect(created).toMatchObject({ status: 201, body: { jobsCreated: 1 } });

    // No reload: the live stream (or, in the second tab, the dashboard-sync channel) refreshes.
    await expect(agendaCount(firstTab)).toContainText(`de ${before + 1}`);
    await expect(agendaCount(secondTab)).toContainText(`de ${before + 1}`);
  } finally {
    await restaurantBrowser.close();
    await adminBrowser.close();
  }
});
