import {
  AdminRestaurantsQuerySchema,
  type AdminRestaurantsQuery,
  type RestaurantListStatusFilter,
} from '@turno/contracts';
import { type AccountState } from '@turno/domain';
import { type Tone } from '@turno/ui';

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

export const RESTAURANT_STATUS_OPTIONS: readonly { value: RestaurantListStatusFilter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'pending', label: 'Pendentes' },
  { value: 'approved', label: 'Aprovados' },
  { value: 'rejected', label: 'Rejeitados' },
];

/** What the server does without a filter: such a filter stays out of the URL. */
export const RESTAURANTS_QUERY_DEFAULTS = AdminRestaurantsQuerySchema.parse({});

export function restaurantsQuery(
  filters: RestaurantsFilters,
): Omit<AdminRestaurantsQuery, 'cursor' | 'limit'> {
  return { q: filters.q, status: filters.status };
}
