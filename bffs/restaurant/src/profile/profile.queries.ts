import { UTC_ISO, notFound, type EntityManager } from '@turno/core';
import type { RestaurantProfile } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';

/**
 * GET /api/restaurant/profile: the signed-in business's own profile (spec 01 §3 "Restaurant
 * profile"), read in one statement. 404 "Mercado não encontrado" when the row is gone (an admin
 * deleted it while the session lived).
 */
export async function readRestaurantProfile(
  em: EntityManager,
  restaurantId: number,
): Promise<RestaurantProfile> {
  const [row] = await em.getConnection().execute<RestaurantProfile[]>(
    `select id, name, business_name, phone, address, address_number, cuisine_type, contact_person,
       cnpj, legal_name, is_approved, is_active, ${UTC_ISO('created_at')} as created_at, ${UTC_ISO('approved_at')} as approved_at
     from restaurants where id = ?`,
    [restaurantId],
  );
  if (!row) throw notFound('restaurant_not_found', MESSAGES.restaurants.notFound);
  return row;
}
