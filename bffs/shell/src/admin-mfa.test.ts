import { createCipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { hashId } from '@turno/bff-kit';
import { TEST_PUBLIC_URL, startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import {
  AdminLoginResponseSchema,
  AdminMfaResponseSchema,
  AdminSecurityResponseSchema,
} from '@turno/contracts';
import {
  Admin,
  AdminMfaKeys,
  AdminPasswordRefused,
  addAdmin,
  listAdmins,
  resetAdminMfa,
  setAdminDisabled,
} from '@turno/core';
import { ADMIN_SECURITY_MESSAGES, MESSAGES } from '@turno/domain';
import { createShellBff } from './app';
import { shellSettingsFromEnv } from './settings';
import { joinCookies, setCookieOf, signInAdmin, totpCode } from './testing/admin-sign-in';
import { useTestPasswordCost } from '@turno/core/testing';

const settings = shellSettingsFromEnv({
  PUBLIC_URL: TEST_PUBLIC_URL,
  OIDC_CLIENT_SECRET: 'not-used-here',
  ADMIN_MFA_KEY: 'a-test-key-of-at-least-thirty-two-characters',
});
const keys = new AdminMfaKeys(settings.adminMfa.masterKey);
const PASSWORD = 'cavalo correto bateria grampo';
// Every password check runs scrypt, at TEST_PASSWORD_COST (@turno/core/testing).
jest.setTimeout(120_000);

let bff: TestBff;
beforeAll(async () => {
  await useTestPasswordCost();
  bff = await startBffForTest((deps) => createShellBff(deps, settings), { seed: false });
});
afterAll(() => bff.close());

const em = () => bff.db.orm.em.fork();
const login = (email: string, password: string, ip: string, cookie?: string) =>
  bff.request('/api/admin/login', { json: { email, password }, headers: { 'x-forwarded-for': ip }, cookie });
const secondStep = (json: unknown, cookie: string | undefined, ip: string) =>
  bff.request('/api/admin/login/mfa', { json, cookie, headers: { 'x-forwarded-for': ip } });
const forgetReplays = (email: string) =>
  em().getConnection().execute('update admins set mfa_last_step = null where email = ?', [email], 'run');

/** Adds a fresh admin (service level, like `npm run admin -- add`) and enrols them through the routes. */
async function enrolledAdmin(email: string, ip: string) {
  await addAdmin(em(), { email, name: 'Fulana', password: PASSWORD });
  const first = await login(email, PASSWORD, ip);
  const step = AdminLoginResponseSchema.parse(first.body);
  if (!('mfa' in step) || step.mfa !== 'enrolment') throw new Error('expected an enrolment');
  const done = await secondStep(
    { code: totpCode(step.enrolment.secret) },
    setCookieOf(first.headers, 'turno_admin_mfa'),
    ip,
  );
  const body = AdminMfaResponseSchema.parse(done.body);
  return {
    secret: step.enrolment.secret,
    recoveryCodes: body.recoveryCodes ?? [],
    session: setCookieOf(done.headers, 'turno_admin'),
  };
}

describe('admin second factor', () => {
  it('enrols an admin without a factor: QR code and secret once, a code to confirm, 10 recovery codes', async () => {
    const ip = '192.0.2.10';
    await addAdmin(em(), { email: 'nova@turno.test', password: PASSWORD });
    const first = await login('nova@turno.test', PASSWORD, ip);
    const step = AdminLoginResponseSchema.parse(first.body);
    if (!('mfa' in step) || step.mfa !== 'enrolment')
      throw new Error(`expected an enrolment: ${JSON.stringify(step)}`);
    expect(step.enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(step.enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Turno:nova%40turno\.test\?/);
    expect(step.enrolment.otpauthUrl).toContain(`secret=${step.enrolment.secret}`);
    expect(Buffer.from(step.enrolment.qrCode.split(',')[1]!, 'base64').toString()).toMatch(/^<svg /);
    expect(setCookieOf(first.headers, 'turno_admin')).toBeUndefined();
    const pending = setCookieOf(first.headers, 'turno_admin_mfa');

    // Nothing is stored before the first code confirms the secret.
    expect((await em().findOneOrFail(Admin, { email: 'nova@turno.test' })).mfaSecret).toBeNull();
    const wrong = await secondStep({ code: '000000' }, pending, ip);
    expect(wrong).toMatchObject({ status: 401, body: { error: ADMIN_SECURITY_MESSAGES.codeInvalid } });
    // A recovery code cannot stand in for the enrolment's code.
    expect((await secondStep({ recoveryCode: 'AAAAA-AAAAA' }, pending, ip)).status).toBe(401);

    const done = await secondStep({ code: totpCode(step.enrolment.secret) }, pending, ip);
    expect(done.status).toBe(200);
    const body = AdminMfaResponseSchema.parse(done.body);
    expect(body.admin.email).toBe('nova@turno.test');
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    for (const code of body.recoveryCodes ?? []) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    const session = setCookieOf(done.headers, 'turno_admin');
    expect((await bff.request('/api/admin/verify', { cookie: session })).status).toBe(200);

    // Stored sealed (AES-256-GCM) and the codes only as keyed hashes.
    const stored = await em().findOneOrFail(Admin, { email: 'nova@turno.test' });
    expect(stored.mfaSecret).toMatch(/^v1\./);
    expect(stored.mfaSecret).not.toContain(step.enrolment.secret);
    expect(keys.open('totp-secret', stored.mfaSecret)).toBe(step.enrolment.secret);
    const hashes = await em()
      .getConnection()
      .execute<{ code_hash: string }[]>('select code_hash from admin_recovery_codes where admin_id = ?', [
        stored.id,
      ]);
    expect(hashes.map((row) => row.code_hash).sort()).toEqual(
      (body.recoveryCodes ?? []).map((code) => keys.hashRecoveryCode(code)).sort(),
    );
    // The step is single-use, and the secret is never sent again: the next sign-in asks for a code.
    expect(await secondStep({ code: totpCode(step.enrolment.secret) }, pending, ip)).toMatchObject({
      status: 401,
      body: { error: ADMIN_SECURITY_MESSAGES.mfaStepExpired },
    });
    const again = await login('nova@turno.test', PASSWORD, ip);
    expect(again.body).toEqual({ success: true, mfa: 'required' });
    const security = await bff.request('/api/admin/security', { cookie: session });
    expect(AdminSecurityResponseSchema.parse(security.body)).toMatchObject({
      recoveryCodesLeft: 10,
      rememberedDevice: false,
    });
    expect(JSON.stringify(security.body)).not.toContain(step.enrolment.secret);
    const events = await em()
      .getConnection()
      .execute<{ action: string }[]>(
        `select action from audit_events where actor_id = ? and action like 'admin.%' order by id`,
        [stored.id],
      );
    expect(events.map((event) => event.action)).toEqual(
      expect.arrayContaining(['admin.mfa.failed', 'admin.mfa.enrolled', 'admin.sign_in']),
    );
  });

  it('refuses a wrong code, a replayed code, an altered or missing step cookie', async () => {
    const ip = '192.0.2.11';
    const { secret } = await enrolledAdmin('replay@turno.test', ip);
    const first = await login('replay@turno.test', PASSWORD, ip);
    const pending = setCookieOf(first.headers, 'turno_admin_mfa');
    // The last accepted step is this one (set here, so the test does not depend on when the
    // enrolment ran): this step's code, however right, is a replay.
    const now = Date.now();
    await em()
      .getConnection()
      .execute(
        'update admins set mfa_last_step = ? where email = ?',
        [Math.floor(now / 30_000), 'replay@turno.test'],
        'run',
      );
    expect(await secondStep({ code: totpCode(secret, now) }, pending, ip)).toMatchObject({
      status: 401,
      body: { error: ADMIN_SECURITY_MESSAGES.codeInvalid },
    });
    const reasons = await em()
      .getConnection()
      .execute<{ reason: string }[]>(
        `select details->>'reason' as reason from audit_events where action = 'admin.mfa.failed' and actor_id = (select id from admins where email = 'replay@turno.test')`,
      );
    expect(reasons.map((row) => row.reason)).toEqual(['replayed-code']);
    // A code of the next step is accepted (±1 step window) …
    const next = totpCode(secret, Date.now() + 30_000);
    expect((await secondStep({ code: next }, pending, ip)).status).toBe(200);
    // … and never again, even with a new password step.
    const again = await login('replay@turno.test', PASSWORD, ip);
    expect((await secondStep({ code: next }, setCookieOf(again.headers, 'turno_admin_mfa'), ip)).status).toBe(
      401,
    );
    // A code two steps away is outside the window.
    const far = totpCode(secret, Date.now() + 90_000);
    expect((await secondStep({ code: far }, setCookieOf(again.headers, 'turno_admin_mfa'), ip)).status).toBe(
      401,
    );
    // Without the cookie, or with an altered one, or from another browser: the step has expired.
    expect(await secondStep({ code: totpCode(secret) }, undefined, ip)).toMatchObject({
      status: 401,
      body: { error: ADMIN_SECURITY_MESSAGES.mfaStepExpired },
    });
    const altered = `${setCookieOf(again.headers, 'turno_admin_mfa')!.slice(0, -2)}AA`;
    expect((await secondStep({ code: totpCode(secret) }, altered, ip)).status).toBe(401);
    const otherBrowser = await bff.request('/api/admin/login/mfa', {
      json: { code: totpCode(secret) },
      cookie: setCookieOf(again.headers, 'turno_admin_mfa'),
      headers: { 'x-forwarded-for': ip, 'user-agent': 'outro navegador' },
    });
    expect(otherBrowser).toMatchObject({
      status: 401,
      body: { error: ADMIN_SECURITY_MESSAGES.mfaStepExpired },
    });
    // Bad input is a 400 with a pt-BR message.
    expect(await secondStep({ code: '12ab56' }, pending, ip)).toMatchObject({ status: 400 });
    expect(await secondStep({}, pending, ip)).toMatchObject({ status: 400 });
  });

  it('accepts each recovery code once, and audits its use', async () => {
    const ip = '192.0.2.12';
    const { recoveryCodes } = await enrolledAdmin('recupera@turno.test', ip);
    const code = recoveryCodes[0]!;
    const first = await login('recupera@turno.test', PASSWORD, ip);
    const used = await secondStep(
      { recoveryCode: code.toLowerCase() },
      setCookieOf(first.headers, 'turno_admin_mfa'),
      ip,
    );
    expect(used.status).toBe(200);
    const session = setCookieOf(used.headers, 'turno_admin');
    expect((await bff.request('/api/admin/verify', { cookie: session })).status).toBe(200);
    const second = await login('recupera@turno.test', PASSWORD, ip);
    expect(
      await secondStep({ recoveryCode: code }, setCookieOf(second.headers, 'turno_admin_mfa'), ip),
    ).toMatchObject({ status: 401, body: { error: ADMIN_SECURITY_MESSAGES.recoveryCodeInvalid } });
    const security = AdminSecurityResponseSchema.parse(
      (await bff.request('/api/admin/security', { cookie: session })).body,
    );
    expect(security.recoveryCodesLeft).toBe(9);
    const audited = await em()
      .getConnection()
      .execute<{ n: string }[]>(
        `select count(*) as n from audit_events where action = 'admin.mfa.recovery_code_used' and actor_id = ?`,
        [security.admin.id],
      );
    expect(Number(audited[0]!.n)).toBe(1);
    expect(
      JSON.stringify(await em().getConnection().execute('select details from audit_events')),
    ).not.toContain(code);

    // New codes need a current TOTP code; the old ones stop working.
    expect(
      (
        await bff.request('/api/admin/mfa/recovery-codes', {
          json: { code: '000000' },
          cookie: session,
          headers: { 'x-forwarded-for': ip },
        })
      ).status,
    ).toBe(400);
  });

  it('remembers a device until the session lifetime, bound to the admin and forgotten on a password change', async () => {
    const ip = '192.0.2.13';
    const { secret } = await enrolledAdmin('lembra@turno.test', ip);
    const signedIn = await signInAdmin(bff, {
      email: 'lembra@turno.test',
      password: PASSWORD,
      ip,
      secret,
      rememberDevice: true,
    });
    const device = signedIn.device;
    expect(device).toMatch(/^turno_admin_device=\d+\.\d+\.[\w-]{43}$/);
    const line = signedIn
      .second!.headers.getSetCookie()
      .find((entry) => entry.startsWith('turno_admin_device='));
    expect(line).toMatch(/Path=\/api\/admin; HttpOnly; SameSite=Strict; Max-Age=28800$/); // the admin session's 8 h
    // With the device cookie the password alone signs in …
    const remembered = await login('lembra@turno.test', PASSWORD, ip, device);
    expect(AdminLoginResponseSchema.parse(remembered.body)).toMatchObject({
      success: true,
      admin: { email: 'lembra@turno.test' },
    });
    const session = setCookieOf(remembered.headers, 'turno_admin');
    expect((await bff.request('/api/admin/verify', { cookie: session })).status).toBe(200);
    expect(
      AdminSecurityResponseSchema.parse(
        (await bff.request('/api/admin/security', { cookie: joinCookies(session, device) })).body,
      ).rememberedDevice,
    ).toBe(true);
    // … but it is no password: a wrong one is still refused, and it serves no other admin.
    expect((await login('lembra@turno.test', 'senha errada demais', ip, device)).status).toBe(401);
    await addAdmin(em(), { email: 'outra@turno.test', password: PASSWORD });
    expect((await login('outra@turno.test', PASSWORD, ip, device)).body).toMatchObject({ mfa: 'enrolment' });
    // A forged tag is ignored.
    const forged = device!.replace(/\.[\w-]{43}$/, `.${'A'.repeat(43)}`);
    expect((await login('lembra@turno.test', PASSWORD, ip, forged)).body).toEqual({
      success: true,
      mfa: 'required',
    });

    // Changing the password forgets every remembered device.
    const changed = await bff.request('/api/admin/password', {
      json: {
        currentPassword: PASSWORD,
        newPassword: 'outra frase longa e nova',
        confirmation: 'outra frase longa e nova',
      },
      cookie: session,
      headers: { 'x-forwarded-for': ip },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.getSetCookie().join('\n')).toMatch(
      /^turno_admin_device=; Path=\/api\/admin;.*Max-Age=0/m,
    );
    expect((await login('lembra@turno.test', 'outra frase longa e nova', ip, device)).body).toEqual({
      success: true,
      mfa: 'required',
    });
  });

  it('counts wrong codes in the sign-in throttle: after the free attempts, 429 with Retry-After', async () => {
    const ip = '192.0.2.14';
    const { secret } = await enrolledAdmin('forca@turno.test', ip);
    await forgetReplays('forca@turno.test');
    const first = await login('forca@turno.test', PASSWORD, ip); // the password counts as attempt 1
    const pending = setCookieOf(first.headers, 'turno_admin_mfa');
    for (let i = 0; i < 3; i++) expect((await secondStep({ code: '000000' }, pending, ip)).status).toBe(401);
    const refused = await secondStep({ code: totpCode(secret) }, pending, ip);
    expect(refused).toMatchObject({ status: 429, body: { error: MESSAGES.adminAuth.tooManyAttempts } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another address is not slowed down by it.
    expect(
      (await signInAdmin(bff, { email: 'forca@turno.test', password: PASSWORD, ip: '192.0.2.15', secret }))
        .second?.status,
    ).toBe(200);
  });
});

/**
 * What an attacker who knows ADMIN_MFA_KEY could make of the former `turno_admin_mfa` cookie:
 * `{ adminId, stage, … }` sealed with AES-256-GCM under the key's 'turno-admin-mfa-seal-v1' derivation.
 */
function forgeSealedStep(masterKey: string, step: object): string {
  const key = Buffer.from(hkdfSync('sha256', masterKey, 'turno', 'turno-admin-mfa-seal-v1', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from('admin-mfa-pending'));
  const body = Buffer.concat([cipher.update(JSON.stringify(step), 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
}

describe('the step between password and code lives on the server', () => {
  const stepKey = (cookie: string) => `${bff.security.keyPrefix}admin-mfa:${hashId(cookie.split('=')[1]!)}`;
  // The former cookie was bound to the User-Agent's hash: the attacker's own, known to them.
  const userAgent = 'Forjador/1.0';
  const agent = createHash('sha256').update(userAgent).digest('base64url').slice(0, 22);

  it('refuses a step cookie forged with the right ADMIN_MFA_KEY (former sealed format, enrolment or code, and made-up ids)', async () => {
    const ip = '192.0.2.40';
    const { secret } = await enrolledAdmin('forjada@turno.test', ip);
    await addAdmin(em(), { email: 'sem-fator@turno.test', password: PASSWORD });
    const target = await em().findOneOrFail(Admin, { email: 'forjada@turno.test' });
    const unenrolled = await em().findOneOrFail(Admin, { email: 'sem-fator@turno.test' });
    await forgetReplays('forjada@turno.test');
    const expiresAt = Date.now() + 300_000;
    const forged = (step: object) =>
      `turno_admin_mfa=${forgeSealedStep(settings.adminMfa.masterKey, { agent, nonce: 'n', expiresAt, ...step })}`;
    const attackerSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const attempts = [
      // Without the password: a current code of an enrolled admin …
      [forged({ adminId: target.id, stage: 'required' }), { code: totpCode(secret) }],
      // … or the attacker's own factor for an admin not yet enrolled.
      [
        forged({ adminId: unenrolled.id, stage: 'enrolment', secret: attackerSecret }),
        { code: totpCode(attackerSecret) },
      ],
      // The new cookie is a random id: one that was never issued opens nothing.
      [`turno_admin_mfa=${randomBytes(32).toString('base64url')}`, { code: totpCode(secret) }],
    ] as const;
    for (const [cookie, json] of attempts) {
      const refused = await bff.request('/api/admin/login/mfa', {
        json,
        cookie,
        headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
      });
      expect(refused).toMatchObject({ status: 401, body: { error: ADMIN_SECURITY_MESSAGES.mfaStepExpired } });
      expect(setCookieOf(refused.headers, 'turno_admin')).toBeUndefined();
    }
    expect((await em().findOneOrFail(Admin, { id: unenrolled.id })).mfaSecret).toBeNull();
    expect((await em().findOneOrFail(Admin, { id: target.id })).mfaLastStep).toBeNull();

    // The happy path: the password writes the step in Redis (admin, stage, a short TTL, no secret in
    // clear); the cookie holds only its id; the right code ends it.
    const first = await login('sem-fator@turno.test', PASSWORD, ip);
    const step = AdminLoginResponseSchema.parse(first.body);
    if (!('mfa' in step) || step.mfa !== 'enrolment') throw new Error('expected an enrolment');
    const cookie = setCookieOf(first.headers, 'turno_admin_mfa')!;
    expect(cookie).toMatch(/^turno_admin_mfa=[\w-]{43}$/);
    const record = await bff.redis.hgetall(stepKey(cookie));
    expect(record).toMatchObject({ adminId: String(unenrolled.id), stage: 'enrolment', attempts: '0' });
    expect(JSON.stringify(record)).not.toContain(step.enrolment.secret);
    const ttl = await bff.redis.ttl(stepKey(cookie));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(settings.adminMfa.pendingSeconds);
    const done = await secondStep({ code: totpCode(step.enrolment.secret) }, cookie, ip);
    expect(done.status).toBe(200);
    expect(setCookieOf(done.headers, 'turno_admin')).toBeDefined();
    expect(await bff.redis.exists(stepKey(cookie))).toBe(0);
  });

  it(`ends the step after ${settings.adminMfa.maxAttempts} wrong codes: the password is needed again`, async () => {
    const email = 'tentativas@turno.test';
    const { secret } = await enrolledAdmin(email, '192.0.2.50');
    await forgetReplays(email);
    const first = await login(email, PASSWORD, '192.0.2.50');
    const cookie = setCookieOf(first.headers, 'turno_admin_mfa')!;
    // From a new address each time, so the (account, address) delay does not answer first.
    const max = settings.adminMfa.maxAttempts;
    for (let attempt = 1; attempt < max; attempt++)
      expect(await secondStep({ code: '000000' }, cookie, `192.0.2.${50 + attempt}`)).toMatchObject({
        status: 401,
        body: { error: ADMIN_SECURITY_MESSAGES.codeInvalid },
      });
    expect(await bff.redis.hget(stepKey(cookie), 'attempts')).toBe(String(max - 1));
    const last = await secondStep({ code: '000000' }, cookie, `192.0.2.${50 + max}`);
    expect(last).toMatchObject({ status: 401, body: { error: ADMIN_SECURITY_MESSAGES.mfaStepExpired } });
    expect(await bff.redis.exists(stepKey(cookie))).toBe(0);
    const right = await secondStep({ code: totpCode(secret) }, cookie, `192.0.2.${51 + max}`);
    expect(right).toMatchObject({ status: 401, body: { error: ADMIN_SECURITY_MESSAGES.mfaStepExpired } });
  });
});

describe('admin password policy and "Alterar senha"', () => {
  it('refuses short, common or breached passwords and ones with the e-mail or "turno", in pt-BR', async () => {
    const add = (password: string) => addAdmin(em(), { email: 'maria.silva@turno.test', password });
    await expect(add('curta123')).rejects.toThrow(ADMIN_SECURITY_MESSAGES.passwordTooShort);
    await expect(add('x'.repeat(129))).rejects.toThrow(ADMIN_SECURITY_MESSAGES.passwordTooLong);
    await expect(add('password1234')).rejects.toThrow(ADMIN_SECURITY_MESSAGES.passwordCommon);
    await expect(add('Football2024!!')).rejects.toThrow(ADMIN_SECURITY_MESSAGES.passwordCommon);
    await expect(add('qwertyuiop1234')).rejects.toThrow(AdminPasswordRefused);
    await expect(add('eu sou maria.silva!')).rejects.toThrow(ADMIN_SECURITY_MESSAGES.passwordHasEmail);
    await expect(add('minha senha do Turno')).rejects.toThrow(ADMIN_SECURITY_MESSAGES.passwordHasCompany);
    expect(await em().count(Admin, { email: 'maria.silva@turno.test' })).toBe(0);
    await expect(add('girassol azul no telhado')).resolves.toMatchObject({ email: 'maria.silva@turno.test' });
  });

  it('changes the password: current one needed, policy applied, other sessions ended, this one kept', async () => {
    const ip = '192.0.2.20';
    const { secret } = await enrolledAdmin('troca@turno.test', ip);
    const phone = await signInAdmin(bff, {
      email: 'troca@turno.test',
      password: PASSWORD,
      ip: '192.0.2.21',
      secret,
    });
    const laptop = await signInAdmin(bff, { email: 'troca@turno.test', password: PASSWORD, ip, secret });
    const change = (json: object) =>
      bff.request('/api/admin/password', {
        json,
        cookie: laptop.session,
        headers: { 'x-forwarded-for': ip },
      });
    const NEW = 'um novo poema de doze palavras';
    expect(
      await change({ currentPassword: 'errada errada', newPassword: NEW, confirmation: NEW }),
    ).toMatchObject({
      status: 400,
      body: { error: ADMIN_SECURITY_MESSAGES.currentPasswordWrong },
    });
    expect(
      await change({ currentPassword: PASSWORD, newPassword: NEW, confirmation: 'outra' }),
    ).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining(ADMIN_SECURITY_MESSAGES.passwordMismatch) },
    });
    expect(
      await change({ currentPassword: PASSWORD, newPassword: 'password1234', confirmation: 'password1234' }),
    ).toMatchObject({
      status: 400,
      body: { error: ADMIN_SECURITY_MESSAGES.passwordCommon },
    });
    expect(
      await change({
        currentPassword: PASSWORD,
        newPassword: 'troca troca troca',
        confirmation: 'troca troca troca',
      }),
    ).toMatchObject({
      status: 400,
      body: { error: ADMIN_SECURITY_MESSAGES.passwordHasEmail },
    });
    const done = await change({ currentPassword: PASSWORD, newPassword: NEW, confirmation: NEW });
    expect(done).toMatchObject({ status: 200, body: { success: true, endedSessions: 2 } }); // the phone and the enrolment's
    const renewed = setCookieOf(done.headers, 'turno_admin');
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(laptop.session);
    expect((await bff.request('/api/admin/verify', { cookie: renewed })).status).toBe(200);
    expect((await bff.request('/api/admin/verify', { cookie: phone.session })).status).toBe(401);
    expect((await bff.request('/api/admin/verify', { cookie: laptop.session })).status).toBe(401);
    expect((await login('troca@turno.test', PASSWORD, '192.0.2.22')).status).toBe(401);
    expect((await login('troca@turno.test', NEW, '192.0.2.22')).body).toEqual({
      success: true,
      mfa: 'required',
    });
    const audited = await em()
      .getConnection()
      .execute<{ n: string }[]>(
        `select count(*) as n from audit_events where action = 'admin.password_changed' and actor_id = (select id from admins where email = 'troca@turno.test')`,
      );
    expect(Number(audited[0]!.n)).toBe(1);
  });
});

describe('admin management (npm run admin)', () => {
  it('disables and enables an admin: no sign-in, live sessions end; reset-mfa forces a new enrolment', async () => {
    const ip = '192.0.2.30';
    const { secret, session } = await enrolledAdmin('gerente@turno.test', ip);
    expect((await bff.request('/api/admin/verify', { cookie: session })).status).toBe(200);

    expect(await setAdminDisabled(em(), 'Gerente@turno.test', true)).toMatchObject({
      disabled: true,
      mfa: true,
    });
    expect((await bff.request('/api/admin/verify', { cookie: session })).status).toBe(401);
    expect(await login('gerente@turno.test', PASSWORD, ip)).toMatchObject({
      status: 401,
      body: { error: MESSAGES.adminAuth.invalidCredentials },
    });
    await setAdminDisabled(em(), 'gerente@turno.test', false);
    expect(
      (await signInAdmin(bff, { email: 'gerente@turno.test', password: PASSWORD, ip, secret })).second
        ?.status,
    ).toBe(200);

    await resetAdminMfa(em(), 'gerente@turno.test');
    expect((await login('gerente@turno.test', PASSWORD, ip)).body).toMatchObject({
      success: true,
      mfa: 'enrolment',
    });
    expect(await em().count('AdminRecoveryCode', { admin: { email: 'gerente@turno.test' } })).toBe(0);
    const listed = (await listAdmins(em())).find((admin) => admin.email === 'gerente@turno.test');
    expect(listed).toMatchObject({ mfa: false, disabled: false });
    await expect(addAdmin(em(), { email: 'gerente@turno.test', password: PASSWORD })).rejects.toThrow(
      ADMIN_SECURITY_MESSAGES.adminExists,
    );
    const actions = await em()
      .getConnection()
      .execute<{ action: string }[]>(
        `select action from audit_events where actor_kind = 'system' and target_id = ? order by id`,
        [String(listed!.id)],
      );
    expect(actions.map((row) => row.action)).toEqual([
      'admin.added',
      'admin.disabled',
      'admin.enabled',
      'admin.mfa_reset',
    ]);
  });
});
