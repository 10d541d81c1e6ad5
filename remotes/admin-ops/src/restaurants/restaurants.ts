import { type AdminRestaurant } from '@turno/contracts';
import { restaurantAccountState, type AccountState } from '@turno/domain';
import { type Tone } from '@turno/ui';

export const RESTAURANTS_URL = '/bff/admin-ops/api/admin/restaurants';

export const ACCOUNT_STATE_TONES: Record<AccountState, Tone> = {
  approved: 'success',
  pending: 'warning',
  rejected: 'danger',
};

export type AccountStateCounts = Record<AccountState | 'total', number>;

export function countByState(restaurants: readonly AdminRestaurant[]): AccountStateCounts {
  const counts: AccountStateCounts = { total: restaurants.length, approved: 0, pending: 0, rejected: 0 };
  for (const r of restaurants) counts[restaurantAccountState(r)] += 1;
  return counts;
}

/** Pending first (they need the admin), then by business name. */
export function sortForReview(restaurants: readonly AdminRestaurant[]): AdminRestaurant[] {
  const rank: Record<AccountState, number> = { pending: 0, approved: 1, rejected: 2 };
  return [...restaurants].sort(
    (a, b) =>
      rank[restaurantAccountState(a)] - rank[restaurantAccountState(b)] ||
      a.business_name.localeCompare(b.business_name, 'pt-BR'),
  );
}
