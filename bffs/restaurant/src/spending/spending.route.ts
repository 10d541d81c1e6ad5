import { callerDataVersion, route } from '@turno/bff-kit';
import { RestaurantSpendingAnalyticsSchema, RestaurantSpendingQuerySchema } from '@turno/contracts';
import { readRestaurantDashboard } from '@turno/core';

/**
 * GET /api/restaurant/spending-analytics — the Dashboard's figures: this week in real time, the next
 * invoice, this month against the previous one, the week's daily breakdown and the vacancy summary.
 * `storeId` narrows the figures to one store (issue 28; `byStore` stays the whole business's split).
 * `304` while nothing of this business changed (and on the same Sao Paulo day).
 */
export const spendingAnalytics = route({
  method: 'get',
  path: '/api/restaurant/spending-analytics',
  access: 'restaurant',
  memberAction: 'manageBilling',
  query: RestaurantSpendingQuerySchema,
  response: RestaurantSpendingAnalyticsSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor, query }) => readRestaurantDashboard(em, actor, new Date(), query.storeId),
});
