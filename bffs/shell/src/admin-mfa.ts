import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import type { Redis } from 'ioredis';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  clearCookie,
  cookieNameFor,
  hashId,
  randomId,
  readCookie,
  setCookie,
  type Sessions,
} from '@turno/bff-kit';
import {
  AdminMfaKeys,
  acceptTotpStep,
  newTotpSecret,
  totpStepOf,
  totpUri,
  type EntityManager,
} from '@turno/core';
import type { AdminMfaEnrolment } from '@turno/contracts';
import type { AdminMfaSettings } from './settings';

/**
 * The HTTP side of the admin's TOTP second factor (the factor itself, its stored state and recovery
 * codes: @turno/core identity/admin-mfa.service.ts): the half-signed-in step between password and
 * code, and the remembered device:
 *
 * - the step is a record in Redis (`<SESSION_KEY_PREFIX>admin-mfa:<sha256 of the id>`, a hash:
 *   admin id, stage, for an enrolment the new secret sealed with AES-256-GCM, the User-Agent's hash
 *   and the attempts made), written only by a right password and living `pendingSeconds` (5 min).
 *   The browser's `turno_admin_mfa` cookie holds only the record's random id (256 bits; HttpOnly,
 *   SameSite=Strict, on /api/admin): nothing in it can be forged, even by someone who knows
 *   ADMIN_MFA_KEY. The record is deleted when the step succeeds (once: DEL answers 1 to one
 *   request) or when its `maxAttempts` codes are spent;
 * - `turno_admin_device`: "Lembrar este dispositivo", `<admin id>.<expiry>.<HMAC>` over the admin's
 *   `device_secret`; HttpOnly, SameSite=Strict, on /api/admin, expiring with the admin session's
 *   absolute lifetime. Rotating `device_secret` (password change, factor reset, disabling) forgets it.
 */

export const ADMIN_MFA_COOKIE = 'turno_admin_mfa';
export const ADMIN_DEVICE_COOKIE = 'turno_admin_device';
/** 32 random bytes, base64url. */
const STEP_ID = /^[A-Za-z0-9_-]{43}$/;

const PendingRecordSchema = z.object({
  adminId: z.coerce.number().int().positive(),
  stage: z.enum(['required', 'enrolment']),
  /** Enrolment only: the new secret, sealed ('totp-secret'). */
  secret: z.string().optional(),
  agent: z.string(),
  attempts: z.coerce.number().int().nonnegative(),
});

/** A half-signed-in admin, as the second step reads it (the enrolment secret opened). */
export interface PendingMfa {
  /** The cookie's id (the record's key is its hash). */
  id: string;
  adminId: number;
  stage: 'required' | 'enrolment';
  /** Enrolment only: the new secret, base32. */
  secret?: string;
  attempts: number;
}

/**
 * One attempt at the step, counted before the code is checked: -1 when the record is gone, else the
 * attempt's number. KEYS: record.
 */
const COUNT_ATTEMPT_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
return redis.call('HINCRBY', KEYS[1], 'attempts', 1)
`;

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
    return newTotpSecret();
  }

  /** What the enrolment page shows: the secret, its otpauth:// URI and that URI as an SVG QR code. */
  async enrolment(secret: string, email: string): Promise<AdminMfaEnrolment> {
    const otpauthUrl = totpUri(secret, this.settings.issuer, email);
    const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      secret,
      otpauthUrl,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  /** The time step of `code` when it is valid now (±1 step), else null. Replays are checked by `acceptStep`. */
  stepOf(secret: string, code: string, now: number = Date.now()): number | null {
    return totpStepOf(secret, code, now);
  }

  /** The admin's stored secret, opened (null without a factor or when it cannot be opened). */
  storedSecret(sealed: string | null | undefined): string | null {
    return this.keys.open('totp-secret', sealed);
  }

  /**
   * Records `step` as the admin's last accepted one, only if it is later than the last: one UPDATE,
   * so a code (or an earlier one) can never be accepted twice, even by two requests at once.
   */
  acceptStep(em: EntityManager, adminId: number, step: number): Promise<boolean> {
    return acceptTotpStep(em, adminId, step);
  }

  // The half-signed-in step.

  private stepKey(sessions: Sessions, id: string): string {
    return sessions.key(`admin-mfa:${hashId(id)}`);
  }

  /** After a right password: the step's record in Redis, and its id in this browser's cookie. */
  async startPending(
    ctx: Context,
    sessions: Sessions,
    redis: Redis,
    pending: Pick<PendingMfa, 'adminId' | 'stage' | 'secret'>,
  ): Promise<void> {
    const id = randomId();
    const key = this.stepKey(sessions, id);
    await redis
      .multi()
      .hset(key, {
        adminId: String(pending.adminId),
        stage: pending.stage,
        ...(pending.secret ? { secret: this.keys.seal('totp-secret', pending.secret) } : {}),
        agent: agentHash(ctx),
        attempts: '0',
      })
      .expire(key, this.settings.pendingSeconds)
      .exec();
    setCookie(
      ctx,
      nameOf(sessions, ADMIN_MFA_COOKIE),
      id,
      cookieOptions(sessions, this.settings.pendingSeconds),
    );
  }

  /** This browser's pending step, or null when the cookie is absent or unknown, expired, spent or from another browser. */
  async pending(ctx: Context, sessions: Sessions, redis: Redis): Promise<PendingMfa | null> {
    const id = readCookie(ctx, nameOf(sessions, ADMIN_MFA_COOKIE));
    if (!id || !STEP_ID.test(id)) return null;
    const parsed = PendingRecordSchema.safeParse(await redis.hgetall(this.stepKey(sessions, id)));
    if (!parsed.success || parsed.data.agent !== agentHash(ctx)) return null;
    const { adminId, stage, attempts } = parsed.data;
    if (stage === 'required') return { id, adminId, stage, attempts };
    const secret = this.keys.open('totp-secret', parsed.data.secret);
    return secret ? { id, adminId, stage, secret, attempts } : null;
  }

  /**
   * Counts one attempt at the step before its code is checked (atomically: concurrent requests get
   * distinct numbers). Null when the step is gone or this attempt is past `maxAttempts` (the record
   * is then deleted: the password is needed again).
   */
  async countAttempt(sessions: Sessions, redis: Redis, pending: PendingMfa): Promise<number | null> {
    const key = this.stepKey(sessions, pending.id);
    const attempt = Number(await redis.eval(COUNT_ATTEMPT_SCRIPT, 1, key));
    if (attempt < 0) return null;
    if (attempt > this.settings.maxAttempts) {
      await redis.del(key);
      return null;
    }
    return attempt;
  }

  /** Ends the step (spent or exhausted) and clears its cookie; true only for the request that deleted it. */
  async spend(ctx: Context, sessions: Sessions, redis: Redis, pending: PendingMfa): Promise<boolean> {
    clearCookie(ctx, nameOf(sessions, ADMIN_MFA_COOKIE), cookieOptions(sessions));
    return (await redis.del(this.stepKey(sessions, pending.id))) === 1;
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
