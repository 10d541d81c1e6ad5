import { callerDataVersion, route } from '@turno/bff-kit';
import { AdminIdParamsSchema, RestaurantSpendingAnalyticsSchema } from '@turno/contracts';
import { readAdminRestaurantDashboard } from '@turno/core';

/**
 * GET /api/admin/restaurants/{id}/spending-analytics — Controle Mercado's dashboard: the business's
 * own spending figures (the same read model and panels as its dashboard).
 */
export const restaurantSpendingRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/restaurants/:id/spending-analytics',
  params: AdminIdParamsSchema,
  response: RestaurantSpendingAnalyticsSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, params }) => readAdminRestaurantDashboard(em, params.id),
});
