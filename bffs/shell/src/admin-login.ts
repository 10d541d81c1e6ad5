import { randomBytes } from 'node:crypto';
import { HttpError, WindowCounter, hashId, type RouteInput } from '@turno/bff-kit';
import { Admin, hashPassword, verifyPassword, type EntityManager } from '@turno/core';
import { MESSAGES } from '@turno/domain';
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

/**
 * Checks an admin's e-mail and password. Unknown e-mail, wrong password and a locked account all
 * answer the same 401 'Credenciais inválidas', after the same scrypt work. Throttles:
 * - per account: `lockAfterFailures` consecutive failures lock it for `lockMinutes`
 *   (admins.failed_attempts / locked_until, updated atomically);
 * - per client IP: `ipMaxFailures` failed attempts per `ipWindowMinutes` (Redis), then 429.
 */
export async function verifyAdminLogin(
  em: EntityManager,
  redis: RouteInput<unknown, unknown, unknown>['redis'],
  input: { email: string; password: string; ip: string; keyPrefix: string },
  settings: AdminLoginSettings,
  now: Date = new Date(),
): Promise<AdminIdentity> {
  const ipCounter = new WindowCounter(
    redis,
    settings.ipMaxFailures,
    Math.round(settings.ipWindowMinutes * 60),
  );
  const ipKey = `${input.keyPrefix}admin-login:ip:${hashId(input.ip)}`;
  if (await ipCounter.exceeded(ipKey)) throw new HttpError(429, MESSAGES.adminAuth.tooManyAttempts);

  const email = input.email.trim().toLowerCase();
  const admin = await em.findOne(
    Admin,
    { email },
    { fields: ['id', 'email', 'name', 'passwordHash', 'lockedUntil'] },
  );
  const matches = await verifyPassword(input.password, admin?.passwordHash ?? (await timingDummy()));
  const locked = admin?.lockedUntil != null && admin.lockedUntil.getTime() > now.getTime();

  if (admin && matches && !locked) {
    const connection = em.getConnection();
    // Only when still unlocked: a lock taken meanwhile by concurrent failures wins.
    const result = await connection.execute(
      'update admins set failed_attempts = 0, locked_until = null, last_login_at = ? ' +
        'where id = ? and (locked_until is null or locked_until <= ?)',
      [now, admin.id, now],
      'run',
    );
    if (affectedRows(result) === 1) return { id: admin.id, email: admin.email, name: admin.name };
  }

  await ipCounter.hit(ipKey);
  if (admin && !locked) {
    const lockUntil = new Date(now.getTime() + settings.lockMinutes * 60_000);
    // One statement: concurrent failures count one by one; the Nth failure locks and restarts the count.
    await em
      .getConnection()
      .execute(
        'update admins set ' +
          'locked_until = case when failed_attempts + 1 >= ? then ? else locked_until end, ' +
          'failed_attempts = case when failed_attempts + 1 >= ? then 0 else failed_attempts + 1 end ' +
          'where id = ?',
        [settings.lockAfterFailures, lockUntil, settings.lockAfterFailures, admin.id],
        'run',
      );
  }
  throw invalidCredentials();
}

function affectedRows(result: unknown): number {
  const value = result as { affectedRows?: number; rowCount?: number } | number;
  if (typeof value === 'number') return value;
  return value.affectedRows ?? value.rowCount ?? 0;
}
