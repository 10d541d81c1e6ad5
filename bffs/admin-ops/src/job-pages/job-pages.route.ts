import { callerDataVersion, notFound, route } from '@turno/bff-kit';
import {
  AdminIdParamsSchema,
  AdminJobSchema,
  AdminJobApplicationsPageSchema,
  AdminJobApplicationsQuerySchema,
  AdminJobDeletedSchema,
  AdminJobUpdateRequestSchema,
  AdminJobUpdateResponseSchema,
  AcceptApplicationResponseSchema,
  RejectApplicationResponseSchema,
} from '@turno/contracts';
import { readAdminJob, acceptApplication, deleteJob, editJob, rejectApplication } from '@turno/core';
import { listJobApplicationsPage } from './job-pages.queries';
import { MESSAGES, toReais } from '@turno/domain';

/** GET /api/admin/jobs/{id} — one job for the edit and applications pages ("Vaga não encontrada"). */
export const readAdminJobRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/jobs/:id',
  params: AdminIdParamsSchema,
  response: AdminJobSchema,
  dataVersion: callerDataVersion,
  handler: async ({ em, params }) => {
    const job = await readAdminJob(em, params.id);
    if (!job) throw notFound(MESSAGES.jobs.notFound);
    return job;
  },
});

/**
 * PUT /api/admin/jobs/{id} — inline edit and the edit page (spec 02 §5 "Job edit"): a new workload
 * or start recomputes end and price on the server; absent fields stay.
 */
export const updateAdminJobRoute = route({
  method: 'put',
  access: 'admin',
  path: '/api/admin/jobs/:id',
  params: AdminIdParamsSchema,
  body: AdminJobUpdateRequestSchema,
  response: AdminJobUpdateResponseSchema,
  handler: async ({ em, actor, params, body }) => {
    const edited = await editJob(em, actor, {
      jobId: params.id,
      restaurantId: body.restaurantId,
      positionType: body.positionType,
      dateNeeded: body.dateNeeded,
      workload: body.workload,
      startTime: body.startTime,
      mealTime: body.mealTime,
      recommendedAttire: body.recommendedAttire,
      description: body.description,
    });
    return {
      jobId: edited.jobId,
      endTime: edited.endTime,
      hourlyRate: toReais(edited.chargeCents),
      mealTime: edited.mealTime,
    };
  },
});

/** DELETE /api/admin/jobs/{id} — any job whose work is not on an invoice ("Esta ação não pode ser desfeita"). */
export const deleteAdminJobRoute = route({
  method: 'delete',
  access: 'admin',
  path: '/api/admin/jobs/:id',
  params: AdminIdParamsSchema,
  response: AdminJobDeletedSchema,
  handler: ({ em, actor, params }) => deleteJob(em, actor, params.id),
});

/** GET /api/admin/jobs/{id}/applications — the applications modal and page, oldest first. */
export const listJobApplicationsRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/jobs/:id/applications',
  params: AdminIdParamsSchema,
  query: AdminJobApplicationsQuerySchema,
  response: AdminJobApplicationsPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, params, query }) => listJobApplicationsPage(em, params.id, query),
});

/** POST /api/admin/applications/{id}/accept — the others are rejected, the freelancer allocated. */
export const acceptApplicationRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/applications/:id/accept',
  params: AdminIdParamsSchema,
  response: AcceptApplicationResponseSchema,
  handler: ({ em, actor, params }) => acceptApplication(em, actor, params.id),
});

/** POST /api/admin/applications/{id}/reject */
export const rejectApplicationRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/applications/:id/reject',
  params: AdminIdParamsSchema,
  response: RejectApplicationResponseSchema,
  handler: ({ em, actor, params }) => rejectApplication(em, actor, params.id),
});
