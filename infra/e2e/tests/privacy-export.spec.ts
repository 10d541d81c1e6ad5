import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DATA_EXPORT_FILES, DATA_EXPORT_MESSAGES, PRIVACY_MESSAGES } from '@turno/domain';
import { expectNoAxeViolations } from '../support/axe';
import { shot } from '../support/page-tools';
import { sessionCookieOf, sql } from '../support/portal-data';
import { acceptTermsIfAsked } from '../support/sign-in';

/**
 * "Baixar meus dados" (issue 27, LGPD art. 18 II and V), in Chromium: a freelancer of this spec's
 * own (written by SQL with a store, a worked and paid shift, and a pending application, so no other
 * spec's data matters) asks for their data in Perfil → "Privacidade", sees the progress, downloads
 * the ZIP (a Playwright download): it holds meus-dados.json and resumo.pdf, the JSON parses and has
 * their applications and payments. A second download is refused (410, pt-BR). axe, 44 px targets
 * and no overflow at 1280 and 360 px, with screenshots.
 */

const WIDTHS = [1280, 360] as const;

/** A store and a freelancer with one completed, paid shift and one pending application. */
function freelancerWithHistory(marker: string): { userId: number; name: string } {
  const name = `Clara Portabilidade ${marker}`;
  const [userId] = sql(
    `with u as (insert into users (email, name, user_type) values ('${marker}@export.example', '${name}', 'freelancer') returning id)
     insert into freelancers (user_id, name, phone, specialties, cpf, pix_key, is_approved, vetting_status, approved_at)
     select id, '${name}', '11987654321', '["Repositor"]', '52998224725', '${marker}@pix.example', true, 'approved', now() from u
     returning user_id`,
  );
  const [freelancerId] = sql(`select id from freelancers where user_id = ${userId}`);
  const [restaurantId] = sql(
    `with u as (insert into users (email, name, user_type) values ('loja-${marker}@export.example', 'Loja ${marker}', 'restaurant') returning id)
     insert into restaurants (user_id, name, business_name, is_approved, is_active)
     select id, 'Loja ${marker}', 'Mercado Exportação ${marker}', true, true from u returning id`,
  );
  sql(
    `with worked as (
       insert into jobs (restaurant_id, title, position_type, date_needed, start_time, end_time, workload_minutes, charge_cents, status)
       values (${restaurantId}, 'Repositor', 'Repositor', current_date - 10, '08:00', '14:00', 360, 14900, 'completed') returning id, date_needed
     ), applied as (
       insert into applications (job_id, freelancer_id, status, message, applied_at, expires_at, reviewed_at)
       select id, ${freelancerId}, 'accepted', 'Tenho experiência.', date_needed - 3, date_needed - 1, date_needed - 2 from worked returning job_id
     ), shift as (
       insert into assignments (job_id, freelancer_id, status, check_in_at, check_in_method, check_in_distance_m, check_out_at,
                                check_out_method, restaurant_charge_cents, freelancer_payout_cents, commission_cents, completed_at)
       select id, ${freelancerId}, 'completed', date_needed + time '11:00', 'geofence', 40, date_needed + time '17:00', 'manager',
              14900, 12000, 2900, date_needed + time '17:00' from worked returning id, completed_at
     )
     insert into payouts (assignment_id, freelancer_id, amount_cents, idempotency_id, status, pix_key, payee_name, payee_cpf, paid_at)
     select id, ${freelancerId}, 12000, 'e2e-export-${marker}', 'paid', '${marker}@pix.example', '${name}', '52998224725', completed_at + interval '1 hour' from shift`,
  );
  sql(
    `with open_job as (
       insert into jobs (restaurant_id, title, position_type, date_needed, start_time, end_time, workload_minutes, charge_cents, status)
       values (${restaurantId}, 'Operador de Caixa', 'Operador de Caixa', current_date + 20, '08:00', '14:00', 360, 14900, 'open') returning id
     )
     insert into applications (job_id, freelancer_id, status, message, applied_at, expires_at)
     select id, ${freelancerId}, 'pending', 'Posso cobrir.', now(), now() + interval '2 days' from open_job`,
  );
  return { userId: Number(userId), name };
}

