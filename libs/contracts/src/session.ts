import { z } from 'zod';
import { SHORT_TEXT_MAX_LENGTH, USER_TYPES } from '@turno/domain';
import { SetupAcceptanceSchema, TermsStatusSchema } from './privacy';

/**
 * Sign-in, session and profile setup: the shell BFF's calls (spec 01 §7 "Session", spec 02 §7
 * admin login). Paths are the spec's; the gateway sends `/api/*` to the shell BFF.
 */

/** GET /api/oauth/google/redirect_url → where the browser goes to sign in. */
export const RedirectUrlResponseSchema = z.object({ redirectUrl: z.string().url() });
export type RedirectUrlResponse = z.infer<typeof RedirectUrlResponseSchema>;

/** POST /api/sessions: the provider's answer, read by /auth/callback from its query string. */
export const CreateSessionRequestSchema = z.object({
  code: z.string().min(1, 'Código de autorização ausente').max(2048),
  state: z.string().min(1, 'Estado de autorização ausente').max(512),
  iss: z.string().max(2048).optional(),
});
export type CreateSessionRequest = z.infer<typeof CreateSessionRequestSchema>;
export const OkResponseSchema = z.object({ success: z.literal(true) });

/** The profile of the signed-in user, by type (null until profile setup). */
export const UserProfileSchema = z.object({
  user_type: z.enum(USER_TYPES),
  id: z.number().int(),
  name: z.string(),
  /** restaurant: is_approved; freelancer: is_approved */
  is_approved: z.boolean(),
  /** restaurant: is_active; freelancer: is_available */
  is_active: z.boolean(),
  business_name: z.string().nullable(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** GET /api/users/me (401 `{ error }` without a session). */
export const CurrentUserSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  profile: UserProfileSchema.nullable(),
  /** Issue 27: whether the terms and the privacy notice in force are accepted (absent: an older BFF). */
  terms: TermsStatusSchema.optional(),
  /** Issue 27: a one-time notice for the person (a deletion called off by signing in again), once. */
  notice: z.string().optional(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** POST /api/profile/setup (spec 01 §3 "Profile setup payload"). */
export const ProfileSetupRequestSchema = z
  .object({
    name: z.string().trim().min(1, 'Informe seu nome completo').max(SHORT_TEXT_MAX_LENGTH),
    phone: z.string().trim().max(30).optional().nullable(),
    userType: z.enum(['restaurant', 'freelancer']),
    businessName: z.string().trim().max(SHORT_TEXT_MAX_LENGTH).optional().nullable(),
    address: z.string().trim().max(SHORT_TEXT_MAX_LENGTH).optional().nullable(),
    addressNumber: z.string().trim().max(SHORT_TEXT_MAX_LENGTH).optional().nullable(),
    cep: z.string().trim().max(9).optional().nullable(),
    cuisineType: z.string().trim().max(SHORT_TEXT_MAX_LENGTH).optional().nullable(),
    contactPerson: z.string().trim().max(SHORT_TEXT_MAX_LENGTH).optional().nullable(),
    /** A business's CNPJ (masked or bare) and razão social: required for a restaurant, checked by
     * the accounts service (issue 25; optional here so an older form still reaches the pt-BR answer). */
    cnpj: z.string().trim().max(30).optional().nullable(),
    legalName: z.string().trim().max(SHORT_TEXT_MAX_LENGTH).optional().nullable(),
    experienceYears: z.coerce.number().int().min(0).max(50).optional().nullable(),
    specialties: z.array(z.string().max(100)).max(20).optional().nullable(),
    hourlyRate: z.number().min(0).max(100_000).optional().nullable(),
    /** Issue 27: the terms of use and the privacy notice accepted, with the versions shown. */
    ...SetupAcceptanceSchema.shape,
  })
  .refine((p) => p.userType !== 'restaurant' || (p.businessName ?? '').length > 0, {
    path: ['businessName'],
    message: 'Informe o nome do estabelecimento',
  });
export type ProfileSetupRequest = z.infer<typeof ProfileSetupRequestSchema>;

/** POST /api/profile/setup → 201: the user as GET /api/users/me now answers (409 when already set up). */
export const ProfileSetupResponseSchema = z.object({ success: z.literal(true), user: CurrentUserSchema });
export type ProfileSetupResponse = z.infer<typeof ProfileSetupResponseSchema>;

/** POST /api/admin/login. */
export const AdminLoginRequestSchema = z.object({
  email: z.string().trim().min(1, 'Informe o e-mail').max(254),
  password: z.string().min(1, 'Informe a senha').max(1024),
});
export type AdminLoginRequest = z.infer<typeof AdminLoginRequestSchema>;

/** The signed-in admin (no password data, ever). */
export const AdminSummarySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
});
export type AdminSummary = z.infer<typeof AdminSummarySchema>;

/** Signed in: the `turno_admin` cookie is set (spec 02 §7's answer, unchanged). */
export const AdminSignedInResponseSchema = z.object({ success: z.literal(true), admin: AdminSummarySchema });
export type AdminSignedInResponse = z.infer<typeof AdminSignedInResponseSchema>;

/**
 * What an admin without a second factor needs to add one: the TOTP secret as text (for manual
 * entry), its `otpauth://` URI, and the same URI as a QR code (an SVG data URL made on the server).
 * Sent only during the enrolment step, never again once the factor is confirmed.
 */
export const AdminMfaEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCode: z.string().startsWith('data:image/svg+xml'),
});
export type AdminMfaEnrolment = z.infer<typeof AdminMfaEnrolmentSchema>;

/**
 * The password was right and a second step is due (issue 12): `required` (a 6-digit code or a
 * recovery code) or `enrolment` (add a factor first). No session yet: the half-signed-in state is
 * the short-lived sealed `turno_admin_mfa` cookie; POST /api/admin/login/mfa finishes it.
 */
export const AdminMfaStepResponseSchema = z.union([
  z.object({ success: z.literal(true), mfa: z.literal('required') }),
  z.object({ success: z.literal(true), mfa: z.literal('enrolment'), enrolment: AdminMfaEnrolmentSchema }),
]);
export type AdminMfaStepResponse = z.infer<typeof AdminMfaStepResponseSchema>;

/**
 * POST /api/admin/login → 200. Either signed in (spec 02 §7: `{ success, admin }` and the
 * `turno_admin` cookie; only on a device remembered after a second factor) or `{ success, mfa }`,
 * a second step (additive: check `'mfa' in answer`). Refusals: 401 `{ error: 'Credenciais
 * inválidas' }` (unknown e-mail, wrong password and disabled admin alike), 429 while a throttle
 * holds, 400 for a missing field.
 */
export const AdminLoginResponseSchema = z.union([AdminSignedInResponseSchema, AdminMfaStepResponseSchema]);
export type AdminLoginResponse = z.infer<typeof AdminLoginResponseSchema>;

/** GET /api/admin/verify (401 `{ error }` without an admin session). */
export const AdminVerifyResponseSchema = z.object({
  ok: z.literal(true),
  admin: AdminSummarySchema,
});
export type AdminVerifyResponse = z.infer<typeof AdminVerifyResponseSchema>;
