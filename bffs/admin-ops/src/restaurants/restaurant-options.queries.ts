import {
  containsPattern,
  decodeCursor,
  type EntityManager,
  foldedMatch,
  pageOf,
  readPageAndTotal,
  SqlWhere,
} from '@turno/core';
import type { RestaurantOption, RestaurantOptionsPage, RestaurantOptionsQuerySchema } from '@turno/contracts';
import type { z } from 'zod';

export type RestaurantOptionsFilter = z.output<typeof RestaurantOptionsQuerySchema>;

/**
 * Businesses to pick from, sorted by business name then id (keyset on both; the cursor is the last
 * row's id, its name read back): every one (the block modal marks those not approved or inactive)
 * or only the approved and active (Criar Vagas, job edit, Controle Mercado).
 */
export async function listRestaurantOptionsPage(
  em: EntityManager,
  query: RestaurantOptionsFilter,
): Promise<RestaurantOptionsPage> {
  const filter = new SqlWhere();
  if (query.q) filter.add(foldedMatch(['r.search_text']), containsPattern(query.q));
  if (query.eligible === 'approved') filter.add('r.is_approved and r.is_active');
  const where = filter.copy();
  const cursor = decodeCursor(query.cursor, ['number']);
  if (cursor)
    where.add(
      '(r.business_name, r.id) > ((select business_name from restaurants where id = ?), ?)',
      cursor[0],
      cursor[0],
    );
  // One statement: the page and its total.
  const { rows, total } = await readPageAndTotal<RestaurantOption>(
    em,
    {
      sql: `select r.id, r.business_name, r.name, r.contact_person, r.phone, r.cuisine_type, r.address,
         r.address_number, r.is_approved, r.is_active
       from restaurants r ${where.sql()}
       order by r.business_name, r.id limit ?`,
      params: [...where.params, query.limit + 1],
    },
    { sql: `select count(*) as total from restaurants r ${filter.sql()}`, params: filter.params },
  );
  const page = pageOf(
    rows,
    query.limit,
    (row) => [row.id],
    (row): RestaurantOption => ({
      id: row.id,
      business_name: row.business_name,
      name: row.name,
      contact_person: row.contact_person,
      phone: row.phone,
      cuisine_type: row.cuisine_type,
      address: row.address,
      address_number: row.address_number,
      is_approved: row.is_approved,
      is_active: row.is_active,
    }),
  );
  return { ...page, total };
}
