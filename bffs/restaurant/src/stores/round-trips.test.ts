import { itKeepsListsWithinRoundTrips } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * Round trips (issue 24): the stores list waits on PostgreSQL twice (the caller with the data
 * version, then the stores with their open vacancies in one statement), a poll answered 304 once.
 */
itKeepsListsWithinRoundTrips(createRestaurantBff, 'restaurant', ['/api/restaurant/stores']);
