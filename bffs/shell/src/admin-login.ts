import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { HttpError, hashId } from '@turno/bff-kit';
import {
  Admin,
  hashPassword,
  needsRehash,
  recordAudit,
  verifyPassword,
  type EntityManager,
} from '@turno/core';
import { MESSAGES } from '@turno/domain';
import { AdminLoginRefused, AdminLoginThrottle, type CheckSlots } from './admin-login-throttle';
import type { AdminLoginSettings } from './settings';

let dummyHash: Promise<string> | undefined;
/** A hash of a random password, verified for unknown e-mails so they cost the same scrypt time. */
const timingDummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export const invalidCredentials = () => new HttpError(401, MESSAGES.adminAuth.invalidCredentials);

export interface AdminIdentity {
  id: number;
  email: string;
  name: string | null;
}

interface LoginLogger {
  warn: (details: object, message: string) => void;
}

/**
 * Checks an admin's e-mail and password. Unknown e-mail and wrong password answer the same 401
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
): Promise<AdminIdentity> {
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
    const admin = await em.findOne(Admin, { email }, { fields: ['id', 'email', 'name', 'passwordHash'] });
    const matches = await throttle.check(async () =>
      verifyPassword(input.password, admin?.passwordHash ?? (await timingDummy())),
    );
    if (!admin || !matches) {
      await throttle.failed(keys);
      input.logger?.warn({ ...who, reason: 'invalid-credentials' }, 'admin sign-in refused');
      await audit('refused', { reason: 'invalid-credentials' }, admin?.id);
      throw invalidCredentials();
    }
    await throttle.succeeded(keys);
    // Transparent re-hashing: a hash of an older, lower cost is replaced now that the password is known.
    const rehashed = needsRehash(admin.passwordHash)
      ? await throttle.check(() => hashPassword(input.password))
      : null;
    await em
      .getConnection()
      .execute(
        'update admins set last_login_at = ?, password_hash = coalesce(?, password_hash) where id = ?',
        [now, rehashed, admin.id],
        'run',
      );
    await audit('success', {}, admin.id);
    return { id: admin.id, email: admin.email, name: admin.name };
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
