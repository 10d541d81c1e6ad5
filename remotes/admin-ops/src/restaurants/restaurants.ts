import {
  AdminRestaurantsQuerySchema,
  type AdminRestaurantsQuery,
  type RestaurantListStatusFilter,
} from '@turno/contracts';
import { RESTAURANT_LIST_FILTER_LABELS, type AccountState } from '@turno/domain';
import { optionsOf, type Tone } from '@turno/ui';

export const RESTAURANTS_URL = '/bff/admin-ops/api/admin/restaurants';

export const ACCOUNT_STATE_TONES: Record<AccountState, Tone> = {
  approved: 'success',
  pending: 'warning',
  rejected: 'danger',
};

export interface RestaurantsFilters {
  q: string;
  status: RestaurantListStatusFilter;
}

export const RESTAURANTS_DEFAULT_FILTERS: RestaurantsFilters = { q: '', status: 'all' };

export const RESTAURANT_STATUS_OPTIONS = optionsOf(RESTAURANT_LIST_FILTER_LABELS);

/** What the server does without a filter: such a filter stays out of the URL. */
export const RESTAURANTS_QUERY_DEFAULTS = AdminRestaurantsQuerySchema.parse({});

export function restaurantsQuery(
  filters: RestaurantsFilters,
): Omit<AdminRestaurantsQuery, 'cursor' | 'limit'> {
  return { q: filters.q, status: filters.status };
}
