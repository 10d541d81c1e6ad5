import { itKeepsListsWithinRoundTrips } from '@turno/bff-kit/testing';
import { createAdminBillingBff } from '../app';

/**
 * Round trips (issue 24's budget): "Repasses" waits on PostgreSQL twice (the admin with the data
 * version, then the page, its count and sum and its totals per day in one statement), a poll
 * answered 304 once; Redis for the session only.
 */
itKeepsListsWithinRoundTrips(createAdminBillingBff, 'admin', [
  '/api/admin/payouts',
  '/api/admin/payouts?status=failed&from=2026-11-01&to=2026-11-27',
  '/api/admin/payouts?q=ana&limit=1',
]);
