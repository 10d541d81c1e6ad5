import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Admin, AdminMfaKeys, adminMfaKeyFromEnv, ensureAdminFromEnv, verifyPassword } from '@turno/core';
import { createTestDatabase, type TestDatabase } from '@turno/core/testing';
import { DEV_ADMIN_EMAIL, adminCredentials, syncDevAdminPassword } from './dev-admin';

// Each scrypt hash or check at the OWASP cost (N=2^17) takes about 2 s on the 2-core CI machine.
jest.setTimeout(60_000);

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'turno-admin-')), 'dev-admin.json');

describe('the first admin of npm start', () => {
  it('uses ADMIN_EMAIL / ADMIN_PASSWORD when both are set, and writes no file', () => {
    const file = tempFile();
    expect(
      adminCredentials({ ADMIN_EMAIL: 'Chefe@Exemplo.com', ADMIN_PASSWORD: 'segredo-do-ambiente' }, file),
    ).toEqual({
      email: 'chefe@exemplo.com',
      password: 'segredo-do-ambiente',
      source: 'env',
    });
    expect(() => statSync(file)).toThrow();
    expect(
      adminCredentials(
        {
          ADMIN_EMAIL: 'chefe@exemplo.com',
          ADMIN_PASSWORD: 'segredo-do-ambiente',
          ADMIN_TOTP_SECRET: 'jbswy3dpehpk3pxp',
        },
        file,
      ).totpSecret,
    ).toBe('JBSWY3DPEHPK3PXP');
  });

  it('otherwise generates a random password once, kept in a file only its owner reads', () => {
    const file = tempFile();
    const first = adminCredentials({}, file);
    expect(first).toMatchObject({ email: DEV_ADMIN_EMAIL, source: 'new' });
    expect(first.password).toMatch(/^[\w-]{24}$/);
    expect(first.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      email: DEV_ADMIN_EMAIL,
      password: first.password,
      totpSecret: first.totpSecret,
    });
    expect(adminCredentials({}, file)).toEqual({ ...first, source: 'file' });
    expect(adminCredentials({}, tempFile()).password).not.toBe(first.password);
  });

  describe('with a database', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(() => db.drop());

    it('resets the development admin to the kept password (the database may be older than the file)', async () => {
      await ensureAdminFromEnv(db.orm.em.fork(), {
        ADMIN_EMAIL: DEV_ADMIN_EMAIL,
        ADMIN_PASSWORD: 'a-senha-de-antes-123',
      });
      await db.orm.em
        .fork()
        .nativeUpdate(
          Admin,
          { email: DEV_ADMIN_EMAIL },
          { failedAttempts: 3, lockedUntil: new Date(Date.now() + 60_000) },
        );
      const credentials = adminCredentials({}, tempFile());
      expect(await syncDevAdminPassword(db.orm.em.fork(), credentials)).toBe(true);
      const admin = await db.orm.em.fork().findOneOrFail(Admin, { email: DEV_ADMIN_EMAIL });
      expect(await verifyPassword(credentials.password, admin.passwordHash)).toBe(true);
      expect(admin).toMatchObject({ failedAttempts: 0, lockedUntil: null });
      // The file's TOTP secret becomes the admin's second factor (sealed), once.
      expect(admin.mfaEnabledAt).toBeInstanceOf(Date);
      expect(new AdminMfaKeys(adminMfaKeyFromEnv({})).open('totp-secret', admin.mfaSecret)).toBe(
        credentials.totpSecret,
      );
      expect(await syncDevAdminPassword(db.orm.em.fork(), credentials)).toBe(false);
    });

    it('never touches an admin configured by the environment', async () => {
      await ensureAdminFromEnv(db.orm.em.fork(), {
        ADMIN_EMAIL: 'env@exemplo.com',
        ADMIN_PASSWORD: 'senha-do-ambiente-1',
      });
      expect(
        await syncDevAdminPassword(db.orm.em.fork(), {
          email: 'env@exemplo.com',
          password: 'outra-senha-qualquer',
          source: 'env',
        }),
      ).toBe(false);
    });
  });
});
