import { notFound as notFoundAnswer, route } from '@turno/bff-kit';
import {
  AdminIdParamsSchema,
  AdminVettingDetailSchema,
  AdminVettingDocumentParamsSchema,
  VettingQueuePageSchema,
  VettingQueueQuerySchema,
  VettingRejectRequestSchema,
  VettingRejectResponseSchema,
} from '@turno/contracts';
import { photoStorage, readVettingDocument, recordAudit, rejectVetting } from '@turno/core';
import { VETTING_MESSAGES } from '@turno/domain';
import { z } from 'zod';
import { listVettingQueue, readVettingDetail } from './vetting.queries';

/** GET /api/admin/vetting — "Análise de cadastro": submitted checklists, oldest first (issue 27). */
export const listVettingQueueRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/vetting',
  query: VettingQueueQuerySchema,
  response: VettingQueuePageSchema,
  handler: ({ em, query }) => listVettingQueue(em, query),
});

/** GET /api/admin/vetting/{id} — one freelancer's profile, CPF check and checklist for the review. */
export const readVettingRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/vetting/:id',
  params: AdminIdParamsSchema,
  response: AdminVettingDetailSchema,
  handler: ({ em, params }) => readVettingDetail(em, params.id),
});

/**
 * GET /api/admin/vetting/{id}/documents/{kind} — the file itself, streamed to an admin only (the
 * route's access; `readVettingDocument` checks the role again). Never cached (`no-store`), never
 * sniffed, sandboxed; a PDF is a download. Each view is written to the audit trail.
 */
export const vettingDocumentRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/vetting/:id/documents/:kind',
  params: AdminVettingDocumentParamsSchema,
  response: z.custom<Buffer>((value) => Buffer.isBuffer(value)),
  handler: async ({ ctx, em, actor, params }) => {
    const document = await readVettingDocument(em, actor, params.id, params.kind, photoStorage());
    if (!document) throw notFoundAnswer(VETTING_MESSAGES.documentNotFound);
    await recordAudit(em, {
      actorKind: 'admin',
      actorId: actor.adminId,
      action: 'vetting.document_viewed',
      outcome: 'success',
      status: 200,
      targetType: 'freelancer',
      targetId: params.id,
      details: { kind: params.kind },
      requestId: (ctx.state.requestId as string | undefined) ?? null,
    });
    ctx.type = document.contentType;
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    if (document.contentType === 'application/pdf') {
      ctx.set('Content-Disposition', `attachment; filename="${params.kind}-${params.id}.pdf"`);
    }
    return document.bytes;
  },
});

/**
 * POST /api/admin/vetting/{id}/reject — ask the freelancer for a correction: a reason from the list
 * and a free text (required for "Outro motivo"). Approval is POST /api/admin/freelancers/{id}/approve,
 * refused (422) for an incomplete checklist. The kit audits both with the freelancer's before/after.
 */
export const rejectVettingRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/vetting/:id/reject',
  params: AdminIdParamsSchema,
  body: VettingRejectRequestSchema,
  response: VettingRejectResponseSchema,
  handler: ({ em, actor, params, body }) =>
    rejectVetting(em, actor, params.id, { reason: body.reason, note: body.note ?? null }),
});
