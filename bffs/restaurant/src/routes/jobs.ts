import { z } from 'zod';
import { route } from '@turno/bff-kit';
import { JobListSchema } from '@turno/contracts';
import { findDemoRestaurantId, listRestaurantJobs } from '@turno/core';

/** GET /api/jobs — the restaurant's vacancies (spec 01 §7), polled every 15 s by the panel. */
export const listJobs = route({
  method: 'get',
  path: '/api/jobs',
  query: z.object({}).passthrough(),
  response: JobListSchema,
  handler: async ({ em }) => {
    // Until sign-in lands (identity issue), the panel shows the demo restaurant.
    const restaurantId = await findDemoRestaurantId(em);
    return restaurantId === null ? [] : listRestaurantJobs(em, restaurantId);
  },
});
