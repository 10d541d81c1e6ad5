import { callerDataVersion, route } from '@turno/bff-kit';
import { RestaurantProfileSchema } from '@turno/contracts';
import { readRestaurantProfile } from '@turno/core';

/**
 * GET /api/restaurant/profile — the signed-in business's profile (spec 01 §7). The panel reads
 * `is_approved` from it before offering the vacancy form; `304` while nothing of this business changed.
 */
export const getProfile = route({
  method: 'get',
  path: '/api/restaurant/profile',
  access: 'restaurant',
  response: RestaurantProfileSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor }) => readRestaurantProfile(em, actor.restaurantId),
});
