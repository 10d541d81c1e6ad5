import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '@turno/domain';
import { Restaurant } from '../model';
import { notFound } from '../shared/domain-error';

/**
 * The business's row locked FOR NO KEY UPDATE until the transaction ends (issue 28): changes of one
 * business's stores and team run one after the other, without blocking the inserts of its vacancies
 * (their foreign key takes KEY SHARE). 404 when the business does not exist.
 */
export async function lockBusinessRow(tx: EntityManager, restaurantId: number): Promise<Restaurant> {
  const [row] = await tx.execute<{ id: number }[]>(
    'select id from restaurants where id = ? for no key update',
    [restaurantId],
  );
  if (!row) throw notFound('restaurant_not_found', MESSAGES.restaurants.notFound);
  return tx.getReference(Restaurant, row.id);
}
