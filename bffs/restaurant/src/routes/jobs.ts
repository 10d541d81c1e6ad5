import { callerDataVersion, route } from '@turno/bff-kit';
import { RestaurantJobsPageSchema, RestaurantJobsQuerySchema } from '@turno/contracts';
import { listRestaurantJobsPage } from '@turno/core';

/**
 * GET /api/jobs — the signed-in restaurant's agenda (spec 01 §7, polled every 15 s): one page of
 * its vacancies in a period (this week by default), a status and a search; `304` while nothing of
 * this restaurant changed.
 */
export const listJobs = route({
  method: 'get',
  path: '/api/jobs',
  access: 'restaurant',
  query: RestaurantJobsQuerySchema,
  response: RestaurantJobsPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor, query, dataVersion }) =>
    listRestaurantJobsPage(em, actor.restaurantId, query, { now: new Date(), dataVersion }),
});
