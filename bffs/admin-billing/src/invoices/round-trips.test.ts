import { itKeepsListsWithinRoundTrips } from '@turno/bff-kit/testing';
import { createAdminBillingBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the invoices list waits on PostgreSQL twice (the admin with
 * the data version, then the page with its stat cards), a poll answered 304 once; Redis for the
 * session only.
 */
// Each filter a first time (the stat cards are kept per search, whatever the status).
itKeepsListsWithinRoundTrips(createAdminBillingBff, 'admin', [
  '/api/admin/invoices',
  '/api/admin/invoices?status=pending&q=mercado',
  '/api/admin/invoices?q=bom',
]);
