import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { VETTING_MESSAGES, VETTING_REJECTION_REASON_LABELS } from '@turno/domain';
import { expectNoAxeViolations } from '../support/axe';
import { callThroughPage, shot } from '../support/page-tools';
import { acceptTermsIfAsked, signInAs, signInAsAdmin } from '../support/sign-in';
import { randomCpf, sessionCookieOf, sql } from '../support/portal-data';

/**
 * Vetting (issue 27), in Chromium: a new freelancer types CPF and Pix key in Perfil, uploads a
 * photo, then on the Dashboard's checklist the RG's sides (one a PDF) and a selfie, and sends them
 * for review; the admin opens them in "Análise de cadastro" and asks for a correction with a reason;
 * the freelancer reads the reason, sends a new selfie and submits again; the admin approves. A
 * business never reaches the documents. Axe on each screen, shots at 1280 and 360 px.
 */

const OPS = '/bff/admin-ops/api/admin';

/** A photo with noise (JPEG keeps it above 1 KB), EXIF included. */
async function jpeg(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(400 * 300 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * seed) % 251;
  return sharp(raw, { raw: { width: 400, height: 300, channels: 3 } })
    .withExif({ IFD0: { Make: 'CameraDeTeste' } })
    .jpeg()
    .toBuffer();
}
const pdf = Buffer.from(`%PDF-1.4\n% documento de teste\n${'0'.repeat(3000)}\n%%EOF\n`, 'latin1');

const freelancerArea = (page: Page) => page.getByTestId('remote-freelancer');
const opsArea = (page: Page) => page.getByTestId('remote-admin_ops');

async function openReview(admin: Page, name: string) {
  await admin.goto('/admin/dashboard?tab=analise-cadastro');
  const area = opsArea(admin);
  await expect(area.getByRole('heading', { name: VETTING_MESSAGES.queueTitle })).toBeVisible();
  await area.getByRole('button', { name: `Analisar ${name}` }).click();
  await expect(area.getByTestId('vetting-review')).toBeVisible();
  return area;
}

