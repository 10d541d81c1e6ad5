import { callerDataVersion, route } from '@turno/bff-kit';
import { FreelancerJobsPageSchema, FreelancerJobsQuerySchema } from '@turno/contracts';
import { listOpenJobsPage } from '@turno/core';

/**
 * GET /api/jobs — one page of the open vacancies the signed-in freelancer may apply to (spec 01 §7),
 * from today on, hiding the restaurants that blocked them; `304` while nothing they see changed.
 */
export const listOpenJobs = route({
  method: 'get',
  path: '/api/jobs',
  access: 'freelancer',
  query: FreelancerJobsQuerySchema,
  response: FreelancerJobsPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor, query, dataVersion }) =>
    listOpenJobsPage(em, actor.freelancerId, query, { now: new Date(), dataVersion }),
});
