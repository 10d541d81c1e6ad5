import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminRestaurant } from '@turno/contracts';
import { Restaurant } from '../entities';
import { isoInstant } from '../shared/wire';

/** Every restaurant in every account state, newest registration first (admin "Mercados" tab). */
export async function listRestaurantsForAdmin(em: EntityManager): Promise<AdminRestaurant[]> {
  const restaurants = await em.find(Restaurant, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return restaurants.map((restaurant) => ({
    id: restaurant.id,
    user_id: restaurant.user.id,
    name: restaurant.name,
    business_name: restaurant.businessName,
    phone: restaurant.phone ?? null,
    address: restaurant.address ?? null,
    address_number: restaurant.addressNumber ?? null,
    cuisine_type: restaurant.cuisineType ?? null,
    contact_person: restaurant.contactPerson ?? null,
    is_approved: restaurant.isApproved,
    is_active: restaurant.isActive,
    approved_at: isoInstant(restaurant.approvedAt),
    created_at: restaurant.createdAt.toISOString(),
  }));
}
