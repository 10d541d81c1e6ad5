import { z } from 'zod';
import { CONSENT_ACTIONS, CONSENT_KINDS, OPTIONAL_CONSENT_KINDS, PRIVACY_MESSAGES } from '@turno/domain';

/**
 * Terms, privacy notice and consents (issue 27): the shell BFF's /api/consents calls, read by the
 * host (the page that asks again after a new version) and by both profiles' "Privacidade".
 */

const VersionSchema = z.string().trim().min(1).max(40);

/** What GET /api/users/me says of the terms (absent from an older shell BFF: read as accepted). */
export const TermsStatusSchema = z.object({
  /** False while the person has not accepted the terms or the notice in force. */
  accepted: z.boolean(),
  terms_version: z.string(),
  privacy_notice_version: z.string(),
});
export type TermsStatus = z.infer<typeof TermsStatusSchema>;

/** The versions the person read and accepts (refused 400 when one is not in force any more). */
export const TermsVersionsSchema = z.object({
  termsVersion: VersionSchema,
  privacyNoticeVersion: VersionSchema,
});

/** Setup's acceptance fields: the box ticked, and the versions shown beside it. */
export const SetupAcceptanceSchema = z.object({
  // First: the message a missing box answers is this one, not the versions' "Campo obrigatório".
  acceptedTerms: z.literal(true, { error: PRIVACY_MESSAGES.termsRequired }),
  ...TermsVersionsSchema.shape,
});

/** POST /api/consents/terms: accepts the terms and the notice in force (after a new version). */
export const AcceptTermsRequestSchema = TermsVersionsSchema;
export type AcceptTermsRequest = z.infer<typeof AcceptTermsRequestSchema>;

/** One optional use, as "Privacidade" lists it: granted or not, and when that was recorded. */
export const OptionalConsentSchema = z.object({
  kind: z.enum(OPTIONAL_CONSENT_KINDS),
  granted: z.boolean(),
  /** When the newest record was made (null: never asked, not granted). */
  at: z.string().nullable(),
});
export type OptionalConsent = z.infer<typeof OptionalConsentSchema>;

/** One accepted document: its version and when. */
export const AcceptedDocumentSchema = z.object({ version: z.string(), at: z.string() }).nullable();

/** GET /api/consents and the answer of every write to it. */
export const ConsentsResponseSchema = z.object({
  terms_version: z.string(),
  privacy_notice_version: z.string(),
  accepted_terms: AcceptedDocumentSchema,
  accepted_privacy_notice: AcceptedDocumentSchema,
  /** The optional uses that apply to the person's profile (none before setup). */
  optional: z.array(OptionalConsentSchema),
  /** Every record, newest first (at most 100): the history "Privacidade" shows. */
  history: z
    .array(
      z.object({
        kind: z.enum(CONSENT_KINDS),
        action: z.enum(CONSENT_ACTIONS),
        version: z.string(),
        at: z.string(),
      }),
    )
    .max(100),
});
export type ConsentsResponse = z.infer<typeof ConsentsResponseSchema>;

/** POST /api/consents: grants or withdraws one optional use. */
export const SetConsentRequestSchema = z.object({
  kind: z.enum(OPTIONAL_CONSENT_KINDS),
  granted: z.boolean(),
});
export type SetConsentRequest = z.infer<typeof SetConsentRequestSchema>;
