import { spawnSync } from 'node:child_process';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { OPTIONAL_CONSENT_TEXTS, PRIVACY_MESSAGES, TERMS_VERSION, versionLabel } from '@turno/domain';
import { E2E_ENV } from '../e2e-env';
import { expectNoAxeViolations } from '../support/axe';
import { shot } from '../support/page-tools';
import { signInThroughProvider } from '../support/sign-in';

/**
 * Terms and consent (issue 27), in Chromium at 1280 and 360 px: the terms of use and the privacy
 * notice are reachable from the landing page's footer; the demo's new person (Pedro Henrique Lima)
 * cannot finish setup without ticking the box, and his acceptance is recorded with the versions,
 * the app and browser and a hashed address; in Perfil → "Privacidade" he grants an optional use
 * and withdraws it, each recorded; a newer version of the terms blocks his area until he accepts it.
 *
 * sign-in.spec.ts (earlier in the run) may have set Pedro up already: his user is removed first
 * (nothing else refers to him), and he is set up again as the same business words-and-states.spec.ts
 * (later in the run) expects.
 */

const WIDTHS = [1280, 360] as const;
const PEDRO = `(select user_id from identities where subject = 'demo-new' limit 1)`;

function sql(statement: string): string {
  const run = spawnSync('psql', [E2E_ENV.DATABASE_URL, '-Atq', '-v', 'ON_ERROR_STOP=1', '-c', statement], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`psql failed: ${run.stderr}`);
  return run.stdout.trim();
}

/** The page fits its width (after a resize the narrow layout may come a frame later). */
async function expectFits(page: Page) {
  const width = page.viewportSize()!.width;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
}

/** Buttons, checkboxes (through their label) and the block links under `root` smaller than 44 × 44 px. */
async function smallTargets(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const small: string[] = [];
    for (const control of element.querySelectorAll<HTMLElement>('button, input[type="checkbox"], a[style]')) {
      const target = control instanceof HTMLInputElement ? (control.closest('label') ?? control) : control;
      if (!target.checkVisibility()) continue;
      const box = target.getBoundingClientRect();
      if (Math.round(box.width) < 44 || Math.round(box.height) < 44)
        small.push(
          `${(target.textContent ?? '').trim().slice(0, 30)} (${Math.round(box.width)}×${Math.round(box.height)})`,
        );
    }
    return small;
  });
}

async function checkAt(page: Page, name: string, root: Locator, options: { fullPage?: boolean } = {}) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectFits(page);
    if (width === 360) expect(await smallTargets(root)).toEqual([]);
    await expectNoAxeViolations(page);
    await shot(page, `terms-${name}-${width}`, options);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeAll(() => {
  sql(`delete from users where id = ${PEDRO}`);
});

test('the terms and the privacy notice are linked from the landing page footer', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByTestId('landing-footer');
  await footer.getByRole('link', { name: 'Termos de uso' }).click();
  await expect(page).toHaveURL('/termos');
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de uso' })).toBeVisible();
  await expect(page.getByTestId('legal-document')).toHaveAttribute('data-version', TERMS_VERSION);
  await checkAt(page, 'termos', page.getByTestId('legal-document'));

  await page.getByRole('link', { name: 'Ler o Aviso de privacidade' }).click();
  await expect(page).toHaveURL('/privacidade');
  await expect(page.getByRole('heading', { level: 1, name: 'Aviso de privacidade' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '4. Para onde seus dados vão' })).toBeVisible();
  await checkAt(page, 'privacidade', page.getByTestId('legal-document'));
});

