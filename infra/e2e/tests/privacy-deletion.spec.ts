import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ACCOUNT_DELETION_MESSAGES, PRIVACY_ADMIN_MESSAGES, PRIVACY_MESSAGES } from '@turno/domain';
import { expectNoAxeViolations } from '../support/axe';
import { callThroughPage, shot } from '../support/page-tools';
import { randomCpf, sql } from '../support/portal-data';
import { acceptTermsIfAsked, signInAsAdmin, signInThroughProvider } from '../support/sign-in';

/**
 * "Excluir minha conta" (issue 27), in Chromium: a new freelancer (with a billed shift at a business
 * of this spec) asks for the deletion in Perfil → Privacidade; every session ends; signing in again
 * within the 7 days calls it off and the dashboard says so once. Asked again and moved past the 7
 * days (scheduled_for in SQL), the admin's "Privacidade" carries the due deletions out (what the
 * workers' hourly job does): the account is anonymized, the photo is gone from storage, the sign-in
 * no longer reaches the account, and the business's invoice still adds up. Axe, 44 px targets, no
 * overflow, shots at 1280 and 360 px.
 *
 * The development provider signs in its demo people only: the spec lends the "Pedro Henrique Lima"
 * sign-in (subject demo-new) to its own freelancer and gives it back at the end (specs run one
 * after the other on a portal).
 */

const WIDTHS = [1280, 360] as const;
const PHOTO_DIR = process.env.PHOTO_STORAGE_DIR || join(__dirname, '..', '..', '..', '.turno', 'photos');
const marker = Date.now().toString(36);
const name = `Rita Exclusão ${marker}`;
let lent: { userId: string; issuer: string } | null = null;
let userId = 0;
let freelancerId = 0;
let invoiceId = 0;

