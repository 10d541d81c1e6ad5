import { callerDataVersion, route } from '@turno/bff-kit';
import { AdminRestaurantsPageSchema, AdminRestaurantsQuerySchema } from '@turno/contracts';
import { listAdminRestaurantsPage } from '@turno/core';

/** GET /api/admin/restaurants — one page of the "Mercados" tab (spec 02 §7), with its stat cards. */
export const listRestaurants = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/restaurants',
  query: AdminRestaurantsQuerySchema,
  response: AdminRestaurantsPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, query, dataVersion }) => listAdminRestaurantsPage(em, query, { dataVersion }),
});
