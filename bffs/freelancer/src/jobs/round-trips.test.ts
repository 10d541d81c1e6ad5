import { itKeepsListsWithinRoundTrips } from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the vacancies wait on PostgreSQL twice (the freelancer with
 * the data version, then the page with its total — issue 26: the origin and the distance filter in
 * that same statement), a poll answered 304 once; Redis for the session only.
 */
itKeepsListsWithinRoundTrips(createFreelancerBff, 'freelancer', [
  '/api/jobs',
  '/api/jobs?q=caixa',
  '/api/jobs?distance_km=5',
]);
