import { callerDataVersion, route } from '@turno/bff-kit';
import {
  DailyMetricsQuerySchema,
  DailyMetricsSchema,
  DetailedReportPageSchema,
  DetailedReportQuerySchema,
} from '@turno/contracts';
import { getDailyMetricsWithDays } from './metrics.queries';
import { getDetailedReportPage } from './detailed-report.queries';

/**
 * GET /api/admin/daily-metrics?filter=today|week — "Central de Métricas Admin": completed,
 * projected (scheduled work) and total revenue, freelancer payments and commission, job counts,
 * and one point per day for the chart.
 */
export const dailyMetrics = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/daily-metrics',
  query: DailyMetricsQuerySchema,
  response: DailyMetricsSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor, query }) => getDailyMetricsWithDays(em, actor, { filter: query.filter }),
});

/**
 * GET /api/admin/daily-detailed-report?date= or ?startDate=&endDate= — "Relatório detalhado": one
 * page of jobs with their payments, the period's totals and the discrepancy check.
 */
export const detailedReport = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/daily-detailed-report',
  query: DetailedReportQuerySchema,
  response: DetailedReportPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, query }) => getDetailedReportPage(em, query),
});
