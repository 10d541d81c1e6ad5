import { z } from 'zod';
import { route } from '@turno/bff-kit';
import { AdminRestaurantListSchema } from '@turno/contracts';
import { listRestaurantsForAdmin } from '@turno/core';

/** GET /api/admin/restaurants — every restaurant, for the "Mercados" tab (spec 02 §7). */
export const listRestaurants = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/restaurants',
  query: z.object({}).passthrough(),
  response: AdminRestaurantListSchema,
  handler: ({ em }) => listRestaurantsForAdmin(em),
});
