import { HttpError, route } from '@turno/bff-kit';
import {
  AdminLoginRequestSchema,
  AdminLoginResponseSchema,
  AdminVerifyResponseSchema,
  OkResponseSchema,
} from '@turno/contracts';
import { Admin } from '@turno/core';
import { MESSAGES } from '@turno/domain';
import { verifyAdminLogin } from '../admin-login';
import { AdminLoginRefused, CheckSlots } from '../admin-login-throttle';
import type { AdminLoginSettings } from '../settings';

export function adminAuthRoutes(settings: AdminLoginSettings) {
  const passwordChecks = new CheckSlots(settings.maxConcurrentChecks, settings.maxQueuedChecks);

  /**
   * POST /api/admin/login `{ email, password }` (spec 02 §7): on success a new admin session
   * (`turno_admin`, SameSite=Strict). 401 'Credenciais inválidas' for any wrong credential; 429
   * with Retry-After while a throttle holds (admin-login-throttle.ts).
   */
  const login = route({
    method: 'post',
    path: '/api/admin/login',
    access: 'public',
    body: AdminLoginRequestSchema,
    response: AdminLoginResponseSchema,
    handler: async ({ ctx, em, redis, sessions, body }) => {
      const admin = await verifyAdminLogin(
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
      ).catch((error: unknown) => {
        if (error instanceof AdminLoginRefused) ctx.set('Retry-After', String(error.retryAfterSeconds));
        throw error;
      });
      await sessions.start(ctx, { kind: 'admin', adminId: admin.id });
      ctx.state.logger?.info({ adminId: admin.id }, 'admin signed in');
      return { success: true as const, admin };
    },
  });

  /** GET /api/admin/verify — `{ ok: true, admin }` with an admin session, else 401 (403 for a business session). */
  const verify = route({
    method: 'get',
    path: '/api/admin/verify',
    access: 'admin',
    response: AdminVerifyResponseSchema,
    handler: async ({ em, actor }) => {
      const admin = await em.findOne(Admin, { id: actor.adminId }, { fields: ['id', 'email', 'name'] });
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

  return [login, verify, logout];
}
