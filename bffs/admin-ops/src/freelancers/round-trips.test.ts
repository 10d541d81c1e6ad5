import { itKeepsListsWithinRoundTrips } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the Freelancers and the freelancer options wait on PostgreSQL twice (the admin with the data
 * version, then the page with its counts in one statement), a poll answered 304 once; Redis for the
 * session only.
 */
// Each filter a first time (its counts are read with its first page).
itKeepsListsWithinRoundTrips(createAdminOpsBff, 'admin', [
  '/api/admin/freelancers?q=souza',
  '/api/admin/freelancer-options',
  '/api/admin/freelancer-options?eligible=assignable&q=ana',
  '/api/admin/freelancer-options?eligible=assignable&job_id=1',
]);
