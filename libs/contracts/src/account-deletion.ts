import { z } from 'zod';
import {
  ACCOUNT_DELETION_CONFIRM_WORD,
  ACCOUNT_DELETION_MESSAGES,
  ACCOUNT_DELETION_NOTE_MAX_LENGTH,
  ACCOUNT_DELETION_REQUESTERS,
} from '@turno/domain';
import { Id } from './common';
import { PageQuery, pageSchema } from './lists';

/**
 * "Excluir minha conta" (issue 27): the shell BFF's /api/account-deletion calls (Perfil →
 * "Privacidade" of both profiles) and the admin's "Privacidade" tab (admin-ops BFF).
 */

/** GET /api/account-deletion: the person's pending deletion (null: none). */
export const AccountDeletionStateSchema = z.object({
  pending: z
    .object({
      requested_at: z.string(),
      /** When it is carried out unless the person signs in again before. */
      scheduled_for: z.string(),
    })
    .nullable(),
});
export type AccountDeletionState = z.infer<typeof AccountDeletionStateSchema>;

/** POST /api/account-deletion: the confirmation word typed (EXCLUIR, any case). */
export const AccountDeletionRequestSchema = z.object({
  confirmation: z
    .string()
    .trim()
    .max(40)
    .refine((value) => value.toUpperCase() === ACCOUNT_DELETION_CONFIRM_WORD, {
      message: ACCOUNT_DELETION_MESSAGES.confirmMismatch(ACCOUNT_DELETION_CONFIRM_WORD),
    }),
});
export type AccountDeletionRequest = z.infer<typeof AccountDeletionRequestSchema>;

/** The answer: scheduled; every session of the person has ended (this browser's cookie cleared). */
export const AccountDeletionScheduledSchema = z.object({
  success: z.literal(true),
  scheduled_for: z.string(),
  message: z.string(),
});
export type AccountDeletionScheduled = z.infer<typeof AccountDeletionScheduledSchema>;

// Admin-ops "Privacidade" — GET /bff/admin-ops/api/admin/privacy/requests
export const PrivacyCasesQuerySchema = z.object({ ...PageQuery });
export type PrivacyCasesQuery = z.input<typeof PrivacyCasesQuerySchema>;

/** One open request: a deletion (or, once exports exist, a data export) with its 15-day deadline. */
export const PrivacyCaseSchema = z.object({
  kind: z.enum(['deletion', 'export']),
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  profile_type: z.enum(['restaurant', 'freelancer']).nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  requested_at: z.string(),
  requested_by: z.enum(ACCOUNT_DELETION_REQUESTERS),
  admin_note: z.string().nullable(),
  /** A deletion's execution (null for an export). */
  scheduled_for: z.string().nullable(),
  due_at: z.string(),
  /** Past its 15 days. */
  late: z.boolean(),
});
export type PrivacyCase = z.infer<typeof PrivacyCaseSchema>;
export const PrivacyCasesPageSchema = pageSchema(PrivacyCaseSchema);
export type PrivacyCasesPage = z.infer<typeof PrivacyCasesPageSchema>;

/** GET /api/admin/privacy/people?q= — the person of a request by e-mail: an e-mail or a CPF. */
export const PrivacyPeopleQuerySchema = z.object({ q: z.string().trim().min(3).max(254) });
export const PrivacyPersonSchema = z.object({
  user_id: z.number().int(),
  profile_type: z.enum(['restaurant', 'freelancer']).nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** The person's pending deletion, if any. */
  pending_deletion_id: z.number().int().nullable(),
});
export type PrivacyPerson = z.infer<typeof PrivacyPersonSchema>;
export const PrivacyPeopleSchema = z.object({ items: z.array(PrivacyPersonSchema).max(5) });
export type PrivacyPeople = z.infer<typeof PrivacyPeopleSchema>;

/** POST /api/admin/privacy/people/{id}/deletion and …/export — on the person's behalf, with a note. */
export const PrivacyActionParamsSchema = z.object({ id: Id });
export const PrivacyActionRequestSchema = z.object({
  note: z.string().trim().min(1).max(ACCOUNT_DELETION_NOTE_MAX_LENGTH),
});
export type PrivacyActionRequest = z.infer<typeof PrivacyActionRequestSchema>;
export const PrivacyActionResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type PrivacyActionResponse = z.infer<typeof PrivacyActionResponseSchema>;
