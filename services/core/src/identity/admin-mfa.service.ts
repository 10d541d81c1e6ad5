import type { EntityManager } from '@mikro-orm/postgresql';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '@turno/domain';
import { Admin, AdminRecoveryCode } from '../model';
import { newDeviceSecret, newRecoveryCodes, type AdminMfaKeys } from '../accounts/admin-mfa-keys';

/**
 * The admin's second factor as the database keeps it: the TOTP secret (sealed), the last accepted
 * time step (no replay), the device secret remembered devices are bound to, and the recovery codes
 * (hashed, each used once). The half-signed-in step between password and code and the cookies are
 * HTTP state: the shell BFF keeps them (bffs/shell/src/admin-mfa.ts).
 */

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s. */
const TOTP_OPTIONS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

function totp(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), ...TOTP_OPTIONS });
}

/** A new TOTP secret (160 bits), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans for `secret`, labelled with the admin's e-mail. */
export function totpUri(secret: string, issuer: string, email: string): string {
  return totp(secret, issuer, email).toString();
}

/** The time step of `code` when it is valid at `now` (±1 step), else null. Replays are refused by `acceptTotpStep`. */
export function totpStepOf(secret: string, code: string, now: number = Date.now()): number | null {
  const generator = totp(secret, 'Turno', 'admin');
  const delta = generator.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : generator.counter({ timestamp: now }) + delta;
}

/** What the second step reads of an admin (null when gone). */
export interface AdminSecondFactor {
  id: number;
  email: string;
  name: string;
  /** Sealed ('totp-secret'); null before enrolment. */
  mfaSecret: string | null;
  mfaEnabled: boolean;
  disabled: boolean;
}

export async function adminSecondFactor(
  em: EntityManager,
  adminId: number,
): Promise<AdminSecondFactor | null> {
  const admin = await em.findOne(
    Admin,
    { id: adminId },
    { fields: ['id', 'email', 'name', 'mfaSecret', 'mfaEnabledAt', 'deviceSecret', 'disabledAt'] },
  );
  if (!admin) return null;
  return {
    id: admin.id,
    email: admin.email,
    name: admin.name,
    mfaSecret: admin.mfaSecret ?? null,
    mfaEnabled: Boolean(admin.mfaEnabledAt),
    disabled: Boolean(admin.disabledAt),
  };
}

/**
 * Records `step` as the admin's last accepted one, only if it is later than the last: one UPDATE,
 * so a code (or an earlier one) can never be accepted twice, even by two requests at once.
 */
export async function acceptTotpStep(em: EntityManager, adminId: number, step: number): Promise<boolean> {
  const rows = await em
    .getConnection()
    .execute<{ id: number }[]>(
      'update admins set mfa_last_step = ? where id = ? and (mfa_last_step is null or mfa_last_step < ?) returning id',
      [step, adminId, step],
    );
  return rows.length === 1;
}

/**
 * Enrolment: stores the confirmed secret (sealed), its first accepted step and a device secret when
 * there is none yet. Only for an admin without a factor (one UPDATE: two enrolments cannot both win).
 */
export async function enrolAdminTotp(
  em: EntityManager,
  keys: AdminMfaKeys,
  adminId: number,
  secret: string,
  step: number,
): Promise<boolean> {
  const rows = await em
    .getConnection()
    .execute<{ id: number }[]>(
      'update admins set mfa_secret = ?, mfa_enabled_at = now(), mfa_last_step = ?, device_secret = coalesce(device_secret, ?) where id = ? and mfa_enabled_at is null returning id',
      [keys.seal('totp-secret', secret), step, newDeviceSecret(), adminId],
    );
  return rows.length === 1;
}

/** A completed two-step sign-in: the last login time; returns the admin's device secret (made if missing). */
export async function recordAdminSignIn(em: EntityManager, adminId: number): Promise<string | null> {
  const current = await em
    .getConnection()
    .execute<{ device_secret: string | null }[]>(
      'update admins set last_login_at = now(), device_secret = coalesce(device_secret, ?) where id = ? returning device_secret',
      [newDeviceSecret(), adminId],
    );
  return current[0]?.device_secret ?? null;
}

/** Replaces an admin's recovery codes by 10 new ones; returns them (the only time they exist in clear). */
export async function replaceRecoveryCodes(
  em: EntityManager,
  keys: AdminMfaKeys,
  adminId: number,
): Promise<string[]> {
  const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
  await em.transactional(async (tx) => {
    await tx.nativeDelete(AdminRecoveryCode, { admin: adminId });
    for (const code of codes)
      tx.create(AdminRecoveryCode, { admin: adminId, codeHash: keys.hashRecoveryCode(code) });
  });
  return codes;
}

/** Accepts one unused recovery code of this admin, marking it used in the same UPDATE (true once). */
export async function consumeRecoveryCode(
  em: EntityManager,
  keys: AdminMfaKeys,
  adminId: number,
  code: string,
): Promise<boolean> {
  const rows = await em
    .getConnection()
    .execute<{ id: number }[]>(
      'update admin_recovery_codes set used_at = now() where admin_id = ? and code_hash = ? and used_at is null returning id',
      [adminId, keys.hashRecoveryCode(code)],
    );
  return rows.length === 1;
}

export async function recoveryCodesLeft(em: EntityManager, adminId: number): Promise<number> {
  return em.count(AdminRecoveryCode, { admin: adminId, usedAt: null });
}
