import { TEST_PUBLIC_URL, startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { AdminLoginResponseSchema } from '@turno/contracts';
import { Admin, ensureAdminFromEnv } from '@turno/core';
import { MESSAGES } from '@turno/domain';
import { createShellBff } from './app';
import { shellSettingsFromEnv } from './settings';

const settings = shellSettingsFromEnv({
  PUBLIC_URL: TEST_PUBLIC_URL,
  OIDC_CLIENT_SECRET: 'not-used-here',
  ADMIN_LOGIN_IP_MAX_FAILURES: '12',
});
const PASSWORD = 'uma senha longa de teste 123';

let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest((deps) => createShellBff(deps, settings), { seed: false });
  await ensureAdminFromEnv(bff.db.orm.em.fork(), {
    ADMIN_EMAIL: 'Chefe@Turno.Test',
    ADMIN_PASSWORD: PASSWORD,
  });
  await ensureAdminFromEnv(bff.db.orm.em.fork(), {
    ADMIN_EMAIL: 'trancado@turno.test',
    ADMIN_PASSWORD: PASSWORD,
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
  it('signs in with e-mail (any case) and password: a Strict, HttpOnly admin cookie; verify and logout', async () => {
    const response = await login({ email: '  chefe@turno.TEST ', password: PASSWORD }, '198.51.100.2');
    expect(response.status).toBe(200);
    const body = AdminLoginResponseSchema.parse(response.body);
    expect(body.admin).toMatchObject({ email: 'chefe@turno.test', name: 'Administrador' });
    expect(JSON.stringify(response.body)).not.toMatch(/hash|scrypt/i);
    const setCookie = response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/^turno_admin=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=28800$/);
    const cookie = sessionCookieOf(response.headers);

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
    const first = sessionCookieOf(
      (await login({ email: 'chefe@turno.test', password: PASSWORD }, '198.51.100.3')).headers,
    );
    const second = await bff.request('/api/admin/login', {
      json: { email: 'chefe@turno.test', password: PASSWORD },
      cookie: first,
      headers: { 'x-forwarded-for': '198.51.100.3' },
    });
    expect(sessionCookieOf(second.headers)).not.toBe(first);
    expect((await bff.request('/api/admin/verify', { cookie: first })).status).toBe(401);
  });

  it('answers the same 401 for an unknown e-mail and a wrong password, with similar time', async () => {
    const time = async (json: unknown) => {
      const started = performance.now();
      const response = await login(json, '198.51.100.4');
      return { response, ms: performance.now() - started };
    };
    const unknown = await time({ email: 'ninguem@turno.test', password: PASSWORD });
    const wrong = await time({ email: 'chefe@turno.test', password: 'errada' });
    expect(unknown.response).toMatchObject(invalid);
    expect(wrong.response).toMatchObject(invalid);
    expect(unknown.response.headers.get('set-cookie')).toBeNull();
    // Both run scrypt: an unknown e-mail is not answered noticeably faster.
    expect(unknown.ms).toBeGreaterThan(wrong.ms / 3);
  });

  it('locks an account for 15 minutes after 5 failures, with the same answer, then lets it in again', async () => {
    const em = bff.db.orm.em.fork();
    for (let i = 0; i < 4; i++)
      expect(await login({ email: 'trancado@turno.test', password: 'x' }, '198.51.100.5')).toMatchObject(
        invalid,
      );
    expect((await em.findOneOrFail(Admin, { email: 'trancado@turno.test' })).failedAttempts).toBe(4);
    expect(await login({ email: 'trancado@turno.test', password: 'x' }, '198.51.100.5')).toMatchObject(
      invalid,
    );

    const locked = await em.fork().findOneOrFail(Admin, { email: 'trancado@turno.test' });
    expect(locked.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(locked.lockedUntil!.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    // The right password does not open a locked account, and the answer does not tell.
    expect(await login({ email: 'trancado@turno.test', password: PASSWORD }, '198.51.100.6')).toMatchObject(
      invalid,
    );

    await em.nativeUpdate(Admin, { id: locked.id }, { lockedUntil: new Date(Date.now() - 1000) });
    const back = await login({ email: 'trancado@turno.test', password: PASSWORD }, '198.51.100.6');
    expect(back.status).toBe(200);
    const after = await em.fork().findOneOrFail(Admin, { id: locked.id });
    expect(after).toMatchObject({ failedAttempts: 0, lockedUntil: null });
    expect(after.lastLoginAt).toBeInstanceOf(Date);
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

  it('needs both fields', async () => {
    expect(await login({ email: 'chefe@turno.test' })).toMatchObject({ status: 400 });
    expect(await login({ email: '', password: 'x' })).toMatchObject({ status: 400 });
  });
});
