import { itKeepsListsWithinRoundTrips } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the Mercados and the restaurant options wait on PostgreSQL twice (the admin with the data
 * version, then the page with its counts in one statement), a poll answered 304 once; Redis for the
 * session only.
 */
// Each filter a first time (its counts are read with its first page).
itKeepsListsWithinRoundTrips(createAdminOpsBff, 'admin', [
  '/api/admin/restaurants?status=approved',
  '/api/admin/restaurant-options',
  '/api/admin/restaurant-options?eligible=approved&q=bom',
]);
