import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type { Redis } from 'ioredis';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { z } from 'zod';
import { clearCookie, cookieNameFor, readCookie, setCookie, type Sessions } from '@turno/bff-kit';
import { AdminMfaKeys, type EntityManager } from '@turno/core';
import type { AdminMfaEnrolment } from '@turno/contracts';
import type { AdminMfaSettings } from './settings';

/**
 * The admin's TOTP second factor (RFC 6238: SHA-1, 6 digits, 30 s, as every authenticator app
 * reads it) and the two cookies around it:
 *
 * - `turno_admin_mfa`: the half-signed-in state between the password and the code, sealed with
 *   AES-256-GCM (admin id, stage, for an enrolment the new secret, the User-Agent's hash, expiry
 *   and a one-time nonce); HttpOnly, SameSite=Strict, on /api/admin, 5 minutes. Used once: the
 *   nonce is spent in Redis (SET NX) when the step succeeds;
 * - `turno_admin_device`: "Lembrar este dispositivo", `<admin id>.<expiry>.<HMAC>` over the admin's
 *   `device_secret`; HttpOnly, SameSite=Strict, on /api/admin, expiring with the admin session's
 *   absolute lifetime. Rotating `device_secret` (password change, factor reset, disabling) forgets it.
 */

export const ADMIN_MFA_COOKIE = 'turno_admin_mfa';
export const ADMIN_DEVICE_COOKIE = 'turno_admin_device';
const TOTP_OPTIONS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

const PendingSchema = z.object({
  adminId: z.number().int().positive(),
  stage: z.enum(['required', 'enrolment']),
  /** Enrolment only: the new secret, base32. */
  secret: z.string().optional(),
  agent: z.string(),
  nonce: z.string(),
  expiresAt: z.number().int(),
});
export type PendingMfa = z.infer<typeof PendingSchema>;

const agentHash = (ctx: Context) =>
  createHash('sha256').update(ctx.get('user-agent')).digest('base64url').slice(0, 22);

function cookieOptions(sessions: Sessions, maxAge?: number) {
  return { sameSite: 'Strict' as const, secure: sessions.settings.cookieSecure, path: '/api/admin', maxAge };
}

/** The name of one of these cookies (`__Secure-` over HTTPS: they live on /api/admin, not /). */
const nameOf = (sessions: Sessions, name: string) =>
  sessions.settings.cookieSecure ? `__Secure-${name}` : cookieNameFor(name, false);

export class AdminMfa {
  readonly keys: AdminMfaKeys;

  constructor(
    readonly settings: AdminMfaSettings,
    keys?: AdminMfaKeys,
  ) {
    this.keys = keys ?? new AdminMfaKeys(settings.masterKey);
  }

  newSecret(): string {
    return new Secret({ size: 20 }).base32;
  }

  private totp(secret: string, email: string): TOTP {
    return new TOTP({
      issuer: this.settings.issuer,
      label: email,
      secret: Secret.fromBase32(secret),
      ...TOTP_OPTIONS,
    });
  }

