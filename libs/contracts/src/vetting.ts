import { z } from 'zod';
import {
  IDENTITY_DOCUMENT_TYPES,
  VETTING_CHECKLIST_ITEMS,
  VETTING_DOCUMENT_KINDS,
  VETTING_NOTE_MAX_LENGTH,
  VETTING_REJECTION_REASONS,
  VETTING_STATUSES,
} from '@turno/domain';
import { Id, Timestamp } from './common';
import { PageQuery, pageSchema } from './lists';

/**
 * Vetting (issue 27): the freelancer's checklist, document uploads and "Enviar para análise"
 * (bffs/freelancer), and the admins' "Análise de cadastro" (bffs/admin-ops). Rules and texts in
 * `libs/domain` vetting.ts; the services decide, these schemas bound the values.
 */

export const VettingDocumentSchema = z.object({
  kind: z.enum(VETTING_DOCUMENT_KINDS),
  content_type: z.string(),
  bytes: z.number().int(),
  uploaded_at: Timestamp,
});
export type VettingDocument = z.infer<typeof VettingDocumentSchema>;

/** GET /api/freelancers/vetting — and the `vetting` of the admin's review screen. */
export const FreelancerVettingSchema = z.object({
  status: z.enum(VETTING_STATUSES),
  /** The checklist's items still missing, in the checklist's order (empty: complete). */
  missing: z.array(z.enum(VETTING_CHECKLIST_ITEMS)),
  document_type: z.enum(IDENTITY_DOCUMENT_TYPES).nullable(),
  documents: z.array(VettingDocumentSchema),
  submitted_at: Timestamp.nullable(),
  reviewed_at: Timestamp.nullable(),
  rejection_reason: z.enum(VETTING_REJECTION_REASONS).nullable(),
  rejection_note: z.string().nullable(),
});
export type FreelancerVetting = z.infer<typeof FreelancerVettingSchema>;

/** POST /api/freelancers/vetting/documents/{kind} — multipart, field `file`. */
export const VettingDocumentKindParamsSchema = z.object({ kind: z.enum(VETTING_DOCUMENT_KINDS) });
export const VettingDocumentUploadResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  vetting: FreelancerVettingSchema,
});
export type VettingDocumentUploadResponse = z.infer<typeof VettingDocumentUploadResponseSchema>;

/** POST /api/freelancers/vetting/submit — "Enviar para análise". */
export const VettingSubmitRequestSchema = z.object({ document_type: z.enum(IDENTITY_DOCUMENT_TYPES) });
export type VettingSubmitRequest = z.infer<typeof VettingSubmitRequestSchema>;
export const VettingSubmitResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  vetting: FreelancerVettingSchema,
});

// Admin: "Análise de cadastro"

/** GET /api/admin/vetting — the submitted checklists, oldest submission first (keyset). */
export const VettingQueueQuerySchema = z.object({ ...PageQuery });
export type VettingQueueQuery = z.input<typeof VettingQueueQuerySchema>;
export const VettingQueueItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  submitted_at: Timestamp,
  document_type: z.enum(IDENTITY_DOCUMENT_TYPES).nullable(),
  cpf_valid: z.boolean(),
  /** True after an earlier request for a correction (a resubmission). */
  resubmitted: z.boolean(),
});
export type VettingQueueItem = z.infer<typeof VettingQueueItemSchema>;
export const VettingQueuePageSchema = pageSchema(VettingQueueItemSchema);
export type VettingQueuePage = z.infer<typeof VettingQueuePageSchema>;

/** GET /api/admin/vetting/{id} — one freelancer's profile and checklist for the review screen. */
export const AdminVettingDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  cpf: z.string().nullable(),
  /** The CPF's check digits verify (the name is the one the freelancer typed). */
  cpf_valid: z.boolean(),
  pix_key: z.string().nullable(),
  profile_photo_url: z.string().nullable(),
  experience_years: z.number().int(),
  specialties: z.array(z.string()),
  is_approved: z.boolean(),
  is_available: z.boolean(),
  created_at: Timestamp,
  vetting: FreelancerVettingSchema,
});
export type AdminVettingDetail = z.infer<typeof AdminVettingDetailSchema>;

/** GET /api/admin/vetting/{id}/documents/{kind} — the file's bytes (admins only, never cached). */
export const AdminVettingDocumentParamsSchema = z.object({ id: Id, kind: z.enum(VETTING_DOCUMENT_KINDS) });

/** POST /api/admin/vetting/{id}/reject — a reason from the list and a free text (required for `other`). */
export const VettingRejectRequestSchema = z.object({
  reason: z.enum(VETTING_REJECTION_REASONS),
  note: z.string().trim().max(VETTING_NOTE_MAX_LENGTH).optional().nullable(),
});
export type VettingRejectRequest = z.infer<typeof VettingRejectRequestSchema>;
export const VettingRejectResponseSchema = z.object({
  id: z.number().int(),
  status: z.enum(VETTING_STATUSES),
});
export type VettingRejectResponse = z.infer<typeof VettingRejectResponseSchema>;
