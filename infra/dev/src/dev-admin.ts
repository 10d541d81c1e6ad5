import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Admin, hashPassword, verifyPassword, type EntityManager } from '@turno/core';

/** The development admin's e-mail when ADMIN_EMAIL / ADMIN_PASSWORD are not set. */
export const DEV_ADMIN_EMAIL = 'admin@turno.local';

export interface AdminCredentials {
  email: string;
  password: string;
  /** `env`: ADMIN_EMAIL / ADMIN_PASSWORD; `file`: kept from an earlier start; `new`: generated now. */
  source: 'env' | 'file' | 'new';
}

/**
 * Who the first admin is for `npm start`: ADMIN_EMAIL / ADMIN_PASSWORD when both are set;
 * otherwise `admin@turno.local` with a random password generated once and kept in `file`
 * (`.turno/dev-admin.json`, gitignored, readable by its owner only). No password lives in code.
 */
export function adminCredentials(env: NodeJS.ProcessEnv, file: string): AdminCredentials {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    return { email: env.ADMIN_EMAIL.trim().toLowerCase(), password: env.ADMIN_PASSWORD, source: 'env' };
  }
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<AdminCredentials>;
    if (
      typeof stored.email === 'string' &&
      typeof stored.password === 'string' &&
      stored.password.length >= 12
    ) {
      return { email: stored.email, password: stored.password, source: 'file' };
    }
  }
  const password = randomBytes(18).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ email: DEV_ADMIN_EMAIL, password }, null, 2) + '\n', { mode: 0o600 });
  return { email: DEV_ADMIN_EMAIL, password, source: 'new' };
}

/**
 * The development admin signs in with the password of `.turno/dev-admin.json` even when the
 * database was seeded before that file existed (or the file was deleted): its hash is reset and
 * any lock lifted. Only for generated credentials, never for ADMIN_EMAIL / ADMIN_PASSWORD.
 * Returns true when the password had to be reset.
 */
export async function syncDevAdminPassword(
  em: EntityManager,
  credentials: AdminCredentials,
): Promise<boolean> {
  if (credentials.source === 'env') return false;
  const admin = await em.findOne(Admin, { email: credentials.email });
  if (!admin || (await verifyPassword(credentials.password, admin.passwordHash))) return false;
  admin.passwordHash = await hashPassword(credentials.password);
  admin.failedAttempts = 0;
  admin.lockedUntil = null;
  await em.flush();
  return true;
}
