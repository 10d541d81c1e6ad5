import { callerDataVersion, notFound, route } from '@turno/bff-kit';
import {
  AdminIdParamsSchema,
  RestaurantJobsPageSchema,
  RestaurantJobsQuerySchema,
  RestaurantSpendingAnalyticsSchema,
  RestaurantSpendingQuerySchema,
} from '@turno/contracts';
import { listRestaurantJobsPage, storeScopeOf, wholeBusiness } from '@turno/core';
import { readAdminRestaurantDashboard, restaurantExists } from './restaurant-control.queries';
import { MESSAGES } from '@turno/domain';

/**
 * GET /api/admin/restaurants/{id}/spending-analytics — Controle Mercado's dashboard: the business's
 * own spending figures (the same read model and panels as its dashboard); `storeId` one of its stores'
 * (issue 28: another business's store reads nothing).
 */
export const restaurantSpendingRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/restaurants/:id/spending-analytics',
  params: AdminIdParamsSchema,
  query: RestaurantSpendingQuerySchema,
  response: RestaurantSpendingAnalyticsSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, params, query }) => readAdminRestaurantDashboard(em, params.id, new Date(), query.storeId),
});

/**
 * GET /api/admin/restaurants/{id}/jobs — Controle Mercado's agenda (spec 02 "Restaurant control
 * tab"): one page of the business's own agenda, the read model of its panel's agenda (period this
 * week by default, today, this month or one date; status; search over title and position; with
 * status "all", completed jobs dated before this week left out) with its counts by status; `storeId`
 * narrows it to one of its stores (issue 28; another business's store is 404). An unknown business is 404 "Mercado não encontrado".
 */
export const restaurantAgendaRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/restaurants/:id/jobs',
  params: AdminIdParamsSchema,
  query: RestaurantJobsQuerySchema,
  response: RestaurantJobsPageSchema,
  dataVersion: callerDataVersion,
  handler: async ({ em, params, query, dataVersion }) => {
    const scope = await storeScopeOf(em, wholeBusiness(params.id), query.storeId);
    const page = await listRestaurantJobsPage(em, scope, query, {
      now: new Date(),
      dataVersion,
    });
    // A job counted is the restaurant's: it exists. Only a period without any asks (primary key),
    // once per data version.
    const counted = Object.values(page.counts).some((count) => count > 0);
    if (!counted && !(await restaurantExists(em, params.id, dataVersion)))
      throw notFound(MESSAGES.restaurants.notFound);
    return page;
  },
});
