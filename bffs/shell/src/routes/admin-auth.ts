import { HttpError, hashId, route } from '@turno/bff-kit';
import {
  AdminLoginRequestSchema,
  AdminLoginResponseSchema,
  AdminMfaRequestSchema,
  AdminMfaResponseSchema,
  AdminVerifyResponseSchema,
  OkResponseSchema,
} from '@turno/contracts';
import {
  adminAccount,
  adminSecondFactor,
  consumeRecoveryCode,
  enrolAdminTotp,
  recordAdminSignIn,
  recordAudit,
  replaceRecoveryCodes,
  type EntityManager,
} from '@turno/core';
import { ADMIN_SECURITY_MESSAGES, MESSAGES } from '@turno/domain';
import type { Context } from 'koa';
import { AdminMfa } from '../admin-mfa';
import { throttledCheck, verifyAdminLogin } from '../admin-login';
import { AdminLoginRefused, CheckSlots } from '../admin-login-throttle';
import type { AdminLoginSettings, AdminMfaSettings } from '../settings';

const stepExpired = () => new HttpError(401, ADMIN_SECURITY_MESSAGES.mfaStepExpired);

/** A security event of the admin sign-in, in the audit trail (never the code itself). */
export function auditAdminSecurity(
  em: EntityManager,
  ctx: Context,
  adminId: number,
  action: string,
  outcome: 'success' | 'refused',
  details: Record<string, unknown> = {},
): Promise<void> {
  return recordAudit(em, {
    actorKind: 'admin',
    actorId: adminId,
    action,
    outcome,
    status: outcome === 'success' ? 200 : 401,
    targetType: 'admin',
    targetId: adminId,
    details,
    requestId: (ctx.state.requestId as string | undefined) ?? null,
    ipHash: hashId(ctx.ip),
  }).catch(() => undefined);
}

