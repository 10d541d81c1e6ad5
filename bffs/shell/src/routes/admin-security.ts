import { HttpError, route } from '@turno/bff-kit';
import {
  AdminChangePasswordRequestSchema,
  AdminChangePasswordResponseSchema,
  AdminRecoveryCodesRequestSchema,
  AdminRecoveryCodesResponseSchema,
  AdminSecurityResponseSchema,
} from '@turno/contracts';
import {
  adminAccount,
  adminPasswordPolicyProblem,
  hashPassword,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  setAdminPassword,
  verifyPassword,
} from '@turno/core';
import { ADMIN_SECURITY_MESSAGES, MESSAGES } from '@turno/domain';
import type { AdminMfa } from '../admin-mfa';
import { throttledCheck } from '../admin-login';
import { AdminLoginRefused, type CheckSlots } from '../admin-login-throttle';
import type { AdminLoginSettings } from '../settings';
import { auditAdminSecurity } from './admin-auth';

/**
 * The signed-in admin's "Segurança" screen (issue 12): the second factor's state, "Alterar senha"
 * and new recovery codes. Checks of the current password or a TOTP code go through the sign-in's
 * throttles (a wrong one counts as a failure).
 */
export function adminSecurityRoutes(settings: AdminLoginSettings, passwordChecks: CheckSlots, mfa: AdminMfa) {
  /** GET /api/admin/security — the factor's state, recovery codes left, whether this browser is remembered. */
  const security = route({
    method: 'get',
    path: '/api/admin/security',
    access: 'admin',
    response: AdminSecurityResponseSchema,
    handler: async ({ ctx, em, sessions, actor }) => {
      const admin = await adminAccount(em, actor.adminId);
      if (!admin) throw new HttpError(401, MESSAGES.common.unauthenticated);
      return {
        admin: { id: admin.id, email: admin.email, name: admin.name },
        mfaEnabledAt: admin.mfaEnabledAt ? admin.mfaEnabledAt.toISOString() : null,
        recoveryCodesLeft: await recoveryCodesLeft(em, admin.id),
        rememberedDevice: mfa.isRemembered(ctx, sessions, admin.id, admin.deviceSecret),
      };
    },
  });

  /**
   * POST /api/admin/password `{ currentPassword, newPassword, confirmation }` ("Alterar senha"):
   * the new password follows the policy (400 with the pt-BR reason); it is hashed at today's cost,
   * every session of this admin ends (all browsers) and this browser gets a new one at once, so
   * the admin stays signed in here; remembered devices are forgotten. 400 'Senha atual incorreta.'
   */
  const changePassword = route({
    method: 'post',
    path: '/api/admin/password',
    access: 'admin',
    body: AdminChangePasswordRequestSchema,
    response: AdminChangePasswordResponseSchema,
    handler: async ({ ctx, em, redis, sessions, actor, body }) => {
      const admin = await adminAccount(em, actor.adminId);
      if (!admin) throw new HttpError(401, MESSAGES.common.unauthenticated);
      const right = await throttledCheck(
        redis,
        { email: admin.email, ip: ctx.ip, keyPrefix: sessions.settings.keyPrefix, logger: ctx.state.logger },
        settings,
        passwordChecks,
        () =>
          passwordChecks.run(() => verifyPassword(body.currentPassword, admin.passwordHash), {
            address: ctx.ip,
            trusted: true,
          }),
      ).catch((error: unknown) => {
        if (error instanceof AdminLoginRefused) ctx.set('Retry-After', String(error.retryAfterSeconds));
        throw error;
      });
      if (!right) {
        await auditAdminSecurity(em, ctx, admin.id, 'admin.password_change', 'refused', {
          reason: 'wrong-current-password',
        });
        throw new HttpError(400, ADMIN_SECURITY_MESSAGES.currentPasswordWrong);
      }
      if (body.newPassword === body.currentPassword)
        throw new HttpError(400, ADMIN_SECURITY_MESSAGES.passwordSameAsCurrent);
      const problem = await adminPasswordPolicyProblem(body.newPassword, admin.email);
      if (problem) throw new HttpError(400, problem);
      const hash = await passwordChecks.run(() => hashPassword(body.newPassword), {
        address: ctx.ip,
        trusted: true,
      });
      await setAdminPassword(em, admin.id, hash);
      const ended = await sessions.endAllOf({ kind: 'admin', adminId: admin.id });
      await sessions.start(ctx, { kind: 'admin', adminId: admin.id });
      mfa.forgetDevice(ctx, sessions);
      const endedSessions = Math.max(0, ended - 1);
      await auditAdminSecurity(em, ctx, admin.id, 'admin.password_changed', 'success', { endedSessions });
      return { success: true as const, endedSessions };
    },
  });

  /** POST /api/admin/mfa/recovery-codes `{ code }`: 10 new recovery codes (a current TOTP code needed). */
  const regenerate = route({
    method: 'post',
    path: '/api/admin/mfa/recovery-codes',
    access: 'admin',
    body: AdminRecoveryCodesRequestSchema,
    response: AdminRecoveryCodesResponseSchema,
    handler: async ({ ctx, em, redis, sessions, actor, body }) => {
      const admin = await adminAccount(em, actor.adminId);
      if (!admin) throw new HttpError(401, MESSAGES.common.unauthenticated);
      const secret = mfa.storedSecret(admin.mfaSecret);
      const right = await throttledCheck(
        redis,
        { email: admin.email, ip: ctx.ip, keyPrefix: sessions.settings.keyPrefix, logger: ctx.state.logger },
        settings,
        passwordChecks,
        async () => {
          const step = secret ? mfa.stepOf(secret, body.code) : null;
          return step !== null && mfa.acceptStep(em, admin.id, step);
        },
      ).catch((error: unknown) => {
        if (error instanceof AdminLoginRefused) ctx.set('Retry-After', String(error.retryAfterSeconds));
        throw error;
      });
      if (!right) {
        await auditAdminSecurity(em, ctx, admin.id, 'admin.mfa.failed', 'refused', { reason: 'wrong-code' });
        throw new HttpError(400, ADMIN_SECURITY_MESSAGES.codeInvalid);
      }
      const recoveryCodes = await replaceRecoveryCodes(em, mfa.keys, admin.id);
      await auditAdminSecurity(em, ctx, admin.id, 'admin.mfa.recovery_codes_regenerated', 'success');
      return { recoveryCodes };
    },
  });

  return [security, changePassword, regenerate];
}
