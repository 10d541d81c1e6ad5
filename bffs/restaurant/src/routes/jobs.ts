import { callerDataVersion, route } from '@turno/bff-kit';
import { RestaurantAgendaPageSchema, RestaurantJobsQuerySchema } from '@turno/contracts';
import { listRestaurantJobsPage, restaurantRatableAssignments } from '@turno/core';

/**
 * GET /api/jobs — the signed-in restaurant's agenda (spec 01 §7, polled every 15 s): one page of
 * its vacancies in a period (this week by default), a status and a search; `304` while nothing of
 * this restaurant changed. Each row says whether the business may still rate it (`can_rate`: one
 * more statement for the page's completed shifts).
 */
export const listJobs = route({
  method: 'get',
  path: '/api/jobs',
  access: 'restaurant',
  query: RestaurantJobsQuerySchema,
  response: RestaurantAgendaPageSchema,
  dataVersion: callerDataVersion,
  handler: async ({ em, actor, query, dataVersion }) => {
    const now = new Date();
    const page = await listRestaurantJobsPage(em, actor.restaurantId, query, { now, dataVersion });
    const completed = page.items.flatMap((job) =>
      job.status === 'completed' && job.assignment_id !== null ? [job.assignment_id] : [],
    );
    const ratable = await restaurantRatableAssignments(em, actor.restaurantId, completed, now);
    return {
      ...page,
      items: page.items.map((job) => ({
        ...job,
        can_rate: job.assignment_id !== null && ratable.has(job.assignment_id),
      })),
    };
  },
});
