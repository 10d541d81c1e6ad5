import { expect, test, type Page, type Route } from '@playwright/test';
import { startStaticServer, type RunningServer } from '@turno/gateway';
import { E2E_BASE_URL, E2E_ENV } from '../e2e-env';
import config from '../playwright.config';
import { buildAtCommit, previousVersionOf } from '../support/previous-build';
import { signInAs } from '../support/sign-in';

/**
 * Deploying one team at a time (issue 13): the restaurant remote of the previous version (built from
 * the parent of the last commit that changed remotes/restaurant) works in the current host against the
 * current restaurant BFF; and the host of its previous version works with the current remote. Each old
 * build is served by a static server of its own, and the browser's requests for the real URL (the
 * remote's origin, or the portal's pages) are answered from it, so /remotes.json, the CSP and every URL
 * stay those of the running portal, exactly as after a rollout of that one app.
 */

const OFFSET = Number(E2E_ENV.PORT_OFFSET);
const RESTAURANT_REMOTE_ORIGIN = `http://localhost:${3102 + OFFSET}`;

// A shallow clone has no earlier commit to build: the test fails and says how to get the history
// (`git fetch --unshallow`), never passes or skips silently. CI clones the whole history.
const remoteVersion = previousVersionOf('remotes/restaurant');
const hostVersion = previousVersionOf('shells/host');
const missing =
  'missing' in remoteVersion ? remoteVersion.missing : 'missing' in hostVersion ? hostVersion.missing : '';

// A page answered through page.route has no address space of its own, so Chromium's local network
// access checks would refuse its fetches to the remotes on localhost: off for these tests' browser.
test.use({
  serviceWorkers: 'block',
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessRespectPreflightResults',
    ],
  },
});

test.describe('one app deployed ahead of the others', () => {
  // Two sign-ins and a panel in one test: more than the suite's 30 s on a loaded 2-core machine.
  test.describe.configure({ timeout: 90_000 });

  // The old builds take a minute or two the first time (then .turno/version-skew/ keeps them).
  const dists: { remote?: string; host?: string } = {};
  test.beforeAll(() => {
    if (missing) throw new Error(`version skew needs the git history: ${missing}`);
    test.setTimeout(10 * 60_000);
    if ('commit' in remoteVersion) dists.remote = buildAtCommit('remotes/restaurant', remoteVersion.commit);
    if ('commit' in hostVersion) dists.host = buildAtCommit('shells/host', hostVersion.commit);
  });

  let server: RunningServer | undefined;
  test.afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** The restaurant panel of the signed-in business: it opens, the agenda lists, "Criar vaga" opens its form. */
  async function useRestaurantPanel(page: Page) {
    const area = page.getByTestId('remote-restaurant');
    await expect(area.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');

    const agenda = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/bff/restaurant/api/jobs' && r.request().method() === 'GET',
    );
    await area.getByRole('tab', { name: 'Agenda' }).click();
    expect((await agenda).status()).toBe(200);
    await expect(area.getByTestId('list-count')).toHaveText(/^Mostrando \d+ de \d+$/);
    await expect(
      area
        .locator('tr, li')
        .filter({ hasText: /Aberta|Preenchida|Concluída|Cancelada/ })
        .first(),
    ).toBeVisible();

    await area.getByRole('tab', { name: 'Dashboard' }).click();
    await area.getByRole('button', { name: 'Criar vaga' }).click();
    const form = area.getByRole('form', { name: 'Criar vaga' });
    await expect(form.getByLabel('Tipo de vaga')).toBeVisible();
    await expect(form.getByLabel('Carga horária')).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  }

  test('the previous restaurant remote works in the current host with the current BFF', async ({ page }) => {
    server = await startStaticServer({ port: 0, root: dists.remote!, allowOrigins: [E2E_BASE_URL] });
    const oldServer = server.url;

    // Every request for the restaurant remote's origin is answered by the previous build.
    const served: string[] = [];
    await page.route(`${RESTAURANT_REMOTE_ORIGIN}/**`, async (route: Route) => {
      const url = new URL(route.request().url());
      served.push(url.pathname);
      await route.fulfill({
        response: await route.fetch({ url: `${oldServer}${url.pathname}${url.search}` }),
      });
    });

    await signInAs(page, 'Marcos Almeida');
    await useRestaurantPanel(page);
    expect(served).toContain('/mf-manifest.json');
    expect(served.some((path) => path.endsWith('.js'))).toBe(true);
  });

  test('the previous host works with the current restaurant remote and BFF', async ({ page }) => {
    server = await startStaticServer({
      port: 0,
      root: dists.host!,
      allowOrigins: [E2E_BASE_URL],
      spaFallback: true,
    });
    const oldServer = server.url;
    // Signing in is not this test's subject, and the provider's redirect back to /auth/callback cannot
    // be intercepted (Playwright does not route a redirect's target): sign in with the current host,
    // then load the portal again, now from the previous host's build.
    await signInAs(page, 'Marcos Almeida');

    // The portal's pages and the host's files come from the previous build; /api, /bff/… and
    // /remotes.json stay the gateway's. A page keeps the gateway's headers (its CSP names the remotes).
    const served: string[] = [];
    await page.route(
      (url) => url.origin === E2E_BASE_URL && !/^\/(api|bff)\/|^\/remotes\.json$/.test(url.pathname),
      async (route: Route) => {
        const url = new URL(route.request().url());
        const old = await route.fetch({ url: `${oldServer}${url.pathname}${url.search}` });
        // A chunk of the current host, still asked for by the page being left: the gateway has it.
        if (old.status() === 404) return route.continue();
        served.push(url.pathname);
        if (route.request().resourceType() === 'document') {
          const current = await route.fetch();
          await route.fulfill({ response: current, body: await old.text() });
        } else await route.fulfill({ response: old });
      },
    );

    await page.goto('/dashboard');
    await useRestaurantPanel(page);
    expect(served).toContain('/dashboard');
  });
});
