import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { hashPassword } from '../accounts/password';
import { Admin } from '../entities';

/**
 * Creates the first admin from ADMIN_EMAIL and ADMIN_PASSWORD (and optional ADMIN_NAME) when both
 * are set and no admin has that e-mail yet. There is no default password. Returns true when created.
 */
export async function ensureAdminFromEnv(
  em: EntityManager,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  const email = env.ADMIN_EMAIL?.trim().toLowerCase();
  const password = env.ADMIN_PASSWORD;
  if (!email || !password) return false;
  if (await em.count(Admin, { email })) return false;
  em.create(Admin, {
    email,
    name: env.ADMIN_NAME?.trim() || 'Administrador',
    passwordHash: await hashPassword(password),
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
