import { itKeepsListsWithinRoundTrips } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the pending check-in/out requests wait on PostgreSQL twice (the business with the data
 * version, then the requests with their counts in one statement), a poll answered 304 once; Redis for the session only.
 */
// The first read at this data version: its counts are read with the page.
itKeepsListsWithinRoundTrips(createRestaurantBff, 'restaurant', [
  '/api/restaurant/assignments/pending-requests',
]);
