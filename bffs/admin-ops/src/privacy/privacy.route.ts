import { route } from '@turno/bff-kit';
import {
  PrivacyActionParamsSchema,
  PrivacyActionRequestSchema,
  PrivacyActionResponseSchema,
  PrivacyCasesPageSchema,
  PrivacyCasesQuerySchema,
  PrivacyPeopleQuerySchema,
  PrivacyPeopleSchema,
} from '@turno/contracts';
import {
  cancelAccountDeletionByAdmin,
  carryOutDueAccountDeletions,
  recordAudit,
  requestAccountDeletion,
  requestDataExport,
} from '@turno/core';
import { PRIVACY_ADMIN_MESSAGES } from '@turno/domain';
import { hashClientIp } from '@turno/server-runtime';
import type { Context } from 'koa';
import { findPrivacyPeople, listPrivacyCases } from './privacy.queries';

/**
 * The admin's "Privacidade" tab (issue 27): open deletion and export requests with their 15-day
 * deadlines, and the actions on a request made by e-mail on a person's behalf. Every action is in
 * the audit trail (the core services' entries, with the admin as actor and the note).
 */
const contextOf = (ctx: Context) => ({
  requestId: (ctx.state.requestId as string | undefined) ?? null,
  ipHash: hashClientIp(ctx.ip),
});

/** GET /api/admin/privacy/requests — open requests, soonest deadline first, late ones marked, paged. */
export const listPrivacyCasesRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/privacy/requests',
  query: PrivacyCasesQuerySchema,
  response: PrivacyCasesPageSchema,
  handler: ({ em, query }) => listPrivacyCases(em, query),
});

/** GET /api/admin/privacy/people?q= — the person an e-mail or a CPF names (at most 5). */
export const findPrivacyPeopleRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/privacy/people',
  query: PrivacyPeopleQuerySchema,
  response: PrivacyPeopleSchema,
  handler: ({ em, query }) => findPrivacyPeople(em, query.q),
});

/**
 * POST /api/admin/privacy/people/{userId}/deletion `{ note }` — schedules the person's deletion on
 * their behalf (7 days; refused 409 with the shifts or vacancies still to work) and ends their
 * sessions in every browser.
 */
export const requestDeletionOnBehalfRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/privacy/people/:id/deletion',
  params: PrivacyActionParamsSchema,
  body: PrivacyActionRequestSchema,
  response: PrivacyActionResponseSchema,
  handler: async ({ ctx, em, actor, params, body, sessions }) => {
    await requestAccountDeletion(
      em,
      { by: 'admin', userId: params.id, adminId: actor.adminId, note: body.note },
      contextOf(ctx),
    );
    await sessions.endAllOf({ kind: 'user', userId: params.id });
    return { success: true as const, message: PRIVACY_ADMIN_MESSAGES.deletionRequested };
  },
});

/** POST /api/admin/privacy/people/{userId}/export `{ note }` — asks for the person's data export on their behalf. */
export const requestExportOnBehalfRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/privacy/people/:id/export',
  params: PrivacyActionParamsSchema,
  body: PrivacyActionRequestSchema,
  response: PrivacyActionResponseSchema,
  handler: async ({ ctx, em, actor, params, body }) => {
    const { requestId, ipHash } = contextOf(ctx);
    const created = await requestDataExport(em, {
      userId: params.id,
      requestedByAdminId: actor.adminId,
      requestId,
      ipHash,
    });
    // The note of a request made by e-mail (the export's row keeps no free text).
    await recordAudit(em.fork(), {
      actorKind: 'admin',
      actorId: actor.adminId,
      action: 'data_export.requested_on_behalf',
      outcome: 'success',
      targetType: 'data_export',
      targetId: created.id,
      details: { userId: params.id, note: body.note },
      requestId,
      ipHash,
    });
    return { success: true as const, message: PRIVACY_ADMIN_MESSAGES.exportRequested };
  },
});

/** POST /api/admin/privacy/deletions/{id}/cancel — calls a pending deletion off (409 when not pending). */
export const cancelDeletionRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/privacy/deletions/:id/cancel',
  params: PrivacyActionParamsSchema,
  response: PrivacyActionResponseSchema,
  handler: async ({ ctx, em, actor, params }) => {
    await cancelAccountDeletionByAdmin(em, actor.adminId, params.id, contextOf(ctx));
    return { success: true as const, message: PRIVACY_ADMIN_MESSAGES.cancelled };
  },
});

/**
 * POST /api/admin/privacy/deletions/run-due — carries out now the deletions whose 7 days ended, as
 * the workers' hourly job does (idempotent; counts in the audit trail as the job's).
 */
export const runDueDeletionsRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/privacy/deletions/run-due',
  response: PrivacyActionResponseSchema,
  handler: async ({ em }) => {
    const report = await carryOutDueAccountDeletions(em);
    return {
      success: true as const,
      message: PRIVACY_ADMIN_MESSAGES.ranDue(report.deleted + report.anonymized, report.failed),
    };
  },
});

export const privacyRoutes = [
  listPrivacyCasesRoute,
  findPrivacyPeopleRoute,
  requestDeletionOnBehalfRoute,
  requestExportOnBehalfRoute,
  cancelDeletionRoute,
  runDueDeletionsRoute,
];
