import { randomBytes, scryptSync } from 'node:crypto';
import { hashId } from '@turno/bff-kit';
import { TEST_PUBLIC_URL, startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { AdminLoginResponseSchema } from '@turno/contracts';
import { Admin, ensureAdminFromEnv } from '@turno/core';
import { MESSAGES } from '@turno/domain';
import { createShellBff } from './app';
import { shellSettingsFromEnv } from './settings';
import { TEST_TOTP_SECRET, setCookieOf, signInAdmin, totpCode } from './testing/admin-sign-in';
import { useTestPasswordCost, withProductionPasswordCost } from '@turno/core/testing';

const settings = shellSettingsFromEnv({
  PUBLIC_URL: TEST_PUBLIC_URL,
  OIDC_CLIENT_SECRET: 'not-used-here',
  ADMIN_LOGIN_IP_MAX_ATTEMPTS: '12',
});
const PASSWORD = 'uma senha longa de teste 123';
// Every check runs scrypt, at TEST_PASSWORD_COST (N=2^14) except where a test asks for the
// production cost (N=2^17, about 0.3 s each on an idle core).
jest.setTimeout(60_000);

let bff: TestBff;
beforeAll(async () => {
  await useTestPasswordCost();
  bff = await startBffForTest((deps) => createShellBff(deps, settings), { seed: false });
  await ensureAdminFromEnv(bff.db.orm.em.fork(), {
    ADMIN_EMAIL: 'Chefe@Turno.Test',
    ADMIN_PASSWORD: PASSWORD,
    ADMIN_TOTP_SECRET: TEST_TOTP_SECRET,
  });
  await ensureAdminFromEnv(bff.db.orm.em.fork(), {
    ADMIN_EMAIL: 'trancado@turno.test',
    ADMIN_PASSWORD: PASSWORD,
    ADMIN_TOTP_SECRET: TEST_TOTP_SECRET,
  });
});
afterAll(() => bff.close());

/** Each test speaks from its own client address (the gateway's X-Forwarded-For), so IP throttles stay apart. */
const login = (json: unknown, ip = '198.51.100.1') =>
  bff.request('/api/admin/login', { json, headers: { 'x-forwarded-for': ip } });
const invalid = { status: 401, body: { error: MESSAGES.adminAuth.invalidCredentials } };
const sessionCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((line) => line.startsWith('turno_admin='))
    ?.split(';')[0] as string;

describe('admin sign-in', () => {
  it('signs in with e-mail (any case), password and code: a Strict, HttpOnly admin cookie; verify and logout', async () => {
    const response = await login({ email: '  chefe@turno.TEST ', password: PASSWORD }, '198.51.100.2');
    expect(response.status).toBe(200);
    // The password alone gives no session: a second step, kept in Redis, its random id in a short-lived cookie.
    expect(AdminLoginResponseSchema.parse(response.body)).toEqual({ success: true, mfa: 'required' });
    expect(JSON.stringify(response.body)).not.toMatch(/hash|scrypt|secret/i);
    expect(setCookieOf(response.headers, 'turno_admin')).toBeUndefined();
    const pendingLine = response.headers.getSetCookie().join('\n');
    expect(pendingLine).toMatch(
      /^turno_admin_mfa=[\w-]{43}; Path=\/api\/admin; HttpOnly; SameSite=Strict; Max-Age=300$/,
    );
    const second = await bff.request('/api/admin/login/mfa', {
      json: { code: totpCode() },
      cookie: setCookieOf(response.headers, 'turno_admin_mfa'),
      headers: { 'x-forwarded-for': '198.51.100.2' },
    });
    expect(second.status).toBe(200);
    const body = AdminLoginResponseSchema.parse(second.body);
    expect('admin' in body && body.admin).toMatchObject({ email: 'chefe@turno.test', name: 'Administrador' });
    const setCookie = second.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/^turno_admin_mfa=; Path=\/api\/admin; HttpOnly; SameSite=Strict; Max-Age=0/m);
    expect(setCookie).toMatch(/^turno_admin=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/m); // no Max-Age: ends with the browser
    const cookie = sessionCookieOf(second.headers);

    expect(await bff.request('/api/admin/verify', { cookie })).toMatchObject({
      status: 200,
      body: { ok: true, admin: { email: 'chefe@turno.test' } },
    });
    // An admin session is not a business session.
    expect((await bff.request('/api/users/me', { cookie })).status).toBe(403);

    const out = await bff.request('/api/admin/logout', { method: 'POST', cookie });
    expect(out).toMatchObject({ status: 200, body: { success: true } });
    expect(out.headers.get('set-cookie')).toMatch(
      /^turno_admin=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0/,
    );
    expect(await bff.request('/api/admin/verify', { cookie })).toMatchObject({
      status: 401,
      body: { error: MESSAGES.common.unauthenticated },
    });
  });

  it('renews the admin session id at every sign-in', async () => {
    const credentials = { email: 'chefe@turno.test', password: PASSWORD, ip: '198.51.100.3' };
    const first = (await signInAdmin(bff, credentials)).session;
    expect(first).toBeDefined();
    const second = await signInAdmin(bff, { ...credentials, cookie: first });
    expect(second.session).toBeDefined();
    expect(second.session).not.toBe(first);
    expect((await bff.request('/api/admin/verify', { cookie: first })).status).toBe(401);
  });

  it('answers the same 401 for an unknown e-mail and a wrong password, with similar work', async () => {
    // CPU time of this process (the BFF runs in it; scrypt in its thread pool), not wall time: a
    // loaded machine stretches the wall clock of either request, never the work each one does.
    const time = async (json: unknown) => {
      const started = process.cpuUsage();
      const response = await login(json, '198.51.100.4');
      const used = process.cpuUsage(started);
      return { response, ms: (used.user + used.system) / 1000 };
    };
    const unknown = await time({ email: 'ninguem@turno.test', password: PASSWORD });
    const wrong = await time({ email: 'chefe@turno.test', password: 'errada' });
    expect(unknown.response).toMatchObject(invalid);
    expect(wrong.response).toMatchObject(invalid);
    expect(unknown.response.headers.get('set-cookie')).toBeNull();
    // Both run scrypt: an unknown e-mail is not answered noticeably faster.
    expect(unknown.ms).toBeGreaterThan(wrong.ms / 3);
  });

  it('slows an (account, address) pair down progressively instead of locking the account', async () => {
    const em = bff.db.orm.em.fork();
    const ip = '198.51.100.5';
    // The first three attempts are checked at once.
    for (let i = 0; i < 3; i++)
      expect(await login({ email: 'trancado@turno.test', password: 'x' }, ip)).toMatchObject(invalid);
    // The fourth is checked too, and opens a delay of 1 s for the next…
    expect(await login({ email: 'trancado@turno.test', password: 'x' }, ip)).toMatchObject(invalid);
    const refused = await login({ email: 'trancado@turno.test', password: PASSWORD }, ip);
    expect(refused).toMatchObject({ status: 429, body: { error: MESSAGES.adminAuth.tooManyAttempts } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // …which does not touch the admin from any other address: no lock anyone could hold.
    expect((await login({ email: 'trancado@turno.test', password: PASSWORD }, '198.51.100.6')).status).toBe(
      200,
    );
    // After the delay the pair may try again; a completed sign-in (password and code) starts it afresh.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const signedIn = await signInAdmin(bff, { email: 'trancado@turno.test', password: PASSWORD, ip });
    expect(signedIn.second?.status).toBe(200);
    expect(await login({ email: 'trancado@turno.test', password: 'x' }, ip)).toMatchObject(invalid);
    const after = await em.fork().findOneOrFail(Admin, { email: 'trancado@turno.test' });
    expect(after.lockedUntil).toBeNull();
    expect(after.lastLoginAt).toBeInstanceOf(Date);
  });

  it('counts every attempt of a concurrent burst before any password is checked', async () => {
    const ip = '198.51.100.7';
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => login({ email: 'chefe@turno.test', password: 'errada' }, ip)),
    );
    const statuses = burst.map((response) => response.status);
    // Counted before scrypt: at most the pair's 3 free attempts and the one that opens the delay
    // reach the password check; the others are refused at once.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(4); // 3 free + 1
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(46);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    const addressKey = `${bff.security.keyPrefix}admin-login:ip:${hashId(ip)}`;
    expect(Number(await bff.redis.get(addressKey))).toBe(50);
    // Each refusal is in the audit trail, with the address only as a hash.
    const audited = await bff.db.orm.em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>(
        `select count(*) as n from audit_events where action = 'admin.sign_in' and outcome = 'refused' and ip_hash = ?`,
        [hashId(ip)],
      );
    expect(Number(audited[0]!.n)).toBe(50);
  });

  it('throttles failed attempts per client address (429), whatever the e-mail', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 12; i++) {
      expect(await login({ email: `alvo${i}@turno.test`, password: 'x' }, ip)).toMatchObject(invalid);
    }
    const blocked = await login({ email: 'chefe@turno.test', password: PASSWORD }, ip);
    expect(blocked).toMatchObject({ status: 429, body: { error: MESSAGES.adminAuth.tooManyAttempts } });
    // Another address is not affected.
    expect((await login({ email: 'chefe@turno.test', password: PASSWORD }, '203.0.113.10')).status).toBe(200);
  });

  it('stops guessing spread over many addresses: 10 failures of one account in 15 min, then 429 from any address; a remembered device still signs in', async () => {
    const email = 'distribuida@turno.test';
    await ensureAdminFromEnv(bff.db.orm.em.fork(), {
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_TOTP_SECRET: TEST_TOTP_SECRET,
    });
    // The owner's browser, remembered after a full sign-in.
    const owner = await signInAdmin(bff, {
      email,
      password: PASSWORD,
      ip: '198.51.100.60',
      rememberDevice: true,
    });
    expect(owner.device).toBeDefined();
    const max = settings.adminLogin.accountMaxFailures;
    // Wrong codes count too: the right password (not a failure), then two wrong codes from one address …
    const first = await login({ email, password: PASSWORD }, '198.51.100.61');
    const pending = setCookieOf(first.headers, 'turno_admin_mfa');
    for (let i = 0; i < 2; i++)
      expect(
        (
          await bff.request('/api/admin/login/mfa', {
            json: { code: '000000' },
            cookie: pending,
            headers: { 'x-forwarded-for': '198.51.100.61' },
          })
        ).status,
      ).toBe(401);
    // … and wrong passwords from as many addresses as it takes, none of them over its own limits.
    for (let i = 2; i < max; i++)
      expect(
        await login({ email: email.toUpperCase(), password: 'x' }, `198.51.100.${70 + i}`),
      ).toMatchObject(invalid);
    const refused = await login({ email, password: PASSWORD }, '198.51.100.99');
    expect(refused).toMatchObject({ status: 429, body: { error: MESSAGES.adminAuth.tooManyAttempts } });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(settings.adminLogin.accountWindowMinutes * 60);
    // An unknown e-mail is counted and answered alike (nothing tells which accounts exist).
    for (let i = 0; i < max; i++)
      expect(
        (await login({ email: 'ninguem.mesmo@turno.test', password: 'x' }, `198.51.100.${110 + i}`)).status,
      ).toBe(401);
    expect((await login({ email: 'ninguem.mesmo@turno.test', password: 'x' }, '198.51.100.98')).status).toBe(
      429,
    );
    // The owner's remembered browser still signs in with the password; a wrong one there is still refused.
    const remembered = await bff.request('/api/admin/login', {
      json: { email, password: PASSWORD },
      cookie: owner.device,
      headers: { 'x-forwarded-for': '198.51.100.62' },
    });
    expect(remembered.status).toBe(200);
    expect(setCookieOf(remembered.headers, 'turno_admin')).toBeDefined();
    // The owner got in: the account's count starts afresh, from any address.
    expect((await login({ email, password: PASSWORD }, '198.51.100.97')).body).toEqual({
      success: true,
      mfa: 'required',
    });
    const audited = await bff.db.orm.em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>(
        `select count(*) as n from audit_events where action = 'admin.sign_in' and outcome = 'refused' and details->>'reason' = 'account-limit'`,
      );
    expect(Number(audited[0]!.n)).toBeGreaterThanOrEqual(2);
  });

  it('re-hashes a password stored at an older, lower cost at the next sign-in', async () => {
    await withProductionPasswordCost(async () => {
      const em = bff.db.orm.em.fork();
      const salt = randomBytes(16);
      const key = scryptSync(PASSWORD, salt, 64, { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
      const old = ['scrypt', 2 ** 14, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
      await em.nativeUpdate(Admin, { email: 'trancado@turno.test' }, { passwordHash: old });
      expect((await login({ email: 'trancado@turno.test', password: PASSWORD }, '198.51.100.8')).status).toBe(
        200,
      );
      const stored = (await em.fork().findOneOrFail(Admin, { email: 'trancado@turno.test' })).passwordHash;
      expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect((await login({ email: 'trancado@turno.test', password: PASSWORD }, '198.51.100.8')).status).toBe(
        200,
      );
    });
  });

  it('needs both fields', async () => {
    expect(await login({ email: 'chefe@turno.test' })).toMatchObject({ status: 400 });
    expect(await login({ email: '', password: 'x' })).toMatchObject({ status: 400 });
  });
});
