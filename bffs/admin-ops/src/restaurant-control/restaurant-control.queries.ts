import { type EntityManager, notFound, readRestaurantDashboard, OWNER_MEMBERSHIP } from '@turno/core';
import type { RestaurantSpendingAnalytics } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';

/**
 * The spending dashboard of one business as the admin sees it (Controle Mercado → Dashboard): the
 * same figures the business reads on its own dashboard, one read model for both; 404 "Restaurante
 * não encontrado" for a missing business.
 */
export async function readAdminRestaurantDashboard(
  em: EntityManager,
  restaurantId: number,
  now: Date = new Date(),
  storeId?: number,
): Promise<RestaurantSpendingAnalytics> {
  const [row] = await em
    .getConnection()
    .execute<{ user_id: number }[]>('select user_id from restaurants where id = ?', [restaurantId]);
  if (!row) throw notFound('analytics.restaurant_not_found', MESSAGES.restaurants.notFound);
  return readRestaurantDashboard(
    em,
    { role: 'restaurant', restaurantId, userId: row.user_id, member: OWNER_MEMBERSHIP },
    now,
    storeId,
  );
}

/**
 * Businesses found at a data version. The admin's data version moves with every domain event, a
 * business's deletion included, so an empty agenda polled again at the same version is answered
 * without asking again (two statements, not three: issue 24's round trips). Bounded.
 */
const foundAtVersion = new Map<number, number>();
const FOUND_KEPT = 5_000;

/**
 * Whether the business exists (its primary key): one raw statement, no EntityManager fork; none when
 * it was found at this same `dataVersion`.
 */
export async function restaurantExists(
  em: EntityManager,
  restaurantId: number,
  dataVersion?: number,
): Promise<boolean> {
  if (dataVersion !== undefined && foundAtVersion.get(restaurantId) === dataVersion) return true;
  const rows = await em
    .getConnection()
    .execute<unknown[]>('select 1 from restaurants where id = ?', [restaurantId]);
  if (rows.length > 0 && dataVersion !== undefined) {
    if (foundAtVersion.size >= FOUND_KEPT) foundAtVersion.clear();
    foundAtVersion.set(restaurantId, dataVersion);
  }
  return rows.length > 0;
}
