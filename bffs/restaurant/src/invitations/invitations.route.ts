import { route } from '@turno/bff-kit';
import {
  PastWorkersListSchema,
  PastWorkersQuerySchema,
  RepeatableVacancySchema,
  RestaurantPathIdSchema,
} from '@turno/contracts';
import { businessScopeOf, listPastWorkers, readRepeatableVacancy } from '@turno/core';

/**
 * GET /api/jobs/:id/repeat — "Repetir vaga" (issue 26): the vacancy form's values from one of the
 * business's vacancies, past or not (position, workload, start, quantity, meal break, attire,
 * description; the day proposed is today or later). Another business's vacancy: 404.
 */
export const repeatVacancyRoute = route({
  method: 'get',
  path: '/api/jobs/:id/repeat',
  access: 'restaurant',
  memberAction: 'manageVacancies',
  params: RestaurantPathIdSchema,
  response: RepeatableVacancySchema,
  handler: ({ em, actor, params }) =>
    readRepeatableVacancy(em, businessScopeOf(actor), params.id, new Date()),
});

/**
 * GET /api/past-workers?q=&date=&limit= — "Chamar de novo" (issue 26): the freelancers who completed
 * a shift with the business and may be invited for that day (under the monthly cap in its month, not
 * blocked), the most recent shift first, at most 50, searched by name on the server.
 */
export const pastWorkersRoute = route({
  method: 'get',
  path: '/api/past-workers',
  access: 'restaurant',
  memberAction: 'manageVacancies',
  query: PastWorkersQuerySchema,
  response: PastWorkersListSchema,
  handler: async ({ em, actor, query }) => ({
    items: await listPastWorkers(em, actor.restaurantId, query, new Date()),
  }),
});
