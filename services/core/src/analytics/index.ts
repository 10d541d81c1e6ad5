/** Analytics: restaurant spending, admin daily metrics and the detailed report. */
export * from './analytics.service';
export * from './restaurant-dashboard.queries';