  /** What the enrolment page shows: the secret, its otpauth:// URI and that URI as an SVG QR code. */
  async enrolment(secret: string, email: string): Promise<AdminMfaEnrolment> {
    const otpauthUrl = this.totp(secret, email).toString();
    const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      secret,
      otpauthUrl,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  /** The time step of `code` when it is valid now (±1 step), else null. Replays are checked by `acceptStep`. */
  stepOf(secret: string, code: string, now: number = Date.now()): number | null {
    const totp = this.totp(secret, 'admin');
    const delta = totp.validate({ token: code, timestamp: now, window: 1 });
    return delta === null ? null : totp.counter({ timestamp: now }) + delta;
  }

  /** The admin's stored secret, opened (null without a factor or when it cannot be opened). */
  storedSecret(sealed: string | null | undefined): string | null {
    return this.keys.open('totp-secret', sealed);
  }

  /**
   * Records `step` as the admin's last accepted one, only if it is later than the last: one UPDATE,
   * so a code (or an earlier one) can never be accepted twice, even by two requests at once.
   */
  async acceptStep(em: EntityManager, adminId: number, step: number): Promise<boolean> {
    const rows = await em
      .getConnection()
      .execute<{ id: number }[]>(
        'update admins set mfa_last_step = ? where id = ? and (mfa_last_step is null or mfa_last_step < ?) returning id',
        [step, adminId, step],
      );
    return rows.length === 1;
  }

  // The half-signed-in cookie.

  startPending(
    ctx: Context,
    sessions: Sessions,
    pending: Pick<PendingMfa, 'adminId' | 'stage' | 'secret'>,
    now: number = Date.now(),
  ): void {
    const sealed = this.keys.seal(
      'admin-mfa-pending',
      JSON.stringify({
        ...pending,
        agent: agentHash(ctx),
        nonce: randomBytes(16).toString('base64url'),
        expiresAt: now + this.settings.pendingSeconds * 1000,
      } satisfies PendingMfa),
    );
    setCookie(
      ctx,
      nameOf(sessions, ADMIN_MFA_COOKIE),
      sealed,
      cookieOptions(sessions, this.settings.pendingSeconds),
    );
  }

  /** The pending step of this browser, or null when absent, altered, expired, from another browser or spent. */
  async pending(
    ctx: Context,
    sessions: Sessions,
    redis: Redis,
    now: number = Date.now(),
  ): Promise<PendingMfa | null> {
    const text = this.keys.open('admin-mfa-pending', readCookie(ctx, nameOf(sessions, ADMIN_MFA_COOKIE)));
    if (!text) return null;
    let parsed;
    try {
      parsed = PendingSchema.safeParse(JSON.parse(text));
    } catch {
      return null;
    }
    if (!parsed.success || parsed.data.expiresAt <= now || parsed.data.agent !== agentHash(ctx)) return null;
    if (await redis.exists(this.spentKey(sessions, parsed.data.nonce))) return null;
    return parsed.data;
  }

  /** Spends the pending step (true the first time only) and clears its cookie. */
  async spend(ctx: Context, sessions: Sessions, redis: Redis, pending: PendingMfa): Promise<boolean> {
    clearCookie(ctx, nameOf(sessions, ADMIN_MFA_COOKIE), cookieOptions(sessions));
    const ttl = Math.max(1, Math.ceil((pending.expiresAt - Date.now()) / 1000));
    return (await redis.set(this.spentKey(sessions, pending.nonce), '1', 'EX', ttl, 'NX')) === 'OK';
  }

  private spentKey(sessions: Sessions, nonce: string): string {
    return sessions.key(`admin-mfa-spent:${nonce}`);
  }

  // The remembered device.

  rememberDevice(
    ctx: Context,
    sessions: Sessions,
    adminId: number,
    deviceSecret: string,
    now = Date.now(),
  ): void {
    const lifetime = sessions.store.policy('admin').absoluteSeconds;
    const expiresAt = Math.floor(now / 1000) + lifetime;
    const value = `${adminId}.${expiresAt}.${this.keys.deviceTag(adminId, expiresAt, deviceSecret)}`;
    setCookie(ctx, nameOf(sessions, ADMIN_DEVICE_COOKIE), value, cookieOptions(sessions, lifetime));
  }

  /** The admin id this browser is remembered for (null when absent, expired, forged or forgotten). */
  rememberedAdminId(
    ctx: Context,
    sessions: Sessions,
  ): { adminId: number; expiresAt: number; tag: string } | null {
    const value = readCookie(ctx, nameOf(sessions, ADMIN_DEVICE_COOKIE));
    const match = value ? /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(value) : null;
    if (!match) return null;
    const expiresAt = Number(match[2]);
    if (expiresAt * 1000 <= Date.now()) return null;
    return { adminId: Number(match[1]), expiresAt, tag: match[3]! };
  }

  /** True when this browser is remembered for this admin and their device secret is unchanged. */
  isRemembered(
    ctx: Context,
    sessions: Sessions,
    adminId: number,
    deviceSecret: string | null | undefined,
  ): boolean {
    const remembered = this.rememberedAdminId(ctx, sessions);
    if (!remembered || remembered.adminId !== adminId || !deviceSecret) return false;
    return this.keys.deviceTagMatches(remembered.tag, adminId, remembered.expiresAt, deviceSecret);
  }

  forgetDevice(ctx: Context, sessions: Sessions): void {
    clearCookie(ctx, nameOf(sessions, ADMIN_DEVICE_COOKIE), cookieOptions(sessions));
  }
}
