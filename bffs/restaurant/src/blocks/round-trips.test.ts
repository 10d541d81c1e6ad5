import { itKeepsListsWithinRoundTrips } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the blocked freelancers and the freelancers to pick wait on PostgreSQL twice (the business with the data
 * version, then the list with its total in one statement), a poll answered 304 once; Redis for the session only.
 */
// The first read at this data version: its counts are read with the page.
itKeepsListsWithinRoundTrips(createRestaurantBff, 'restaurant', [
  '/api/restaurant/blocked-freelancers',
  '/api/freelancers',
  '/api/freelancers?q=ana',
]);
