import type { Redis } from 'ioredis';
import { HttpError, hashId } from '@turno/bff-kit';
import {
  adminForLogin,
  adminPasswordMatches,
  hashPassword,
  needsRehash,
  recordAdminPasswordAccepted,
  recordAudit,
  type AdminLoginRecord,
  type EntityManager,
} from '@turno/core';
import { MESSAGES } from '@turno/domain';
import { AdminLoginRefused, AdminLoginThrottle, type CheckSlots } from './admin-login-throttle';
import type { AdminLoginSettings } from './settings';

export const invalidCredentials = () => new HttpError(401, MESSAGES.adminAuth.invalidCredentials);

export interface AdminIdentity {
  id: number;
  email: string;
  name: string | null;
}

/** What the second step needs to know about an admin whose password was right. */
export interface AdminFactorState {
  id: number;
  /** The sealed TOTP secret (null before enrolment). */
  mfaSecret: string | null;
  mfaEnabled: boolean;
  deviceSecret: string | null;
}

export interface AdminPasswordChecked {
  admin: AdminIdentity;
  factor: AdminFactorState;
  /** True when no second step is due (`completesNow` said so: a remembered device). */
  complete: boolean;
}

interface LoginLogger {
  warn: (details: object, message: string) => void;
}

/**
 * Checks an admin's e-mail and password (the first step; `completesNow` says whether this browser
 * is remembered for the admin, so no second step follows, see routes/admin-auth.ts). Unknown e-mail and wrong password answer the same 401
 * 'Credenciais inválidas' after the same scrypt work; the throttles of admin-login-throttle.ts
 * decide before the check (429 'Muitas tentativas…' with Retry-After). Every refusal is logged.
 */
export async function verifyAdminLogin(
  em: EntityManager,
  redis: Redis,
  input: {
    email: string;
    password: string;
    ip: string;
    keyPrefix: string;
    logger?: LoginLogger;
    requestId?: string;
  },
  settings: AdminLoginSettings,
  slots: CheckSlots,
  now: Date = new Date(),
  completesNow: (admin: AdminFactorState) => boolean = () => true,
): Promise<AdminPasswordChecked> {
  const email = input.email.trim().toLowerCase();
  const throttle = new AdminLoginThrottle(redis, settings, input.keyPrefix, slots);
  const keys = throttle.keys(email, input.ip);
  const who = { emailHash: hashId(email).slice(0, 16), ipHash: hashId(input.ip).slice(0, 16) };
  // Security events go to the audit trail too (the e-mail only as a hash: it may be anyone's typo).
  const audit = (outcome: 'success' | 'refused', details: Record<string, unknown>, adminId?: number) =>
    recordAudit(em, {
      actorKind: adminId ? 'admin' : 'anonymous',
      actorId: adminId ?? null,
      action: 'admin.sign_in',
      outcome,
      status: outcome === 'success' ? 200 : ((details.status as number | undefined) ?? 401),
      details: { emailHash: who.emailHash, ...details },
      requestId: input.requestId ?? null,
      ipHash: hashId(input.ip),
    }).catch(() => undefined);
  try {
    await throttle.admit(keys, now.getTime());
    const admin = await adminForLogin(em, email);
    const factorOf = (found: AdminLoginRecord): AdminFactorState => ({
      id: found.id,
      mfaSecret: found.mfaSecret,
      mfaEnabled: found.mfaEnabled,
      deviceSecret: found.deviceSecret,
    });
    // A browser remembered for this admin is exempt from the account's ceiling and may use the
    // reserved password-check slots: strangers' failures cannot lock the owner out of their device.
    const remembered = admin ? completesNow(factorOf(admin)) : false;
    if (!remembered) await throttle.admitAccount(keys);
    let matches: boolean;
    try {
      matches = await throttle.check(() => adminPasswordMatches(input.password, admin?.passwordHash), {
        address: input.ip,
        trusted: remembered,
      });
    } catch (error) {
      if (!remembered) await throttle.releaseAccount(keys);
      throw error;
    }
    if (!admin || !matches || admin.disabled) {
      // A disabled admin gets the same answer as a wrong password (after the same work).
      const reason = admin && matches ? 'disabled' : 'invalid-credentials';
      await throttle.failed(keys);
      input.logger?.warn({ ...who, reason }, 'admin sign-in refused');
      await audit('refused', { reason }, admin?.id);
      throw invalidCredentials();
    }
    const factor = factorOf(admin);
    const complete = remembered;
    if (!remembered) await throttle.releaseAccount(keys);
    // With a second step to come, the pair's count stays: code failures add to it.
    if (complete) await throttle.succeeded(keys);
    else await throttle.passwordAccepted(keys);
    // Transparent re-hashing: a hash of an older, lower cost is replaced now that the password is known.
    const rehashed = needsRehash(admin.passwordHash)
      ? await throttle.check(() => hashPassword(input.password), { address: input.ip, trusted: true })
      : null;
    await recordAdminPasswordAccepted(em, admin.id, { complete, now, rehashed });
    if (complete) await audit('success', { method: 'remembered-device' }, admin.id);
    else
      await recordAudit(em, {
        actorKind: 'admin',
        actorId: admin.id,
        action: 'admin.sign_in.password_ok',
        outcome: 'success',
        status: 200,
        details: { next: factor.mfaEnabled ? 'mfa' : 'mfa-enrolment' },
        requestId: input.requestId ?? null,
        ipHash: hashId(input.ip),
      }).catch(() => undefined);
    return { admin: { id: admin.id, email: admin.email, name: admin.name }, factor, complete };
  } catch (error) {
    if (error instanceof AdminLoginRefused) {
      input.logger?.warn(
        { ...who, reason: error.reason, retryAfterSeconds: error.retryAfterSeconds },
        'admin sign-in refused',
      );
      await audit('refused', { reason: error.reason, status: 429 });
    }
    throw error;
  }
}

/**
 * A second-step attempt (TOTP or recovery code, or the current password on "Alterar senha") through
 * the same throttles as the password: counted atomically before `check` runs, a `false` counts as a
 * failure of the (account, address) pair and of the account, a `true` starts the pair afresh. Refusals are logged; the caller
 * audits its own outcome. Returns what `check` answered (429 AdminLoginRefused while throttled).
 */
export async function throttledCheck(
  redis: Redis,
  input: { email: string; ip: string; keyPrefix: string; logger?: LoginLogger },
  settings: AdminLoginSettings,
  slots: CheckSlots,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const throttle = new AdminLoginThrottle(redis, settings, input.keyPrefix, slots);
  const keys = throttle.keys(input.email.trim().toLowerCase(), input.ip);
  try {
    await throttle.admit(keys);
    await throttle.admitAccount(keys);
  } catch (error) {
    if (error instanceof AdminLoginRefused)
      input.logger?.warn(
        { ipHash: hashId(input.ip).slice(0, 16), reason: error.reason },
        'admin second step refused',
      );
    throw error;
  }
  let ok: boolean;
  try {
    ok = await check();
  } catch (error) {
    await throttle.releaseAccount(keys);
    throw error;
  }
  if (ok) await throttle.succeeded(keys);
  else await throttle.failed(keys);
  return ok;
}