test('a new freelancer is vetted: checklist, correction asked with a reason, resubmission, approval', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const marker = Date.now().toString(36);
  const name = `Laura Verificação ${marker}`;
  // A freelancer just set up (no CPF, Pix key, photo nor documents yet), signed in.
  const [userId] = sql(
    `with u as (insert into users (email, name, user_type) values ('${marker}@freelancer.example', '${name}', 'freelancer') returning id)
     insert into freelancers (user_id, name, phone, specialties) select id, '${name}', '11987654321', '["Estoquista"]' from u returning user_id`,
  );
  const [freelancerId] = sql(`select id from freelancers where user_id = ${userId}`);
  await page.context().addCookies([sessionCookieOf(Number(userId))]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  const area = freelancerArea(page);
  const checklist = area.getByTestId('vetting-checklist');
  // The terms in force, accepted first when the portal asks for them (issue 27, LGPD).
  await acceptTermsIfAsked(page, checklist);
  await expect(area.getByTestId('vetting-item-cpf')).toHaveAttribute('data-done', 'false');
  await expect(area.getByRole('button', { name: VETTING_MESSAGES.submit })).toBeDisabled();
  await expectNoAxeViolations(page);
  await shot(page, 'vetting-checklist-empty-1280', { fullPage: true });

  // Perfil: CPF, Pix key and photo.
  await area.getByRole('button', { name: VETTING_MESSAGES.goToProfile }).click();
  await area.getByRole('button', { name: 'Editar', exact: true }).click();
  await area.getByLabel('CPF').fill(randomCpf().replace(/\D/g, ''));
  await area.getByLabel('Chave PIX').fill(`${marker}@pix.example`);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/freelancers/profile') && r.request().method() === 'PUT',
  );
  await area.getByRole('button', { name: 'Salvar perfil' }).click();
  expect((await saved).status()).toBe(200);
  await area
    .getByTestId('photo-input')
    .setInputFiles({ name: 'rosto.jpg', mimeType: 'image/jpeg', buffer: await jpeg(7) });
  await area.getByRole('button', { name: 'Enviar foto' }).click();
  await expect(area.getByTestId('photo-current')).toBeVisible();

  // Back to the Dashboard's checklist: the document's sides (the front a PDF) and the selfie.
  await page.getByRole('tab', { name: 'Vagas' }).click();
  await expect(area.getByTestId('vetting-item-profile_photo')).toHaveAttribute('data-done', 'true');
  await expect(area.getByTestId('vetting-item-cpf')).toHaveAttribute('data-done', 'true');
  await area.getByLabel(VETTING_MESSAGES.documentTypeLabel).selectOption('rg');
  const upload = async (kind: string, file: { name: string; mimeType: string; buffer: Buffer }) => {
    const answered = page.waitForResponse((r) => r.url().endsWith(`/vetting/documents/${kind}`));
    await area.getByTestId(`vetting-input-${kind}`).setInputFiles(file);
    expect((await answered).status()).toBe(200);
    await expect(area.getByTestId(`vetting-document-${kind}`)).toContainText(VETTING_MESSAGES.fileSent);
  };
  await upload('identity_front', { name: 'rg-frente.pdf', mimeType: 'application/pdf', buffer: pdf });
  await upload('identity_back', { name: 'rg-verso.jpg', mimeType: 'image/jpeg', buffer: await jpeg(11) });
  // A PDF is no selfie: refused with what to send.
  await area
    .getByTestId('vetting-input-selfie')
    .setInputFiles({ name: 'selfie.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(area.getByTestId('vetting-error-selfie')).toContainText(VETTING_MESSAGES.selfieNotImage);
  await upload('selfie', { name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await jpeg(13) });
  await expect(area.getByRole('button', { name: VETTING_MESSAGES.submit })).toBeEnabled();
  await expectNoAxeViolations(page);
  await shot(page, 'vetting-checklist-complete-1280', { fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoAxeViolations(page);
  await shot(page, 'vetting-checklist-complete-360', { fullPage: true });
  await area.getByRole('button', { name: VETTING_MESSAGES.submit }).click();
  await expect(area.getByTestId('vetting-under-review')).toBeVisible();

  // The admin: in the queue, the documents beside the selfie, a correction asked with a reason.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  let review = await openReview(admin, name);
  await expect(review.getByTestId('vetting-cpf')).toContainText(VETTING_MESSAGES.cpfValid);
  await expect(review.getByRole('img', { name: `Selfie segurando o documento de ${name}` })).toBeVisible();
  await expect(review.getByRole('link', { name: 'Abrir PDF: Documento (frente)' })).toBeVisible();
  await expectNoAxeViolations(admin);
  await shot(admin, 'vetting-admin-review-1280', { fullPage: true });
  await admin.setViewportSize({ width: 360, height: 800 });
  await expectNoAxeViolations(admin);
  await shot(admin, 'vetting-admin-review-360', { fullPage: true });
  await admin.setViewportSize({ width: 1280, height: 900 });
  await review.getByLabel(VETTING_MESSAGES.rejectReason).selectOption('selfie_mismatch');
  await review.getByLabel(new RegExp(VETTING_MESSAGES.rejectNote)).fill('O rosto não aparece inteiro.');
  await review.getByRole('button', { name: VETTING_MESSAGES.reject }).click();
  await expect(review.getByTestId('vetting-feedback')).toHaveText(VETTING_MESSAGES.rejected);

  // The freelancer reads the reason, sends a new selfie and submits again.
  await page.reload();
  const rejection = area.getByTestId('vetting-rejection');
  await expect(rejection).toContainText(VETTING_REJECTION_REASON_LABELS.selfie_mismatch);
  await expect(rejection).toContainText('O rosto não aparece inteiro.');
  await expectNoAxeViolations(page);
  await shot(page, 'vetting-rejected-360', { fullPage: true });
  await upload('selfie', { name: 'selfie-nova.jpg', mimeType: 'image/jpeg', buffer: await jpeg(17) });
  await area.getByRole('button', { name: VETTING_MESSAGES.submit }).click();
  await expect(area.getByTestId('vetting-under-review')).toBeVisible();

  // A business never reaches the documents.
  const businessContext = await browser.newContext();
  const business = await businessContext.newPage();
  await signInAs(business, 'Marcos Almeida');
  const denied = await callThroughPage(business, `${OPS}/vetting/${freelancerId}/documents/selfie`);
  expect([401, 403]).toContain(denied.status);
  await businessContext.close();

  // The admin approves; the freelancer's checklist gives way.
  review = await openReview(admin, name);
  await review.getByRole('button', { name: `${VETTING_MESSAGES.approve} ${name}` }).click();
  await expect(review.getByTestId('vetting-feedback')).toHaveText(VETTING_MESSAGES.approved);
  await expect(review.getByRole('button', { name: `Analisar ${name}` })).toHaveCount(0);
  const [state] = sql(
    `select is_approved || ' ' || vetting_status from freelancers where id = ${freelancerId}`,
  );
  expect(state).toBe('true approved');
  await page.reload();
  await expect(area.getByRole('tab', { name: 'Vagas' })).toBeVisible();
  await expect(area.getByTestId('vetting-checklist')).toHaveCount(0);
  // Every decision in the audit trail.
  const trail = sql(
    `select action || ' ' || outcome from audit_events where target_id = '${freelancerId}' and action not like 'GET%' order by id`,
  );
  expect(trail).toEqual(
    expect.arrayContaining([
      'vetting.submitted success',
      'POST /api/admin/vetting/:id/reject success',
      'POST /api/admin/freelancers/:id/approve success',
    ]),
  );
  await adminContext.close();
});
