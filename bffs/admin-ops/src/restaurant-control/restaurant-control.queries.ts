import { type EntityManager, notFound, readRestaurantDashboard } from '@turno/core';
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
): Promise<RestaurantSpendingAnalytics> {
  const [row] = await em
    .getConnection()
    .execute<{ user_id: number }[]>('select user_id from restaurants where id = ?', [restaurantId]);
  if (!row) throw notFound('analytics.restaurant_not_found', MESSAGES.restaurants.notFound);
  return readRestaurantDashboard(em, { role: 'restaurant', restaurantId, userId: row.user_id }, now);
}
