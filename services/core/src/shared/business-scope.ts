import type { EntityManager } from '@mikro-orm/postgresql';
import { BUSINESS_MEMBER_MESSAGES } from '@turno/domain';
import type { Actor } from './actor';
import { notFound } from './domain-error';
import { intArrayParam } from './sql-where';

/**
 * What a business member's reads cover (issue 28): their business and, for a manager or supervisor,
 * the stores given to them (`storeIds`); null `storeIds` is every store (an owner).
 */
export interface BusinessScope {
  restaurantId: number;
  storeIds: readonly number[] | null;
}

/** The scope of a business actor's reads. */
export function businessScopeOf(actor: Extract<Actor, { role: 'restaurant' }>): BusinessScope {
  return { restaurantId: actor.restaurantId, storeIds: actor.member.storeIds };
}

/** The whole business (an owner's scope; an admin reading one business). */
export function wholeBusiness(restaurantId: number): BusinessScope {
  return { restaurantId, storeIds: null };
}

/**
 * `scope` narrowed to one of its stores (the store selector of the Agenda and the Dashboard), or
 * `scope` itself when no store is named. A store the member was not given is 404, as another
 * business's; for an owner the business stays in the condition (another business's store reads
 * nothing): reads that answer a person use {@link storeScopeOf}, which says 404.
 */
export function narrowToStore(scope: BusinessScope, storeId: number | undefined): BusinessScope {
  if (storeId === undefined) return scope;
  if (scope.storeIds !== null && !scope.storeIds.includes(storeId))
    throw notFound('store_not_found', BUSINESS_MEMBER_MESSAGES.storeNotFound);
  return { restaurantId: scope.restaurantId, storeIds: [storeId] };
}

/**
 * {@link narrowToStore}, with the store checked to be the business's when the scope is every store
 * (an owner, an admin): another business's store is 404, as for a member. One statement, only when
 * a store is named.
 */
export async function storeScopeOf(
  em: EntityManager,
  scope: BusinessScope,
  storeId: number | undefined,
): Promise<BusinessScope> {
  const narrowed = narrowToStore(scope, storeId);
  if (storeId !== undefined && scope.storeIds === null) {
    const [found] = await em.execute<{ id: number }[]>(
      'select id from stores where id = ? and restaurant_id = ?',
      [storeId, scope.restaurantId],
    );
    if (!found) throw notFound('store_not_found', BUSINESS_MEMBER_MESSAGES.storeNotFound);
  }
  return narrowed;
}

/**
 * The SQL condition that keeps the jobs of `scope`, for a `jobs` row aliased `alias`: its business,
 * and its stores when the scope names them. Both use an index (jobs by business, jobs by store).
 */
export function jobsInScopeSql(alias: string, scope: BusinessScope): { sql: string; params: unknown[] } {
  if (scope.storeIds === null) return { sql: `${alias}.restaurant_id = ?`, params: [scope.restaurantId] };
  return {
    sql: `${alias}.restaurant_id = ? and ${alias}.store_id = any(?::int[])`,
    params: [scope.restaurantId, intArrayParam(scope.storeIds)],
  };
}
