import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_SECURITY_MESSAGES } from '@turno/domain';
import {
  AdminMfaKeys,
  TOTP_SECRET_PATTERN,
  adminMfaKeyFromEnv,
  newDeviceSecret,
} from '../accounts/admin-mfa-keys';
import { hashPassword } from '../accounts/password';
import { assertAdminPasswordPolicy } from '../accounts/password-policy';
import { Admin } from '../model';

/**
 * Creates the first admin from ADMIN_EMAIL and ADMIN_PASSWORD (and optional ADMIN_NAME) when both
 * are set and no admin has that e-mail yet; for development and tests only. There is no default
 * password, the password follows the admin password policy (a weak one is refused with its
 * pt-BR reason), and with NODE_ENV=production nothing is seeded: production admins are added with
 * `npm run admin -- add` (src/cli/admin.ts).
 *
 * ADMIN_TOTP_SECRET (base32, development and tests only, refused in production) gives that admin a
 * known second factor, so `npm start`'s banner and the e2e suite can produce its codes; an existing
 * admin of that e-mail without a factor gets it too. Returns true when the admin was created.
 */
export async function ensureAdminFromEnv(
  em: EntityManager,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  const email = env.ADMIN_EMAIL?.trim().toLowerCase();
  const password = env.ADMIN_PASSWORD;
  const totpSecret = env.ADMIN_TOTP_SECRET?.trim().toUpperCase() || undefined;
  if (env.NODE_ENV === 'production') {
    if (totpSecret) throw new Error(ADMIN_SECURITY_MESSAGES.totpSeedRefusedInProduction);
    if (email && password) throw new Error(ADMIN_SECURITY_MESSAGES.seedRefusedInProduction);
    return false;
  }
  if (!email || !password) return false;
  if (totpSecret && !TOTP_SECRET_PATTERN.test(totpSecret))
    throw new Error('ADMIN_TOTP_SECRET must be base32 (A-Z, 2-7), at least 16 characters');
  const sealedSecret = totpSecret
    ? new AdminMfaKeys(adminMfaKeyFromEnv(env)).seal('totp-secret', totpSecret)
    : null;
  const existing = await em.findOne(Admin, { email });
  if (existing) {
    if (sealedSecret && !existing.mfaSecret) {
      existing.mfaSecret = sealedSecret;
      existing.mfaEnabledAt = new Date();
      await em.flush();
    }
    return false;
  }
  try {
    await assertAdminPasswordPolicy(password, email);
  } catch (error) {
    throw new Error(`ADMIN_PASSWORD refused: ${(error as Error).message}`);
  }
  em.create(Admin, {
    email,
    name: env.ADMIN_NAME?.trim() || 'Administrador',
    passwordHash: await hashPassword(password),
    passwordChangedAt: new Date(),
    deviceSecret: newDeviceSecret(),
    mfaSecret: sealedSecret,
    mfaEnabledAt: sealedSecret ? new Date() : null,
  });
  try {
    await em.flush();
    return true;
  } catch (error) {
    // Another process created it in the meantime.
    if (error instanceof UniqueConstraintViolationException) return false;
    throw error;
  }
}
