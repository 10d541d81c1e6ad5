import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  Admin,
  AdminMfaKeys,
  adminMfaKeyFromEnv,
  hashPassword,
  verifyPassword,
  type EntityManager,
} from '@turno/core';

/** The development admin's e-mail when ADMIN_EMAIL / ADMIN_PASSWORD are not set. */
export const DEV_ADMIN_EMAIL = 'admin@turno.local';

export interface AdminCredentials {
  email: string;
  password: string;
  /**
   * The admin's TOTP secret (base32) for development: ADMIN_TOTP_SECRET, or generated once and kept
   * in the file with the password; unset for ADMIN_EMAIL / ADMIN_PASSWORD without ADMIN_TOTP_SECRET
   * (that admin enrols at the first sign-in).
   */
  totpSecret?: string;
  /** `env`: ADMIN_EMAIL / ADMIN_PASSWORD; `file`: kept from an earlier start; `new`: generated now. */
  source: 'env' | 'file' | 'new';
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** A random 160-bit TOTP secret in base32 (32 characters), as authenticator apps take it. */
export function newTotpSecret(): string {
  return [...randomBytes(32)].map((byte) => BASE32[byte & 31]).join('');
}

/** The otpauth:// URI of the development admin's factor (what the QR code of an enrolment holds). */
export function otpauthUrl(email: string, secret: string): string {
  const label = encodeURIComponent(`Turno:${email}`);
  return `otpauth://totp/${label}?issuer=Turno&secret=${secret}&algorithm=SHA1&digits=6&period=30`;
}

/**
 * Who the first admin is for `npm start`: ADMIN_EMAIL / ADMIN_PASSWORD (and ADMIN_TOTP_SECRET) when
 * set; otherwise `admin@turno.local` with a random password and TOTP secret generated once and kept
 * in `file` (`.turno/dev-admin.json`, gitignored, readable by its owner only). No secret lives in code.
 */
export function adminCredentials(env: NodeJS.ProcessEnv, file: string): AdminCredentials {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const totpSecret = env.ADMIN_TOTP_SECRET?.trim().toUpperCase() || undefined;
    return {
      email: env.ADMIN_EMAIL.trim().toLowerCase(),
      password: env.ADMIN_PASSWORD,
      ...(totpSecret ? { totpSecret } : {}),
      source: 'env',
    };
  }
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<AdminCredentials>;
    if (
      typeof stored.email === 'string' &&
      typeof stored.password === 'string' &&
      stored.password.length >= 12
    ) {
      const totpSecret = typeof stored.totpSecret === 'string' ? stored.totpSecret : newTotpSecret();
      if (totpSecret !== stored.totpSecret) writeCredentials(file, stored.email, stored.password, totpSecret);
      return { email: stored.email, password: stored.password, totpSecret, source: 'file' };
    }
  }
  const password = randomBytes(18).toString('base64url');
  const totpSecret = newTotpSecret();
  writeCredentials(file, DEV_ADMIN_EMAIL, password, totpSecret);
  return { email: DEV_ADMIN_EMAIL, password, totpSecret, source: 'new' };
}

function writeCredentials(file: string, email: string, password: string, totpSecret: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ email, password, totpSecret }, null, 2) + '\n', { mode: 0o600 });
}

/**
 * The development admin signs in with the password of `.turno/dev-admin.json` even when the
 * database was seeded before that file existed (or the file was deleted): its hash is reset and
 * any lock lifted; an admin without a second factor gets the file's TOTP secret (one enrolled
 * through the page keeps theirs). Only for generated credentials, never for ADMIN_EMAIL /
 * ADMIN_PASSWORD. Returns true when something had to be reset.
 */
export async function syncDevAdminPassword(
  em: EntityManager,
  credentials: AdminCredentials,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  if (credentials.source === 'env') return false;
  const admin = await em.findOne(Admin, { email: credentials.email });
  if (!admin) return false;
  let changed = false;
  if (!(await verifyPassword(credentials.password, admin.passwordHash))) {
    admin.passwordHash = await hashPassword(credentials.password);
    admin.failedAttempts = 0;
    admin.lockedUntil = null;
    changed = true;
  }
  if (credentials.totpSecret && !admin.mfaEnabledAt) {
    admin.mfaSecret = new AdminMfaKeys(adminMfaKeyFromEnv(env)).seal('totp-secret', credentials.totpSecret);
    admin.mfaEnabledAt = new Date();
    admin.mfaLastStep = null;
    changed = true;
  }
  if (changed) await em.flush();
  return changed;
}
