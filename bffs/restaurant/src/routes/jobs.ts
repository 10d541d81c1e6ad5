import { z } from 'zod';
import { route } from '@turno/bff-kit';
import { JobListSchema } from '@turno/contracts';
import { listRestaurantJobs } from '@turno/core';

/** GET /api/jobs — the signed-in restaurant's own vacancies (spec 01 §7), polled every 15 s by the panel. */
export const listJobs = route({
  method: 'get',
  path: '/api/jobs',
  access: 'restaurant',
  query: z.object({}).passthrough(),
  response: JobListSchema,
  handler: ({ em, actor }) => listRestaurantJobs(em, actor.restaurantId),
});
