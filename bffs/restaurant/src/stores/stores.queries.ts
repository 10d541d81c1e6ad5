import { intArrayParam, type BusinessScope, type EntityManager } from '@turno/core';
import type { BusinessStore } from '@turno/contracts';
import { MAX_STORES_PER_BUSINESS, saoPauloDate } from '@turno/domain';

/**
 * GET /api/restaurant/stores (issue 28 "Lojas"): the stores the caller reaches, by name: an owner
 * every store of the business, deactivated ones too; a manager or supervisor the active stores
 * given to them. Each with its open vacancies from today on. One statement, at most
 * MAX_STORES_PER_BUSINESS rows; `storeId` narrows it to one store (the answer of a change).
 */
export async function listBusinessStores(
  em: EntityManager,
  scope: BusinessScope,
  now: Date = new Date(),
  storeId?: number,
): Promise<BusinessStore[]> {
  const params: unknown[] = [saoPauloDate(now), scope.restaurantId];
  let filter = '';
  if (scope.storeIds !== null) {
    filter += ' and s.is_active and s.id = any(?::int[])';
    params.push(intArrayParam(scope.storeIds));
  }
  if (storeId !== undefined) {
    filter += ' and s.id = ?';
    params.push(storeId);
  }
  params.push(MAX_STORES_PER_BUSINESS);
  return em.getConnection().execute<BusinessStore[]>(
    `select s.id, s.name, s.is_active,
        (select count(*) from jobs j
          where j.store_id = s.id and j.status = 'open' and j.date_needed >= ?::date)::int as open_vacancies
       from stores s
      where s.restaurant_id = ?${filter}
      order by s.is_active desc, s.name, s.id
      limit ?`,
    params,
  );
}
