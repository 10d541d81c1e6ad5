import { callerDataVersion, route } from '@turno/bff-kit';
import {
  FreelancerVettingSchema,
  VettingDocumentKindParamsSchema,
  VettingDocumentUploadResponseSchema,
  VettingSubmitRequestSchema,
  VettingSubmitResponseSchema,
} from '@turno/contracts';
import {
  freelancerVettingOnTheWire,
  photoStorage,
  readFreelancerVetting,
  saveVettingDocument,
  submitVetting,
} from '@turno/core';
import {
  PHOTO_MESSAGES,
  VETTING_DOCUMENT_KINDS,
  VETTING_DOCUMENT_MAX_BYTES,
  VETTING_MESSAGES,
} from '@turno/domain';
import { readFileField } from '../multipart';

/** GET /api/freelancers/vetting — the Dashboard's checklist (issue 27): status, what is missing, the last rejection. */
export const getVetting = route({
  method: 'get',
  path: '/api/freelancers/vetting',
  access: 'freelancer',
  response: FreelancerVettingSchema,
  dataVersion: callerDataVersion,
  handler: async ({ em, actor }) =>
    freelancerVettingOnTheWire(await readFreelancerVetting(em, actor.freelancerId)),
});

const DETAILS: Record<string, string> = {
  document_not_image_or_pdf: VETTING_MESSAGES.notImageOrPdfDetails,
  photo_too_large: PHOTO_MESSAGES.tooLargeDetails,
  photo_too_small: PHOTO_MESSAGES.tooSmallDetails,
  photo_unreadable: PHOTO_MESSAGES.unreadableDetails,
};

/** The upload paths, one per kind (the multipart middleware matches exact paths). */
export const VETTING_UPLOAD_PATHS = VETTING_DOCUMENT_KINDS.map(
  (kind) => `/api/freelancers/vetting/documents/${kind}`,
);

/**
 * POST /api/freelancers/vetting/documents/{kind} — multipart, field `file`: the document's front or
 * back (image or PDF) or the selfie (image), 5 MB at most while it streams in (`multipart.ts`),
 * checked by content, images re-encoded without metadata, stored privately (`saveVettingDocument`).
 * Refusals `{ success: false, error, details }` (400, 409, 413).
 */
export const uploadVettingDocument = route({
  method: 'post',
  path: '/api/freelancers/vetting/documents/:kind',
  access: 'freelancer',
  rateLimit: 'photoUpload',
  params: VettingDocumentKindParamsSchema,
  response: VettingDocumentUploadResponseSchema,
  handler: async ({ em, actor, ctx, params }) => {
    const bytes = await readFileField(ctx, 'file', VETTING_DOCUMENT_MAX_BYTES);
    try {
      await saveVettingDocument(em, actor, params.kind, bytes, photoStorage());
    } catch (error) {
      ctx.state.uploadDetails = DETAILS[(error as { code?: string }).code ?? ''] ?? null;
      throw error;
    }
    return {
      success: true as const,
      message: VETTING_MESSAGES.documentUploaded,
      vetting: freelancerVettingOnTheWire(await readFreelancerVetting(em.fork(), actor.freelancerId)),
    };
  },
});

/** POST /api/freelancers/vetting/submit — "Enviar para análise": 422 naming what is missing, 409 in review. */
export const submitVettingRoute = route({
  method: 'post',
  path: '/api/freelancers/vetting/submit',
  access: 'freelancer',
  rateLimit: 'profileWrite',
  body: VettingSubmitRequestSchema,
  response: VettingSubmitResponseSchema,
  handler: async ({ em, actor, body }) => ({
    success: true as const,
    message: VETTING_MESSAGES.submitted,
    vetting: freelancerVettingOnTheWire(await submitVetting(em, actor, { documentType: body.document_type })),
  }),
});
