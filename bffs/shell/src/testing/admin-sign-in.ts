import { Secret, TOTP } from 'otpauth';
import type { TestBff } from '@turno/bff-kit/testing';

/** The known TOTP secret test admins are seeded with (ADMIN_TOTP_SECRET of ensureAdminFromEnv). */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The 6-digit code of `secret` at `timestamp` (what an authenticator app shows). */
export function totpCode(secret: string = TEST_TOTP_SECRET, timestamp: number = Date.now()): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
}

/** `name=value` of a Set-Cookie of this answer (the first with that name), or undefined. */
export function setCookieOf(headers: Headers, name: string): string | undefined {
  const line = headers.getSetCookie().find((entry) => entry.startsWith(`${name}=`));
  const pair = line?.split(';')[0];
  return pair && pair !== `${name}=` ? pair : undefined;
}

export const joinCookies = (...cookies: (string | undefined)[]) => cookies.filter(Boolean).join('; ');

/**
 * Both steps of an admin sign-in through the real routes: password, then the current code of
 * `secret` (its replay memory cleared first, so a test may sign the same admin in twice within one
 * 30-second step). Returns the answers and the cookies the browser would keep.
 */
export async function signInAdmin(
  bff: TestBff,
  input: {
    email: string;
    password: string;
    ip: string;
    secret?: string;
    rememberDevice?: boolean;
    cookie?: string;
  },
) {
  const headers = { 'x-forwarded-for': input.ip };
  const first = await bff.request('/api/admin/login', {
    json: { email: input.email, password: input.password },
    headers,
    cookie: input.cookie,
  });
  const pending = setCookieOf(first.headers, 'turno_admin_mfa');
  await bff.db.orm.em
    .fork()
    .getConnection()
    .execute(
      'update admins set mfa_last_step = null where email = ?',
      [input.email.trim().toLowerCase()],
      'run',
    );
  const second = pending
    ? await bff.request('/api/admin/login/mfa', {
        json: { code: totpCode(input.secret), rememberDevice: input.rememberDevice },
        headers,
        cookie: joinCookies(input.cookie, pending),
      })
    : undefined;
  const last = second ?? first;
  return {
    first,
    second,
    session: setCookieOf(last.headers, 'turno_admin'),
    device: second ? setCookieOf(second.headers, 'turno_admin_device') : undefined,
  };
}
