import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ENV } from '../e2e-env';
import { completeAdminSecondStep, submitAdminLogin } from '../support/sign-in';

/**
 * The admin second factor end to end (issue 12): a fresh admin, added with `npm run admin -- add`
 * (the CLI, password on stdin), enrols with the QR code page, keeps the recovery codes, signs in
 * with a code and with a recovery code (once only), is remembered on this browser, changes the
 * password on "Segurança" (which forgets the remembered device).
 */

const REPO_ROOT = join(__dirname, '..', '..', '..');
const email = `mfa-${randomBytes(3).toString('hex')}@turno.example`;
const password = `girassol ${randomBytes(6).toString('hex')} no telhado`;
const newPassword = `outra frase ${randomBytes(6).toString('hex')} bem longa`;

test.beforeAll(() => {
  const added = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'services/core/src/cli/admin.ts', 'add', '--email', email, '--name', 'Rita Segura'],
    {
      cwd: REPO_ROOT,
      input: `${password}\n`,
      env: { ...process.env, DATABASE_URL: E2E_ENV.DATABASE_URL },
      encoding: 'utf8',
    },
  );
  expect(added.stderr).toBe('');
  expect(added.stdout).toContain(`Adicionado: `);
  expect(added.status).toBe(0);
});

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL('**/admin');
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a new admin enrols with the QR code, then signs in with a code, a recovery code and a remembered device', async ({
  page,
}) => {
  test.setTimeout(240_000);

  // Enrolment: QR code, the key as text, the first code, then the recovery codes once.
  await submitAdminLogin(page, email, password);
  await expect(page.getByRole('heading', { name: 'Configure a verificação em duas etapas' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeVisible();
  const secret = (await page.getByTestId('mfa-secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shoot(page, 'enrolment');
  await completeAdminSecondStep(page, secret);
  const list = page.getByRole('list', { name: 'Códigos de recuperação' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  await shoot(page, 'recovery-codes');
  await page.getByRole('button', { name: 'Continuar para o painel' }).click();
  await page.waitForURL('**/admin/dashboard');
  await expect(page.getByTestId('admin-identity')).toHaveText('Rita Segura');
  await signOut(page);

  // The password alone is not enough: the code of the app.
  await submitAdminLogin(page, email, password);
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
  await completeAdminSecondStep(page, secret);
  await page.waitForURL('**/admin/dashboard');
  await signOut(page);

  // A recovery code works once.
  for (const attempt of ['first', 'second'] as const) {
    await submitAdminLogin(page, email, password);
    await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    await page.getByLabel('Código de recuperação').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verificar' }).click();
    if (attempt === 'first') {
      await page.waitForURL('**/admin/dashboard');
      await signOut(page);
    } else {
      await expect(page.getByTestId('admin-login-error')).toHaveText(
        'Código de recuperação inválido ou já usado.',
      );
      await expect(page).toHaveURL(/\/admin$/);
    }
  }

  // "Lembrar este dispositivo": the next sign-in on this browser skips the code.
  await page.getByRole('button', { name: 'Usar o código do aplicativo' }).click();
  await completeAdminSecondStep(page, secret, { rememberDevice: true });
  await page.waitForURL('**/admin/dashboard');
  await signOut(page);
  await submitAdminLogin(page, email, password);
  await page.waitForURL('**/admin/dashboard');
  await expect(page.getByTestId('admin-online')).toBeVisible();

  // "Segurança": the factor's state and "Alterar senha".
  await page.getByTestId('admin-security-link').click();
  await page.waitForURL('**/admin/seguranca');
  const state = page.getByTestId('mfa-state');
  await expect(state).toContainText('Códigos de recuperação disponíveis: 9 de 10.');
  await expect(state).toContainText('Este dispositivo está lembrado até o fim da sessão.');
  await page.getByLabel('Senha atual').fill(password);
  await page.getByLabel('Nova senha', { exact: true }).fill('senha curta');
  await page.getByLabel('Confirme a nova senha').fill('senha curta');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByTestId('change-password-message')).toHaveText(
    'A senha precisa ter pelo menos 12 caracteres.',
  );
  await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirme a nova senha').fill(newPassword);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByTestId('change-password-message')).toHaveText(
    'Senha alterada. As suas outras sessões foram encerradas.',
  );
  await shoot(page, 'security');
  // This browser stays signed in …
  await page.reload();
  await expect(page.getByTestId('admin-online')).toBeVisible();
  await signOut(page);

  // … the old password is refused, and the changed password forgot the remembered device.
  await submitAdminLogin(page, email, password);
  await expect(page.getByTestId('admin-login-error')).toHaveText('Credenciais inválidas');
  await submitAdminLogin(page, email, newPassword);
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
  await completeAdminSecondStep(page, secret);
  await page.waitForURL('**/admin/dashboard');
});
