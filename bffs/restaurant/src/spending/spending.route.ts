import { callerDataVersion, route } from '@turno/bff-kit';
import { RestaurantSpendingAnalyticsSchema } from '@turno/contracts';
import { readRestaurantDashboard } from '@turno/core';

/**
 * GET /api/restaurant/spending-analytics — the Dashboard's figures: this week in real time, the next
 * invoice, this month against the previous one, the week's daily breakdown and the vacancy summary.
 * `304` while nothing of this business changed (and on the same Sao Paulo day).
 */
export const spendingAnalytics = route({
  method: 'get',
  path: '/api/restaurant/spending-analytics',
  access: 'restaurant',
  memberAction: 'manageBilling',
  response: RestaurantSpendingAnalyticsSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor }) => readRestaurantDashboard(em, actor),
});