test('a new person accepts the terms at setup, toggles a consent in Privacidade, and is asked again after a new version', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughProvider(page, 'Pedro Henrique Lima');
  await expect(page).toHaveURL('/setup');
  await page.getByLabel(/^Mercado\/Hortifruti/).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel(/^Nome do estabelecimento/).fill('Hortifruti Lima');
  await page.getByLabel(/^Razão social/).fill('Hortifruti Lima Comércio de Frutas Ltda');
  await page.getByLabel(/^CNPJ/).pressSequentially('11222333000181');

  // Without the box: refused in the page, nothing sent.
  let posted = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/profile/setup')) posted = true;
  });
  await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
  await expect(page.getByRole('alert').filter({ hasText: PRIVACY_MESSAGES.termsRequired })).toBeVisible();
  expect(posted).toBe(false);
  const box = page.getByLabel(/^Li e aceito os Termos de uso/);
  await expect(box).toHaveAttribute('aria-invalid', 'true');

  // The names open the texts in a new tab; the form stays as it was.
  const [terms] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Termos de uso', exact: true }).click(),
  ]);
  await expect(terms).toHaveURL(/\/termos$/);
  await expect(terms.getByRole('heading', { level: 1, name: 'Termos de uso' })).toBeVisible();
  await terms.close();
  await expect(page.getByLabel(/^Nome do estabelecimento/)).toHaveValue('Hortifruti Lima');
  await checkAt(page, 'setup-refused', page.locator('form'), { fullPage: true });

  // The server refuses it too (zod at the BFF), in pt-BR.
  const refused = await page.evaluate(async () => {
    const response = await fetch('/api/profile/setup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Pedro', userType: 'freelancer' }),
    });
    return { status: response.status, body: (await response.json()) as { error: string } };
  });
  expect(refused.status).toBe(400);
  expect(refused.body.error).toContain(PRIVACY_MESSAGES.termsRequired);

  await box.check();
  await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
  await expect(page).toHaveURL('/dashboard');
  const area = page.getByTestId('remote-restaurant');
  await expect(area).toBeVisible();
  const recorded = sql(
    `select kind || '|' || version || '|' || action || '|' || client || '|' || ip_hash from consents where user_id = ${PEDRO} order by kind`,
  ).split('\n');
  expect(recorded).toHaveLength(2);
  for (const [index, kind] of ['privacy_notice', 'terms'].entries()) {
    expect(recorded[index]).toMatch(
      new RegExp(`^${kind}\\|\\d{4}-\\d{2}-\\d{2}\\|accepted\\|host/setup; Mozilla/5\\.0 .+\\|[0-9a-f]{16}$`),
    );
  }

  // Perfil → Privacidade: the versions accepted, and the marketing notices granted then withdrawn.
  await area.getByRole('tab', { name: 'Perfil' }).click();
  const privacy = area.getByTestId('privacy-card');
  await privacy.getByRole('button', { name: PRIVACY_MESSAGES.openButton }).click();
  await expect(privacy.getByTestId('privacy-documents')).toContainText(
    `Termos de uso: ${versionLabel(TERMS_VERSION)}`,
  );
  const marketing = privacy.getByTestId('consent-marketing_notifications');
  await expect(marketing).toContainText(PRIVACY_MESSAGES.neverAsked);
  // A business is not asked about location at check-in.
  await expect(privacy.getByTestId('consent-location_check_in')).toHaveCount(0);
  const title = OPTIONAL_CONSENT_TEXTS.marketing_notifications.title;
  await marketing.getByRole('button', { name: `${PRIVACY_MESSAGES.grantButton}: ${title}` }).click();
  await expect(marketing).toContainText('Autorizado em');
  await expect(privacy.getByTestId('privacy-flash')).toHaveText(PRIVACY_MESSAGES.saved);
  await privacy.scrollIntoViewIfNeeded();
  await checkAt(page, 'privacidade-perfil', privacy);
  await marketing.getByRole('button', { name: `${PRIVACY_MESSAGES.withdrawButton}: ${title}` }).click();
  await expect(marketing).toContainText('Autorização retirada em');
  expect(
    sql(
      `select string_agg(action, ',' order by id) from consents where user_id = ${PEDRO} and kind = 'marketing_notifications'`,
    ),
  ).toBe('accepted,withdrawn');
  expect(
    sql(
      `select count(*) from audit_events where actor_id = ${PEDRO} and actor_kind = 'user' and target_type = 'consent'`,
    ),
  ).toBe('4');

  // A newer version of the terms (as if TERMS_VERSION had moved on since he accepted): asked again.
  sql(`update consents set version = '2025-01-01' where user_id = ${PEDRO} and kind = 'terms'`);
  await page.goto('/dashboard');
  const gate = page.getByTestId('terms-update');
  await expect(gate.getByRole('heading', { name: PRIVACY_MESSAGES.updatedTitle })).toBeVisible();
  await expect(page.getByTestId('remote-restaurant')).toHaveCount(0);
  await checkAt(page, 'atualizados', gate);
  await gate.getByRole('button', { name: PRIVACY_MESSAGES.acceptButton }).click();
  await expect(gate.getByRole('alert')).toHaveText(PRIVACY_MESSAGES.termsRequired);
  await gate.getByLabel(/^Li e aceito os Termos de uso/).check();
  await gate.getByRole('button', { name: PRIVACY_MESSAGES.acceptButton }).click();
  await expect(page.getByTestId('remote-restaurant')).toBeVisible();
  expect(
    sql(
      `select client from consents where user_id = ${PEDRO} and kind = 'terms' and version = '${TERMS_VERSION}' order by id desc limit 1`,
    ),
  ).toMatch(/^host\/terms; Mozilla\/5\.0 /);
});
