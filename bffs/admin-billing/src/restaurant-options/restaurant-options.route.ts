import { callerDataVersion, route } from '@turno/bff-kit';
import { AdminRestaurantsPageSchema, AdminRestaurantsQuerySchema } from '@turno/contracts';
import { listAdminRestaurantsPage } from '@turno/core';

/**
 * GET /api/admin/invoice-restaurants — the businesses the custom invoice modal offers (search,
 * status, one page): the same read as the "Mercados" list, on this BFF so the remote calls its own.
 */
export const invoiceRestaurants = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/invoice-restaurants',
  query: AdminRestaurantsQuerySchema,
  response: AdminRestaurantsPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, query, dataVersion }) => listAdminRestaurantsPage(em, query, { dataVersion }),
});
