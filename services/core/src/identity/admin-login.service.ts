import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Admin } from '../model';
import { newDeviceSecret } from '../accounts/admin-mfa-keys';
import { hashPassword, verifyPassword } from '../accounts/password';

/**
 * The admin's password (the first step of the admin sign-in, and "Alterar senha"). The throttles
 * (per address, per account, scrypt slots) are Redis and process state around the HTTP request:
 * the shell BFF keeps them (bffs/shell/src/admin-login-throttle.ts) and calls these.
 */

/** What the password step knows about an admin found by e-mail. */
export interface AdminLoginRecord {
  id: number;
  email: string;
  name: string;
  passwordHash: string;
  /** The sealed TOTP secret (null before enrolment). */
  mfaSecret: string | null;
  mfaEnabled: boolean;
  deviceSecret: string | null;
  disabled: boolean;
}

/** The admin with this e-mail (trimmed, lower case), or null. */
export async function adminForLogin(em: EntityManager, email: string): Promise<AdminLoginRecord | null> {
  const admin = await em.findOne(
    Admin,
    { email: email.trim().toLowerCase() },
    {
      fields: [
        'id',
        'email',
        'name',
        'passwordHash',
        'mfaSecret',
        'mfaEnabledAt',
        'deviceSecret',
        'disabledAt',
      ],
    },
  );
  if (!admin) return null;
  return {
    id: admin.id,
    email: admin.email,
    name: admin.name,
    passwordHash: admin.passwordHash,
    mfaSecret: admin.mfaSecret ?? null,
    mfaEnabled: Boolean(admin.mfaEnabledAt),
    deviceSecret: admin.deviceSecret ?? null,
    disabled: Boolean(admin.disabledAt),
  };
}

let dummyHash: Promise<string> | undefined;
/** A hash of a random password, verified for unknown e-mails so they cost the same scrypt time. */
const timingDummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/**
 * Whether `password` is the admin's; for an unknown admin (`stored` undefined) a random hash is
 * checked instead, so an unknown e-mail costs the same scrypt work as a wrong password.
 */
export async function adminPasswordMatches(password: string, stored: string | undefined): Promise<boolean> {
  return verifyPassword(password, stored ?? (await timingDummy()));
}

/**
 * After a right password: the last login time when the sign-in is complete (no second step to come)
 * and the re-hashed password when its hash was of an older cost (null keeps it).
 */
export async function recordAdminPasswordAccepted(
  em: EntityManager,
  adminId: number,
  outcome: { complete: boolean; now: Date; rehashed: string | null },
): Promise<void> {
  await em
    .getConnection()
    .execute(
      'update admins set last_login_at = case when ? then ? else last_login_at end, password_hash = coalesce(?, password_hash) where id = ?',
      [outcome.complete, outcome.now, outcome.rehashed, adminId],
      'run',
    );
}

/** What a signed-in admin's own screens read (null when gone). */
export interface AdminAccount {
  id: number;
  email: string;
  name: string;
  passwordHash: string;
  mfaSecret: string | null;
  mfaEnabledAt: Date | null;
  deviceSecret: string | null;
}

export async function adminAccount(em: EntityManager, adminId: number): Promise<AdminAccount | null> {
  const admin = await em.findOne(
    Admin,
    { id: adminId },
    { fields: ['id', 'email', 'name', 'passwordHash', 'mfaSecret', 'mfaEnabledAt', 'deviceSecret'] },
  );
  if (!admin) return null;
  return {
    id: admin.id,
    email: admin.email,
    name: admin.name,
    passwordHash: admin.passwordHash,
    mfaSecret: admin.mfaSecret ?? null,
    mfaEnabledAt: admin.mfaEnabledAt ?? null,
    deviceSecret: admin.deviceSecret ?? null,
  };
}

/**
 * "Alterar senha": stores the new hash and rotates the device secret (every remembered device is
 * forgotten). Ending the sessions is the caller's (they live in Redis).
 */
export async function setAdminPassword(
  em: EntityManager,
  adminId: number,
  passwordHash: string,
): Promise<void> {
  await em
    .getConnection()
    .execute(
      'update admins set password_hash = ?, password_changed_at = now(), device_secret = ? where id = ?',
      [passwordHash, newDeviceSecret(), adminId],
      'run',
    );
}
