import { itKeepsListsWithinRoundTrips } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the command centre's jobs, the Mercados and the Freelancers lists wait on
 * PostgreSQL twice (the admin with the data version, then the page with its counts), a poll
 * answered 304 once; Redis for the session only.
 */
// Each filter a first time (counts are kept per search and dates, whatever the status).
itKeepsListsWithinRoundTrips(createAdminOpsBff, 'admin', [
  '/api/admin/jobs',
  '/api/admin/jobs?date=next7&status=open',
  '/api/admin/jobs?q=caixa',
  '/api/admin/restaurants',
  '/api/admin/restaurants?status=pending&q=bom',
  '/api/admin/freelancers',
  '/api/admin/freelancers?status=approved&q=ana',
]);