/** Buttons and button-like links under `root` smaller than 44 × 44 px. */
async function smallTargets(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const small: string[] = [];
    for (const control of element.querySelectorAll<HTMLElement>('button, a.t-btn')) {
      if (!control.checkVisibility()) continue;
      const box = control.getBoundingClientRect();
      if (Math.round(box.width) < 44 || Math.round(box.height) < 44)
        small.push(
          `${(control.textContent ?? '').trim().slice(0, 30)} (${Math.round(box.width)}×${Math.round(box.height)})`,
        );
    }
    return small;
  });
}

async function checkAt(page: Page, name: string, root: Locator) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    expect(await smallTargets(root)).toEqual([]);
    await expectNoAxeViolations(page);
    await root.scrollIntoViewIfNeeded();
    await shot(page, `privacy-export-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a freelancer downloads their data once: the ZIP holds the JSON (applications, payments) and the PDF', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const marker = Date.now().toString(36);
  const person = freelancerWithHistory(marker);
  await page.context().addCookies([sessionCookieOf(person.userId)]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  const area = page.getByTestId('remote-freelancer');
  const profileTab = area.getByRole('tab', { name: 'Perfil' });
  await acceptTermsIfAsked(page, profileTab);
  await profileTab.click();
  const privacy = area.getByTestId('privacy-card');
  await privacy.getByRole('button', { name: PRIVACY_MESSAGES.openButton }).click();
  const section = privacy.getByTestId('data-export');
  const ask = section.getByRole('button', { name: DATA_EXPORT_MESSAGES.request });
  await expect(ask).toBeVisible();
  await checkAt(page, 'before', section);

  await ask.click();
  // Queued or already being prepared: the status says so while the workers build it.
  await expect(section.getByTestId('data-export-status')).toBeVisible();
  const link = section.getByRole('link', { name: DATA_EXPORT_MESSAGES.download });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(section.getByTestId('data-export-status')).toHaveText(DATA_EXPORT_MESSAGES.ready);
  await checkAt(page, 'ready', section);
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/data-exports\/\d+\/file$/);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^turno-meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = join(tmpdir(), `turno-e2e-export-${marker}.zip`);
  writeFileSync(zip, readFileSync((await download.path())!));
  const names = spawnSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).stdout.trim().split('\n').sort();
  expect(names).toEqual([DATA_EXPORT_FILES.json, DATA_EXPORT_FILES.pdf].sort());
  const data = JSON.parse(
    spawnSync('unzip', ['-p', zip, DATA_EXPORT_FILES.json], { encoding: 'utf8' }).stdout,
  ) as {
    titular: { nome: string };
    candidaturas: { status: string; message: string }[];
    pagamentos: { amount_cents: number; status: string }[];
    turnos: { check_in_distance_m: number }[];
  };
  expect(data.titular.nome).toBe(person.name);
  expect(data.candidaturas.map((application) => application.status).sort()).toEqual(['accepted', 'pending']);
  expect(data.pagamentos).toEqual([expect.objectContaining({ amount_cents: 12000, status: 'paid' })]);
  expect(data.turnos[0]?.check_in_distance_m).toBe(40);
  const pdf = spawnSync('unzip', ['-p', zip, DATA_EXPORT_FILES.pdf]).stdout;
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Once: the card says it was downloaded, and the link is refused a second time (410, pt-BR).
  await expect(section.getByTestId('data-export-status')).toHaveText(DATA_EXPORT_MESSAGES.downloaded);
  const again = await page.request.get(href!, { headers: { 'sec-fetch-site': 'same-origin' } });
  expect(again.status()).toBe(410);
  expect(await again.json()).toEqual({ error: DATA_EXPORT_MESSAGES.alreadyDownloaded });
  expect(sql(`select status from data_exports where user_id = ${person.userId}`)).toEqual(['downloaded']);
  await checkAt(page, 'downloaded', section);
});
