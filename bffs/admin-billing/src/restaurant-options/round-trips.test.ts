import { itKeepsListsWithinRoundTrips } from '@turno/bff-kit/testing';
import { createAdminBillingBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the restaurants to bill (the invoice dialogs' options) wait on PostgreSQL twice (the admin with the data
 * version, then the page with its counts in one statement), a poll answered 304 once; Redis for the session only.
 */
itKeepsListsWithinRoundTrips(createAdminBillingBff, 'admin', [
  '/api/admin/invoice-restaurants',
  '/api/admin/invoice-restaurants?q=bom',
]);
