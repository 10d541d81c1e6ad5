import { callerDataVersion, route } from '@turno/bff-kit';
import {
  CreateJobsResponseSchema,
  DeleteJobResponseSchema,
  RestaurantAgendaPageSchema,
  RestaurantCreateJobsRequestSchema,
  RestaurantJobsQuerySchema,
  RestaurantPathIdSchema,
} from '@turno/contracts';
import {
  businessScopeOf,
  createJobsWithInvitations,
  deleteJob,
  listRestaurantJobsPage,
  storeScopeOf,
} from '@turno/core';

/**
 * GET /api/jobs — the signed-in restaurant's agenda (spec 01 §7, polled every 15 s): one page of
 * its jobs in a period (this week by default), a status and a search; `304` while nothing of
 * this restaurant changed; `storeId` narrows it to one of the caller's stores (issue 28). Each row says whether the business may still rate it (`can_rate`: one
 * more column of the page's statement).
 */
export const listJobs = route({
  method: 'get',
  path: '/api/jobs',
  access: 'restaurant',
  memberAction: 'viewShifts',
  query: RestaurantJobsQuerySchema,
  response: RestaurantAgendaPageSchema,
  dataVersion: callerDataVersion,
  handler: async ({ em, actor, query, dataVersion }) => {
    // One statement: the page, its counts (unless kept for this version) and what may be rated.
    const scope = await storeScopeOf(em, businessScopeOf(actor), query.storeId);
    const { ratable, ...page } = await listRestaurantJobsPage(em, scope, query, {
      now: new Date(),
      dataVersion,
      ratable: true,
    });
    return {
      ...page,
      items: page.items.map((job) => ({
        ...job,
        can_rate: job.assignment_id !== null && ratable.has(job.assignment_id),
      })),
    };
  },
});

/**
 * POST /api/jobs — the business's vacancy form (spec 01 §5): quantity × dates jobs through the
 * jobs domain service, which checks approval (403 "Seu cadastro ainda não foi aprovado…"), position,
 * 6 h / 8h20 / 10 h, start, dates (today + 6 days), quantity 1–5 and meal break, and computes end
 * time and price itself. Answers `jobsCreated`. With `inviteFreelancerIds` and `exclusiveHours`
 * (issue 26 "Chamar de novo"), the same vacancies with those invitees, who completed a shift with the
 * business (403 otherwise) and are under the monthly cap (409): only they may apply until the window
 * ends. Answers `invitedFreelancers` too.
 */
export const createJobsRoute = route({
  method: 'post',
  path: '/api/jobs',
  access: 'restaurant',
  memberAction: 'manageVacancies',
  rateLimit: 'createVacancies',
  body: RestaurantCreateJobsRequestSchema,
  response: CreateJobsResponseSchema,
  status: 201,
  handler: ({ em, actor, body }) => createJobsWithInvitations(em, actor, body),
});

/**
 * DELETE /api/jobs/:id — an open job of the business, with its applications (409 for an
 * allocated or completed one, 404 for another business's or an already deleted one).
 */
export const deleteJobRoute = route({
  method: 'delete',
  path: '/api/jobs/:id',
  access: 'restaurant',
  memberAction: 'manageVacancies',
  params: RestaurantPathIdSchema,
  response: DeleteJobResponseSchema,
  handler: ({ em, actor, params }) => deleteJob(em, actor, params.id),
});
