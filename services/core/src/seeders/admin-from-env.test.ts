import { ADMIN_SECURITY_MESSAGES } from '@turno/domain';
import { AdminMfaKeys, adminMfaKeyFromEnv } from '../accounts/admin-mfa-keys';
import { Admin } from '../model';
import { createTestDatabase, type TestDatabase } from '../testing';
import { ensureAdminFromEnv } from './admin-from-env';

// Each scrypt hash at the OWASP cost (N=2^17) takes about 2 s on the 2-core CI machine.
jest.setTimeout(60_000);

describe('the first admin from the environment', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());
  const em = () => db.orm.em.fork();

  it('seeds nothing in production, and says so when asked to', async () => {
    const env = {
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'chefe@turno.test',
      ADMIN_PASSWORD: 'uma frase bem longa',
    };
    await expect(ensureAdminFromEnv(em(), env)).rejects.toThrow(
      ADMIN_SECURITY_MESSAGES.seedRefusedInProduction,
    );
    await expect(
      ensureAdminFromEnv(em(), { NODE_ENV: 'production', ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXP' }),
    ).rejects.toThrow(ADMIN_SECURITY_MESSAGES.totpSeedRefusedInProduction);
    expect(await ensureAdminFromEnv(em(), { NODE_ENV: 'production' })).toBe(false);
    expect(await em().count(Admin, {})).toBe(0);
    // Production also needs its own key for the second factor.
    expect(() => adminMfaKeyFromEnv({ NODE_ENV: 'production' })).toThrow('ADMIN_MFA_KEY');
    expect(() => adminMfaKeyFromEnv({ ADMIN_MFA_KEY: 'curta' })).toThrow('at least 32');
  });

  it('refuses a weak ADMIN_PASSWORD with the policy reason', async () => {
    await expect(
      ensureAdminFromEnv(em(), { ADMIN_EMAIL: 'chefe@turno.test', ADMIN_PASSWORD: 'password1234' }),
    ).rejects.toThrow(`ADMIN_PASSWORD refused: ${ADMIN_SECURITY_MESSAGES.passwordCommon}`);
    await expect(
      ensureAdminFromEnv(em(), { ADMIN_EMAIL: 'chefe@turno.test', ADMIN_PASSWORD: 'curta' }),
    ).rejects.toThrow(ADMIN_SECURITY_MESSAGES.passwordTooShort);
    expect(await em().count(Admin, {})).toBe(0);
  });

  it('gives the admin the known TOTP secret of ADMIN_TOTP_SECRET, sealed', async () => {
    const env = {
      ADMIN_EMAIL: 'chefe@turno.test',
      ADMIN_PASSWORD: 'uma frase bem longa',
      ADMIN_TOTP_SECRET: 'jbswy3dpehpk3pxp',
      ADMIN_MFA_KEY: 'a-test-key-of-at-least-thirty-two-characters',
    };
    await expect(ensureAdminFromEnv(em(), { ...env, ADMIN_TOTP_SECRET: 'não é base32!' })).rejects.toThrow(
      'base32',
    );
    expect(await ensureAdminFromEnv(em(), env)).toBe(true);
    const admin = await em().findOneOrFail(Admin, { email: 'chefe@turno.test' });
    expect(admin.mfaEnabledAt).toBeInstanceOf(Date);
    expect(admin.mfaSecret).not.toContain('JBSWY3DPEHPK3PXP');
    expect(new AdminMfaKeys(env.ADMIN_MFA_KEY).open('totp-secret', admin.mfaSecret)).toBe('JBSWY3DPEHPK3PXP');
    // Another key cannot open it.
    expect(new AdminMfaKeys(adminMfaKeyFromEnv({})).open('totp-secret', admin.mfaSecret)).toBeNull();
    expect(admin.deviceSecret).toMatch(/^[0-9a-f]{64}$/);
  });
});