export function adminAuthRoutes(
  settings: AdminLoginSettings,
  mfaSettings: AdminMfaSettings,
  mfa = new AdminMfa(mfaSettings),
) {
  const passwordChecks = new CheckSlots(
    settings.maxConcurrentChecks,
    settings.maxQueuedChecks,
    settings.checksPerAddress,
    settings.reservedChecks,
  );

  /**
   * POST /api/admin/login `{ email, password }` (spec 02 §7), the first step. With a right password:
   * on a device remembered after a second factor, a new admin session (`turno_admin`,
   * SameSite=Strict) and `{ success, admin }`; otherwise no session yet, the 5-minute step in Redis
   * (admin-mfa.ts; the `turno_admin_mfa` cookie holds its random id) and `{ success, mfa: 'required' }`, or `{ success, mfa: 'enrolment',
   * enrolment }` for an admin without a factor. 401 'Credenciais inválidas' for any wrong credential
   * (and a disabled admin); 429 with Retry-After while a throttle holds (admin-login-throttle.ts).
   */
  const login = route({
    method: 'post',
    path: '/api/admin/login',
    access: 'public',
    body: AdminLoginRequestSchema,
    response: AdminLoginResponseSchema,
    handler: async ({ ctx, em, redis, sessions, body }) => {
      const checked = await verifyAdminLogin(
        em,
        redis,
        {
          email: body.email,
          password: body.password,
          ip: ctx.ip,
          keyPrefix: sessions.settings.keyPrefix,
          logger: ctx.state.logger,
          requestId: ctx.state.requestId as string | undefined,
        },
        settings,
        passwordChecks,
        new Date(),
        (factor) => factor.mfaEnabled && mfa.isRemembered(ctx, sessions, factor.id, factor.deviceSecret),
      ).catch((error: unknown) => {
        if (error instanceof AdminLoginRefused) ctx.set('Retry-After', String(error.retryAfterSeconds));
        throw error;
      });
      const { admin, factor } = checked;
      if (checked.complete) {
        await sessions.start(ctx, { kind: 'admin', adminId: admin.id });
        ctx.state.logger?.info({ adminId: admin.id }, 'admin signed in (remembered device)');
        return { success: true as const, admin };
      }
      if (factor.mfaEnabled) {
        await mfa.startPending(ctx, sessions, redis, { adminId: admin.id, stage: 'required' });
        return { success: true as const, mfa: 'required' as const };
      }
      const secret = mfa.newSecret();
      await mfa.startPending(ctx, sessions, redis, { adminId: admin.id, stage: 'enrolment', secret });
      return {
        success: true as const,
        mfa: 'enrolment' as const,
        enrolment: await mfa.enrolment(secret, admin.email),
      };
    },
  });

  /**
   * POST /api/admin/login/mfa `{ code | recoveryCode, rememberDevice? }`: the second step, with the
   * `turno_admin_mfa` cookie of the password step (else 401 'A etapa de verificação expirou…', also
   * after the step's ADMIN_MFA_STEP_MAX_ATTEMPTS wrong codes).
   * Enrolment: the first code of the new secret confirms it; the secret is stored sealed and 10
   * recovery codes are answered this once. Sign-in: a code within ±1 step, later than the last one
   * accepted (no replay), or an unused recovery code. Wrong codes count in the password's throttle
   * (429 with Retry-After). Success: the admin session, the step spent, optionally a remembered device.
   */
  const secondStep = route({
    method: 'post',
    path: '/api/admin/login/mfa',
    access: 'public',
    body: AdminMfaRequestSchema,
    response: AdminMfaResponseSchema,
    handler: async ({ ctx, em, redis, sessions, body }) => {
      const pending = await mfa.pending(ctx, sessions, redis);
      if (!pending) throw stepExpired();
      // Counted before the code is checked; past the step's attempts its record is gone.
      const attemptNumber = await mfa.countAttempt(sessions, redis, pending);
      if (attemptNumber === null) {
        await mfa.spend(ctx, sessions, redis, pending);
        throw stepExpired();
      }
      const admin = await adminSecondFactor(em, pending.adminId);
      if (!admin || admin.disabled) throw stepExpired();
      const enrolling = pending.stage === 'enrolment';
      // The factor changed since the password step (enrolled in another tab, or reset): start again.
      if (enrolling === admin.mfaEnabled) throw stepExpired();
      const attempt: { method: 'enrolment' | 'totp' | 'recovery-code'; reason: string } = {
        method: enrolling ? 'enrolment' : 'totp',
        reason: 'wrong-code',
      };
      const ok = await throttledCheck(
        redis,
        { email: admin.email, ip: ctx.ip, keyPrefix: sessions.settings.keyPrefix, logger: ctx.state.logger },
        settings,
        passwordChecks,
        async () => {
          if (body.recoveryCode !== undefined) {
            attempt.method = 'recovery-code';
            if (enrolling) return false;
            attempt.reason = 'wrong-or-used-recovery-code';
            return consumeRecoveryCode(em, mfa.keys, admin.id, body.recoveryCode);
          }
          const secret = enrolling ? pending.secret : mfa.storedSecret(admin.mfaSecret);
          const step = secret ? mfa.stepOf(secret, body.code ?? '') : null;
          if (step === null || !secret) return false;
          if (!enrolling) {
            attempt.reason = 'replayed-code';
            return mfa.acceptStep(em, admin.id, step);
          }
          return enrolAdminTotp(em, mfa.keys, admin.id, secret, step);
        },
      ).catch((error: unknown) => {
        if (error instanceof AdminLoginRefused) {
          ctx.set('Retry-After', String(error.retryAfterSeconds));
          void auditAdminSecurity(em, ctx, admin.id, 'admin.mfa.failed', 'refused', { reason: error.reason });
        }
        throw error;
      });
      const { method, reason } = attempt;
      if (!ok) {
        ctx.state.logger?.warn({ adminId: admin.id, reason }, 'admin second step refused');
        await auditAdminSecurity(em, ctx, admin.id, 'admin.mfa.failed', 'refused', { method, reason });
        // The step's last attempt: the record goes, and the password is needed again.
        if (attemptNumber >= mfaSettings.maxAttempts) {
          await mfa.spend(ctx, sessions, redis, pending);
          throw stepExpired();
        }
        throw new HttpError(
          401,
          method === 'recovery-code'
            ? ADMIN_SECURITY_MESSAGES.recoveryCodeInvalid
            : ADMIN_SECURITY_MESSAGES.codeInvalid,
        );
      }
      if (!(await mfa.spend(ctx, sessions, redis, pending))) throw stepExpired();
      await sessions.start(ctx, { kind: 'admin', adminId: admin.id });
      const deviceSecret = await recordAdminSignIn(em, admin.id);
      if (body.rememberDevice && deviceSecret) mfa.rememberDevice(ctx, sessions, admin.id, deviceSecret);
      const recoveryCodes = enrolling ? await replaceRecoveryCodes(em, mfa.keys, admin.id) : undefined;
      if (enrolling) await auditAdminSecurity(em, ctx, admin.id, 'admin.mfa.enrolled', 'success');
      if (method === 'recovery-code')
        await auditAdminSecurity(em, ctx, admin.id, 'admin.mfa.recovery_code_used', 'success');
      await auditAdminSecurity(em, ctx, admin.id, 'admin.sign_in', 'success', {
        method,
        rememberDevice: Boolean(body.rememberDevice),
      });
      ctx.state.logger?.info({ adminId: admin.id, method }, 'admin signed in');
      return {
        success: true as const,
        admin: { id: admin.id, email: admin.email, name: admin.name },
        ...(recoveryCodes ? { recoveryCodes } : {}),
      };
    },
  });

  /** GET /api/admin/verify — `{ ok: true, admin }` with an admin session, else 401 (403 for a business session). */
  const verify = route({
    method: 'get',
    path: '/api/admin/verify',
    access: 'admin',
    response: AdminVerifyResponseSchema,
    handler: async ({ em, actor }) => {
      const admin = await adminAccount(em, actor.adminId);
      if (!admin) throw new HttpError(401, MESSAGES.common.unauthenticated);
      return { ok: true as const, admin: { id: admin.id, email: admin.email, name: admin.name } };
    },
  });

  /** POST /api/admin/logout — ends the admin session (also answers when there was none). */
  const logout = route({
    method: 'post',
    path: '/api/admin/logout',
    access: 'public',
    response: OkResponseSchema,
    handler: async ({ ctx, sessions }) => {
      await sessions.end(ctx, 'admin');
      return { success: true as const };
    },
  });

  return { routes: [login, secondStep, verify, logout], passwordChecks, mfa };
}
