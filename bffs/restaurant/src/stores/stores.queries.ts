import { intArrayParam, type BusinessScope, type EntityManager } from '@turno/core';
import type { BusinessStore } from '@turno/contracts';
import { DEFAULT_BILLING_MODE, MAX_STORES_PER_BUSINESS, saoPauloDate, type BillingMode } from '@turno/domain';

/**
 * GET /api/restaurant/stores (issue 28 "Lojas"): the stores the caller reaches, by name: an owner
 * every store of the business, deactivated ones too; a manager or supervisor the active stores
 * given to them. Each with its open vacancies from today on; and how the business is billed. One
 * statement, at most MAX_STORES_PER_BUSINESS rows; `storeId` narrows it to one store (the answer of a
 * change).
 */
export async function readBusinessStores(
  em: EntityManager,
  scope: BusinessScope,
  now: Date = new Date(),
  storeId?: number,
): Promise<{ billing_mode: BillingMode; items: BusinessStore[] }> {
  const params: unknown[] = [saoPauloDate(now)];
  let filter = '';
  if (scope.storeIds !== null) {
    filter += ' and s.is_active and s.id = any(?::int[])';
    params.push(intArrayParam(scope.storeIds));
  }
  if (storeId !== undefined) {
    filter += ' and s.id = ?';
    params.push(storeId);
  }
  params.push(scope.restaurantId, MAX_STORES_PER_BUSINESS);
  const rows = await em.getConnection().execute<(Partial<BusinessStore> & { billing_mode: BillingMode })[]>(
    `select r.billing_mode, s.id, s.name, s.is_active, s.cnpj, s.establishment_type,
        (select count(*) from jobs j
          where j.store_id = s.id and j.status = 'open' and j.date_needed >= ?::date)::int as open_vacancies
       from restaurants r
       left join stores s on s.restaurant_id = r.id${filter}
      where r.id = ?
      order by s.is_active desc, s.name, s.id
      limit ?`,
    params,
  );
  return {
    billing_mode: rows[0]?.billing_mode ?? DEFAULT_BILLING_MODE,
    items: rows.flatMap(({ id, name, is_active, open_vacancies, cnpj, establishment_type }) =>
      id === undefined || id === null
        ? []
        : [
            {
              id,
              name: name!,
              is_active: is_active!,
              open_vacancies: open_vacancies!,
              cnpj: cnpj ?? null,
              establishment_type: establishment_type ?? null,
            },
          ],
    ),
  };
}

/** The stores the caller reaches (see readBusinessStores). */
export async function listBusinessStores(
  em: EntityManager,
  scope: BusinessScope,
  now: Date = new Date(),
  storeId?: number,
): Promise<BusinessStore[]> {
  return (await readBusinessStores(em, scope, now, storeId)).items;
}
