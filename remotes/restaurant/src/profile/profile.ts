import { FIRST_SCREEN_READS } from '@turno/contracts';
import { RESTAURANT_PROFILE } from '../shared/answers';
import { useLiveResource, type LiveResourceOptions } from '../shared/useLiveResource';

export const PROFILE_URL = FIRST_SCREEN_READS.restaurant.profile;

/** The business's profile, refreshed when an admin approves or edits it. */
export function useRestaurantProfile(options: Pick<LiveResourceOptions, 'fetchImpl'> = {}) {
  return useLiveResource(PROFILE_URL, RESTAURANT_PROFILE, { ...options, types: ['restaurant_updated'] });
}
