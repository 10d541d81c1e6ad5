import { callerDataVersion, route } from '@turno/bff-kit';
import {
  ApplyRequestSchema,
  ApplyResponseSchema,
  FreelancerApplicationsPageSchema,
  FreelancerApplicationsQuerySchema,
  FreelancerAreaIdParamsSchema,
} from '@turno/contracts';
import { applyToJob } from '@turno/core';
import { listFreelancerApplicationsPage } from './applications.queries';
import { MESSAGES } from '@turno/domain';

/**
 * POST /api/jobs/:id/apply — the freelancer applies to an open vacancy with an optional message
 * (spec 01 §7), through the applications service: refused without photo, approval or availability
 * (403, the reason in pt-BR), when the vacancy is gone or already applied to (409), and on a time
 * clash with a held shift (409 "CONFLITO DE HORÁRIO: …").
 */
export const applyToJobRoute = route({
  method: 'post',
  path: '/api/jobs/:id/apply',
  access: 'freelancer',
  rateLimit: 'apply',
  params: FreelancerAreaIdParamsSchema,
  body: ApplyRequestSchema,
  response: ApplyResponseSchema,
  status: 201,
  handler: async ({ em, actor, params, body }) => {
    const applied = await applyToJob(em, actor, { jobId: params.id, message: body.message });
    return {
      success: true as const,
      message: MESSAGES.applications.applied,
      application: {
        id: applied.applicationId,
        job_id: applied.jobId,
        status: applied.status,
        applied_at: applied.appliedAt.toISOString(),
        expires_at: applied.expiresAt.toISOString(),
      },
    };
  },
});

/**
 * GET /api/freelancers/applications — one page of the freelancer's applications, newest first
 * (spec 01 §7 "Candidaturas"), expired ones hidden, counts per status; `304` while unchanged.
 */
export const listApplications = route({
  method: 'get',
  path: '/api/freelancers/applications',
  access: 'freelancer',
  query: FreelancerApplicationsQuerySchema,
  response: FreelancerApplicationsPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor, query, dataVersion }) =>
    listFreelancerApplicationsPage(em, actor.freelancerId, query, { now: new Date(), dataVersion }),
});
