import { itKeepsListsWithinRoundTrips } from '@turno/bff-kit/testing';
import { createAdminBillingBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the detailed report ("Relatório detalhado") wait on PostgreSQL twice (the admin with the data
 * version, then the page with the period's totals and price check in one statement), a poll answered 304 once; Redis for the session only.
 */
itKeepsListsWithinRoundTrips(createAdminBillingBff, 'admin', [
  '/api/admin/daily-detailed-report',
  '/api/admin/daily-detailed-report?startDate=2026-01-01&endDate=2026-01-31',
]);
