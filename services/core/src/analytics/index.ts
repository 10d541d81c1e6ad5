/** Analytics: restaurant spending, admin daily metrics and the detailed report. */
export * from './analytics.service';
export * from './daily-metrics.queries';
export * from './detailed-report.queries';
export * from './restaurant-dashboard.queries';
