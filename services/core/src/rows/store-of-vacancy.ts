import type { EntityManager } from '@mikro-orm/postgresql';
import { BUSINESS_MEMBER_MESSAGES } from '@turno/domain';
import { Store } from '../model';
import type { BusinessScope } from '../shared/business-scope';
import { conflict, invalid, notFound } from '../shared/domain-error';

/**
 * The store a new vacancy of the business in `scope` belongs to (issue 28): the one named, when it
 * is an active store of that business the scope covers (another business's store, or one not given
 * to a manager, is "not found"). Left out: for the whole business (an owner, an admin), its main
 * store, the first of its active stores (as the database does for SQL that names none); for a
 * manager or supervisor, their only active store; with several, the vacancy must name one.
 */
export async function storeForNewVacancy(
  em: EntityManager,
  scope: BusinessScope,
  storeId?: number | null,
): Promise<Store> {
  if (storeId != null) {
    const store = await em.findOne(Store, { id: storeId, restaurant: scope.restaurantId });
    const mine = store && (scope.storeIds === null || scope.storeIds.includes(store.id));
    if (!store || !mine) throw notFound('store_not_found', BUSINESS_MEMBER_MESSAGES.storeNotFound);
    if (!store.isActive) throw conflict('store_inactive', BUSINESS_MEMBER_MESSAGES.storeInactive);
    return store;
  }
  const covered = scope.storeIds === null ? {} : { id: { $in: [...scope.storeIds] } };
  const active = await em.find(
    Store,
    { restaurant: scope.restaurantId, isActive: true, ...covered },
    { orderBy: { id: 'asc' }, limit: 2 },
  );
  const chosen = scope.storeIds === null || active.length === 1 ? active[0] : undefined;
  if (!chosen) throw invalid('store_required', BUSINESS_MEMBER_MESSAGES.storeRequired);
  return chosen;
}
