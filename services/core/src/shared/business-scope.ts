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
 * business's; an owner naming another business's store reads nothing (the business stays in the
 * condition), without a statement to look the store up.
 */
export function narrowToStore(scope: BusinessScope, storeId: number | undefined): BusinessScope {
  if (storeId === undefined) return scope;
  if (scope.storeIds !== null && !scope.storeIds.includes(storeId))
    throw notFound('store_not_found', BUSINESS_MEMBER_MESSAGES.storeNotFound);
  return { restaurantId: scope.restaurantId, storeIds: [storeId] };
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
