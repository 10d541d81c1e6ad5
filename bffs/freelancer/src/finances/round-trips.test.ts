import { itKeepsListsWithinRoundTrips } from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the payment history (Finanças) wait on PostgreSQL twice (the freelancer with the
 * data version, then the page with its counts in one statement), a poll answered 304 once; Redis
 * for the session only.
 */
// The first read at this data version: its counts are read with the page.
itKeepsListsWithinRoundTrips(createFreelancerBff, 'freelancer', [
  '/api/freelancers/payment-history',
  '/api/freelancers/payment-history?limit=1',
]);