async function jpeg(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(300 * 300 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * seed) % 251;
  return sharp(raw, { raw: { width: 300, height: 300, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** Buttons and inputs under `root` smaller than 44 × 44 px. */
async function smallTargets(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const small: string[] = [];
    for (const control of element.querySelectorAll<HTMLElement>('button, input, a')) {
      if (!control.checkVisibility()) continue;
      const box = control.getBoundingClientRect();
      if (Math.round(box.height) < 44 || (control.tagName === 'BUTTON' && Math.round(box.width) < 44))
        small.push(
          `${(control.textContent ?? control.tagName).trim().slice(0, 30)} (${Math.round(box.width)}×${Math.round(box.height)})`,
        );
    }
    return small;
  });
}

async function checkAt(page: Page, shotName: string, root: Locator) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    if (width === 360) expect(await smallTargets(root)).toEqual([]);
    await expectNoAxeViolations(page);
    await root.scrollIntoViewIfNeeded();
    await shot(page, `privacy-deletion-${shotName}-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const area = (page: Page) => page.getByTestId('remote-freelancer');
const invoiceSums = () =>
  sql(
    `select i.amount_cents, sum(l.amount_cents), count(*) from invoices i join invoice_lines l on l.invoice_id = i.id where i.id = ${invoiceId} group by i.id`,
  );

async function openDeletion(page: Page): Promise<Locator> {
  await area(page).getByRole('tab', { name: 'Perfil' }).click();
  const privacy = area(page).getByTestId('privacy-card');
  const section = privacy.getByTestId('account-deletion');
  // On a loaded machine the Perfil tab, opened from another tab, may draw its cards again after the
  // first click (seen once in CI: the card closed, its toggle back to "Ver e alterar"): open it until open.
  await expect(async () => {
    const toggle = privacy.getByRole('button', { name: PRIVACY_MESSAGES.openButton });
    if (await toggle.isVisible()) await toggle.click();
    await expect(section.getByRole('button', { name: ACCOUNT_DELETION_MESSAGES.open })).toBeVisible({
      timeout: 5_000,
    });
  }).toPass({ timeout: 30_000 });
  return section;
}

async function askDeletion(section: Locator) {
  await section.getByRole('button', { name: ACCOUNT_DELETION_MESSAGES.open }).click();
  await section.getByLabel(ACCOUNT_DELETION_MESSAGES.confirmLabel('EXCLUIR')).fill('EXCLUIR');
  await section.getByRole('button', { name: ACCOUNT_DELETION_MESSAGES.submit }).click();
  await expect(section.getByTestId('account-deletion-scheduled')).toContainText(
    'Pedido de exclusão recebido',
  );
}

test.beforeAll(() => {
  // The freelancer, a business of this spec, a shift she worked there and its invoice (one line).
  [userId] = sql(
    `insert into users (email, name, user_type) values ('${marker}@exclusao.example', '${name}', 'freelancer') returning id`,
  ).map(Number) as [number];
  [freelancerId] = sql(
    `insert into freelancers (user_id, name, phone, cpf, pix_key, specialties, is_approved)
     values (${userId}, '${name}', '11987654321', '${randomCpf().replace(/\D/g, '')}', '${marker}@pix.example', '["Estoquista"]', true) returning id`,
  ).map(Number) as [number];
  const [restaurantId] = sql(
    `with u as (insert into users (email, name, user_type) values ('${marker}@mercado.example', 'Dono ${marker}', 'restaurant') returning id)
     insert into restaurants (user_id, name, business_name, is_approved) select id, 'Dono ${marker}', 'Mercado Exclusão ${marker}', true from u returning id`,
  );
  const [jobId] = sql(
    `insert into jobs (restaurant_id, title, position_type, date_needed, start_time, end_time, workload_minutes, charge_cents, status)
     values (${restaurantId}, 'Estoquista', 'Estoquista', current_date - 10, '08:00', '14:00', 360, 14900, 'completed') returning id`,
  );
  const [assignmentId] = sql(
    `insert into assignments (job_id, freelancer_id, status, restaurant_charge_cents, freelancer_payout_cents, commission_cents, completed_at)
     values (${jobId}, ${freelancerId}, 'completed', 14900, 12000, 2900, now() - interval '10 days') returning id`,
  );
  [invoiceId] = sql(
    `insert into invoices (invoice_number, invoice_type, restaurant_id, amount_cents, issue_date, due_date)
     values ('E2E-EXC-${marker}', 'restaurant_invoice', ${restaurantId}, 14900, current_date - 3, current_date + 4) returning id`,
  ).map(Number) as [number];
  sql(
    `insert into invoice_lines (invoice_id, assignment_id, date_needed, position_type, freelancer_name, amount_cents)
     values (${invoiceId}, ${assignmentId}, current_date - 10, 'Estoquista', '${name}', 14900)`,
  );
  // Lend the demo-new sign-in to her (given back in afterAll).
  const [issuer] = sql(`select issuer from identities where subject = 'demo-freelancer' limit 1`);
  const [current] = sql(`select id, user_id from identities where subject = 'demo-new' limit 1`);
  if (current) {
    const [id, owner] = current.split('\t') as [string, string];
    lent = { userId: owner, issuer: issuer! };
    sql(`update identities set user_id = ${userId} where id = ${id}`);
  } else {
    sql(`insert into identities (user_id, issuer, subject) values (${userId}, '${issuer}', 'demo-new')`);
  }
});

test.afterAll(() => {
  // Her user is gone once anonymized (and the lent identity with it): the sign-in goes back to its owner.
  sql(`delete from identities where subject = 'demo-new' and user_id = ${userId}`);
  if (lent && sql(`select id from users where id = ${lent.userId}`).length > 0)
    sql(
      `insert into identities (user_id, issuer, subject) select ${lent.userId}, '${lent.issuer}', 'demo-new'
        where not exists (select 1 from identities where subject = 'demo-new')`,
    );
});

test('a freelancer asks for deletion, signs in within the grace (cancelled), asks again and is anonymized after 7 days', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughProvider(page, 'Pedro Henrique Lima');
  await acceptTermsIfAsked(page, area(page).getByRole('tab', { name: 'Perfil' }));
  expect((await callThroughPage<{ id: number }>(page, '/api/users/me')).body.id).toBe(userId);

  // A profile photo, stored.
  await area(page).getByRole('tab', { name: 'Perfil' }).click();
  await area(page)
    .getByTestId('photo-input')
    .setInputFiles({ name: 'rosto.jpg', mimeType: 'image/jpeg', buffer: await jpeg(5) });
  await area(page).getByRole('button', { name: 'Enviar foto' }).click();
  await expect(area(page).getByTestId('photo-current')).toBeVisible();
  const [photoUrl] = sql(`select profile_photo_url from freelancers where id = ${freelancerId}`);
  const version = /v=([a-f0-9]+)/.exec(photoUrl ?? '')?.[1];
  expect(version).toBeTruthy();
  const photoFile = join(PHOTO_DIR, 'freelancers', String(freelancerId), `${version}.jpg`);
  expect(existsSync(photoFile)).toBe(true);
  const sumsBefore = invoiceSums();
  expect(sumsBefore).toEqual(['14900\t14900\t1']);

  // Perfil → Privacidade → Excluir minha conta: what is deleted and kept, the word, the 7 days.
  let section = await openDeletion(page);
  await expect(section).toContainText(ACCOUNT_DELETION_MESSAGES.keptItems[0]);
  await section.getByRole('button', { name: ACCOUNT_DELETION_MESSAGES.open }).click();
  await expect(section.getByLabel(ACCOUNT_DELETION_MESSAGES.confirmLabel('EXCLUIR'))).toBeVisible();
  await checkAt(page, 'confirm', section);
  await section.getByRole('button', { name: ACCOUNT_DELETION_MESSAGES.cancel }).click();
  await askDeletion(section);
  await checkAt(page, 'scheduled', section);
  // Every session ended.
  expect((await callThroughPage(page, '/api/users/me')).status).toBe(401);
  expect(sql(`select status from account_deletions where user_id = ${userId}`)).toEqual(['pending']);

  // Signing in again within the 7 days: cancelled, told once.
  await signInThroughProvider(page, 'Pedro Henrique Lima');
  const notice = page.getByTestId('account-notice');
  await expect(notice).toContainText(ACCOUNT_DELETION_MESSAGES.cancelledBySignIn);
  await checkAt(page, 'cancelled-notice', notice);
  expect(sql(`select status, cancelled_by from account_deletions where user_id = ${userId}`)).toEqual([
    'cancelled\tsign_in',
  ]);
  await notice.getByRole('button', { name: ACCOUNT_DELETION_MESSAGES.noticeDismiss }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(area(page).getByRole('tab', { name: 'Perfil' })).toBeVisible();
  await expect(page.getByTestId('account-notice')).toHaveCount(0);

  // Asked again; the 7 days moved into the past.
  section = await openDeletion(page);
  await askDeletion(section);
  expect((await callThroughPage(page, '/api/users/me')).status).toBe(401);
  sql(
    `update account_deletions set scheduled_for = now() - interval '1 minute' where user_id = ${userId} and status = 'pending'`,
  );

  // The admin's Privacidade: the request with its deadline; the due deletions carried out.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/dashboard?tab=privacidade');
  const ops = admin.getByTestId('remote-admin_ops');
  const screen = ops.getByTestId('privacy-screen');
  await expect(screen.getByRole('heading', { name: PRIVACY_ADMIN_MESSAGES.title })).toBeVisible();
  const [deletionId] = sql(
    `select id from account_deletions where user_id = ${userId} and status = 'pending'`,
  );
  const row = screen.getByTestId(`privacy-case-deletion-${deletionId}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText('Prazo:');
  await checkAt(admin, 'admin', screen);
  await screen.getByRole('button', { name: PRIVACY_ADMIN_MESSAGES.runDue }).click();
  await expect(screen.getByTestId('privacy-feedback')).toContainText('Exclusões executadas');
  await expect(row).toBeHidden();
  await adminContext.close();

  // Anonymized (she had billed work): no name, CPF, Pix key or photo; the user gone; the photo file gone.
  expect(
    sql(
      `select name, cpf is null, pix_key is null, profile_photo_url is null from freelancers where id = ${freelancerId}`,
    ),
  ).toEqual(['Freelancer removido\tt\tt\tt']);
  expect(sql(`select id from users where id = ${userId}`)).toEqual([]);
  expect(sql(`select status, outcome from account_deletions where id = ${deletionId}`)).toEqual([
    'done\tanonymized',
  ]);
  expect(existsSync(photoFile)).toBe(false);
  // The business's invoice still adds up, its line as billed.
  expect(invoiceSums()).toEqual(sumsBefore);
  expect(sql(`select freelancer_name from invoice_lines where invoice_id = ${invoiceId}`)).toEqual([name]);
  // The session is over.
  expect((await callThroughPage(page, '/api/users/me')).status).toBe(401);
});
