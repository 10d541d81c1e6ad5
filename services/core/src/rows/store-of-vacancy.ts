import type { EntityManager } from '@mikro-orm/postgresql';
import { BUSINESS_MEMBER_MESSAGES } from '@turno/domain';
import { Store } from '../model';
import { conflict, invalid, notFound } from '../shared/domain-error';

/**
 * The store a new vacancy of `restaurantId` belongs to (issue 28): the one named, when it is an
 * active store of that business (another business's store is "not found"), or else the business's
 * only active store; a business with several active stores must name one.
 */
export async function storeForNewVacancy(
  em: EntityManager,
  restaurantId: number,
  storeId?: number | null,
): Promise<Store> {
  if (storeId != null) {
    const store = await em.findOne(Store, { id: storeId, restaurant: restaurantId });
    if (!store) throw notFound('store_not_found', BUSINESS_MEMBER_MESSAGES.storeNotFound);
    if (!store.isActive) throw conflict('store_inactive', BUSINESS_MEMBER_MESSAGES.storeInactive);
    return store;
  }
  const active = await em.find(
    Store,
    { restaurant: restaurantId, isActive: true },
    { orderBy: { id: 'asc' }, limit: 2 },
  );
  if (active.length !== 1) throw invalid('store_required', BUSINESS_MEMBER_MESSAGES.storeRequired);
  return active[0]!;
}
