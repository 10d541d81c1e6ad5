import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_SECURITY_MESSAGES } from '@turno/domain';
import { recordAudit } from '../audit/record-audit';
import { Admin } from '../model/admin.entity';
import { AdminRecoveryCode } from '../model/admin-recovery-code.entity';
import { newDeviceSecret } from './admin-mfa-keys';
import { hashPassword } from './password';
import { assertAdminPasswordPolicy } from './password-policy';

/**
 * Managing admins (the `npm run admin` CLI, src/cli/admin.ts); the second factor's sign-in side
 * (TOTP, recovery codes) is identity/admin-mfa.service.ts. Every change is written to the audit trail.
 */

/** A refused management action; `message` is pt-BR, for the operator. */
export class AdminManagementError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminManagementError';
  }
}

export interface AdminListing {
  id: number;
  email: string;
  name: string;
  mfa: boolean;
  disabled: boolean;
  lastLoginAt: Date | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
type Actor = { actorKind: 'admin' | 'system'; actorId?: number | null };
const SYSTEM: Actor = { actorKind: 'system' };

async function audit(em: EntityManager, actor: Actor, action: string, admin: { id: number }, details = {}) {
  await recordAudit(em, {
    ...actor,
    action,
    outcome: 'success',
    targetType: 'admin',
    targetId: admin.id,
    details,
  });
}

/** Adds an admin; the password follows the policy (AdminPasswordRefused otherwise). */
export async function addAdmin(
  em: EntityManager,
  input: { email: string; name?: string; password: string },
  actor: Actor = SYSTEM,
): Promise<AdminListing> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) throw new AdminManagementError('E-mail inválido.');
  if (await em.count(Admin, { email })) throw new AdminManagementError(ADMIN_SECURITY_MESSAGES.adminExists);
  await assertAdminPasswordPolicy(input.password, email);
  const admin = em.create(Admin, {
    email,
    name: input.name?.trim() || 'Administrador',
    passwordHash: await hashPassword(input.password),
    passwordChangedAt: new Date(),
    deviceSecret: newDeviceSecret(),
  });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException)
      throw new AdminManagementError(ADMIN_SECURITY_MESSAGES.adminExists);
    throw error;
  }
  await audit(em, actor, 'admin.added', admin, { email });
  return listing(admin);
}

async function findByEmail(em: EntityManager, email: string): Promise<Admin> {
  const admin = await em.findOne(Admin, { email: email.trim().toLowerCase() });
  if (!admin) throw new AdminManagementError(ADMIN_SECURITY_MESSAGES.adminNotFound);
  return admin;
}

/**
 * Disables (or enables again) an admin. A disabled admin cannot sign in, and every request of a
 * session they still hold is refused and ends it (bff-kit's `loadAdminActor` reads `disabled_at`);
 * remembered devices are forgotten.
 */
export async function setAdminDisabled(
  em: EntityManager,
  email: string,
  disabled: boolean,
  actor: Actor = SYSTEM,
): Promise<AdminListing> {
  const admin = await findByEmail(em, email);
  admin.disabledAt = disabled ? (admin.disabledAt ?? new Date()) : null;
  admin.deviceSecret = newDeviceSecret();
  await em.flush();
  await audit(em, actor, disabled ? 'admin.disabled' : 'admin.enabled', admin);
  return listing(admin);
}

/** Removes an admin's second factor and recovery codes: the next sign-in asks to enrol again. */
export async function resetAdminMfa(
  em: EntityManager,
  email: string,
  actor: Actor = SYSTEM,
): Promise<AdminListing> {
  const admin = await findByEmail(em, email);
  admin.mfaSecret = null;
  admin.mfaEnabledAt = null;
  admin.mfaLastStep = null;
  admin.deviceSecret = newDeviceSecret();
  await em.nativeDelete(AdminRecoveryCode, { admin: admin.id });
  await em.flush();
  await audit(em, actor, 'admin.mfa_reset', admin);
  return listing(admin);
}

export async function listAdmins(em: EntityManager): Promise<AdminListing[]> {
  const admins = await em.find(Admin, {}, { orderBy: { id: 'asc' } });
  return admins.map(listing);
}

function listing(admin: Admin): AdminListing {
  return {
    id: admin.id,
    email: admin.email,
    name: admin.name,
    mfa: admin.mfaEnabledAt !== null && admin.mfaEnabledAt !== undefined,
    disabled: admin.disabledAt !== null && admin.disabledAt !== undefined,
    lastLoginAt: admin.lastLoginAt ?? null,
  };
}
