import {
  AdminChangePasswordResponseSchema,
  AdminLoginResponseSchema,
  AdminMfaResponseSchema,
  AdminRecoveryCodesResponseSchema,
  AdminSecurityResponseSchema,
  type AdminChangePasswordRequest,
  type AdminChangePasswordResponse,
  type AdminLoginRequest,
  type AdminLoginResponse,
  type AdminMfaRequest,
  type AdminMfaResponse,
  type AdminSecurityResponse,
} from '@turno/contracts';
import { call, parsedBy as read, type FetchLike } from './api';

/**
 * The admin sign-in with its second factor and the "Segurança" screen (issue 12): the shell BFF's
 * calls of libs/contracts/src/admin-security.ts, answers checked with the contracts' zod schemas
 * (only the admin pages load this module, never the landing page).
 */
export interface AdminSecurityApi {
  /** POST /api/admin/login — signed in (remembered device) or the second step to show. */
  login(request: AdminLoginRequest): Promise<AdminLoginResponse>;
  /** POST /api/admin/login/mfa — the code (or recovery code); after an enrolment, the recovery codes. */
  secondStep(request: AdminMfaRequest): Promise<AdminMfaResponse>;
  /** GET /api/admin/security. */
  security(): Promise<AdminSecurityResponse>;
  /** POST /api/admin/password. */
  changePassword(request: AdminChangePasswordRequest): Promise<AdminChangePasswordResponse>;
  /** POST /api/admin/mfa/recovery-codes. */
  regenerateRecoveryCodes(code: string): Promise<string[]>;
}

export function createAdminSecurityApi(fetchImpl?: FetchLike): AdminSecurityApi {
  const post = async <T>(path: string, body: unknown, schema: Parameters<typeof read<T>>[1]) =>
    read<T>(await call(path, { method: 'POST', body, fetchImpl }), schema, path);
  return {
    login: (request) => post('/api/admin/login', request, AdminLoginResponseSchema),
    secondStep: (request) => post('/api/admin/login/mfa', request, AdminMfaResponseSchema),
    async security() {
      const path = '/api/admin/security';
      return read(await call(path, { fetchImpl }), AdminSecurityResponseSchema, path);
    },
    changePassword: (request) => post('/api/admin/password', request, AdminChangePasswordResponseSchema),
    regenerateRecoveryCodes: async (code) =>
      (await post('/api/admin/mfa/recovery-codes', { code }, AdminRecoveryCodesResponseSchema)).recoveryCodes,
  };
}
