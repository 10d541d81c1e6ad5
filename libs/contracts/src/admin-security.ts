import { z } from 'zod';
import {
  ADMIN_PASSWORD_MAX_LENGTH,
  ADMIN_SECURITY_MESSAGES,
  RECOVERY_CODE_PATTERN,
  TOTP_CODE_PATTERN,
} from '@turno/domain';
import { AdminSummarySchema } from './session';

/**
 * The admin's second factor, password change and "Segurança" screen (issue 12), served by the
 * shell BFF (bffs/shell/src/routes/admin-security.ts).
 */

const totpCode = z
  .string()
  .max(12, ADMIN_SECURITY_MESSAGES.codeRequired)
  .trim()
  .regex(TOTP_CODE_PATTERN, ADMIN_SECURITY_MESSAGES.codeRequired);
const recoveryCode = z
  .string()
  .max(16, ADMIN_SECURITY_MESSAGES.recoveryCodeInvalid)
  .trim()
  .toUpperCase()
  .regex(RECOVERY_CODE_PATTERN, ADMIN_SECURITY_MESSAGES.recoveryCodeInvalid);

/**
 * POST /api/admin/login/mfa: the second step after the password (needs the `turno_admin_mfa`
 * cookie). A 6-digit `code` (enrolment or sign-in) or, when signing in, one `recoveryCode`;
 * `rememberDevice` skips the code in this browser until the admin session's absolute timeout.
 */
export const AdminMfaRequestSchema = z
  .object({
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
    rememberDevice: z.boolean().optional(),
  })
  .refine((value) => (value.code === undefined) !== (value.recoveryCode === undefined), {
    message: ADMIN_SECURITY_MESSAGES.codeRequired,
    path: ['code'],
  });
export type AdminMfaRequest = z.infer<typeof AdminMfaRequestSchema>;

/**
 * → 200, signed in (the `turno_admin` cookie), as POST /api/admin/login's signed-in answer; after an
 * enrolment also the 10 recovery codes, shown this once. 401 with a pt-BR `{ error }` for a wrong or
 * replayed code or a used recovery code (and when the step expired), 429 while a throttle holds.
 */
export const AdminMfaResponseSchema = z.object({
  success: z.literal(true),
  admin: AdminSummarySchema,
  recoveryCodes: z.array(z.string()).optional(),
});
export type AdminMfaResponse = z.infer<typeof AdminMfaResponseSchema>;

/** GET /api/admin/security: what the "Segurança" screen shows (never the secret itself). */
export const AdminSecurityResponseSchema = z.object({
  admin: AdminSummarySchema,
  mfaEnabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int().min(0),
  rememberedDevice: z.boolean(),
});
export type AdminSecurityResponse = z.infer<typeof AdminSecurityResponseSchema>;

/** POST /api/admin/password ("Alterar senha"). */
export const AdminChangePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1, 'Informe a senha atual').max(1024),
    newPassword: z
      .string()
      .min(1, 'Informe a nova senha')
      .max(ADMIN_PASSWORD_MAX_LENGTH * 4),
    confirmation: z.string().max(ADMIN_PASSWORD_MAX_LENGTH * 4),
  })
  .refine((value) => value.newPassword === value.confirmation, {
    message: ADMIN_SECURITY_MESSAGES.passwordMismatch,
    path: ['confirmation'],
  });
export type AdminChangePasswordRequest = z.infer<typeof AdminChangePasswordRequestSchema>;

/** → 200 `{ success, endedSessions }`: the other sessions of this admin ended, this one renewed. */
export const AdminChangePasswordResponseSchema = z.object({
  success: z.literal(true),
  endedSessions: z.number().int().min(0),
});
export type AdminChangePasswordResponse = z.infer<typeof AdminChangePasswordResponseSchema>;

/** POST /api/admin/mfa/recovery-codes `{ code }`: new recovery codes (the old ones stop working). */
export const AdminRecoveryCodesRequestSchema = z.object({ code: totpCode });
export type AdminRecoveryCodesRequest = z.infer<typeof AdminRecoveryCodesRequestSchema>;
export const AdminRecoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type AdminRecoveryCodesResponse = z.infer<typeof AdminRecoveryCodesResponseSchema>;
