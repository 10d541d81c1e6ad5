import {
  containsPattern,
  decodeCursor,
  type EntityManager,
  foldedMatch,
  pageOf,
  readPageAndTotal,
  SqlWhere,
  type SqlStatement,
  UTC_ISO,
} from '@turno/core';
import type { AdminBlock, AdminBlocksPage, AdminBlocksQuerySchema } from '@turno/contracts';
import type { z } from 'zod';

export type AdminBlocksFilter = z.output<typeof AdminBlocksQuerySchema>;

const BLOCK_FROM = `from blocks b
  join freelancers f on f.id = b.freelancer_id
  join restaurants r on r.id = b.restaurant_id`;

/** The WHERE of the admin blocks list (search over the freelancer's and the business's names). */
export function adminBlocksWhere(query: Pick<AdminBlocksFilter, 'q'>): SqlWhere {
  const filter = new SqlWhere();
  if (query.q) {
    filter.add(foldedMatch(['f.search_text', 'r.search_text']), ...Array(2).fill(containsPattern(query.q)));
  }
  return filter;
}

/** The statement of the blocks list's rows in its order (newest first), after `afterId` when given. */
function adminBlocksSql(filter: SqlWhere, limit: number, afterId?: number): SqlStatement {
  const where = filter.copy();
  if (afterId !== undefined) where.add('b.id < ?', afterId);
  return {
    sql: `select b.id, b.freelancer_id, b.restaurant_id, f.name as freelancer_name, f.phone as freelancer_phone,
       r.business_name as restaurant_name, coalesce(r.contact_person, r.name) as restaurant_contact_name,
       b.blocked_by, b.block_reason, ${UTC_ISO('b.created_at')} as created_at
     ${BLOCK_FROM} ${where.sql()}
     order by b.id desc limit ?`,
    params: [...where.params, limit],
  };
}

/**
 * Every active block of the platform for the admin "Bloqueios" tab (spec 02 §2), by the admin or by
 * the business: newest first, one page, optionally searched by freelancer or business name.
 */
export async function listAdminBlocksPage(
  em: EntityManager,
  query: AdminBlocksFilter,
): Promise<AdminBlocksPage> {
  const filter = adminBlocksWhere(query);
  const cursor = decodeCursor(query.cursor, ['number']);
  // One statement: the page and its total.
  const { rows, total } = await readPageAndTotal<AdminBlock>(
    em,
    adminBlocksSql(filter, query.limit + 1, cursor?.[0] as number | undefined),
    { sql: `select count(*) as total ${BLOCK_FROM} ${filter.sql()}`, params: filter.params },
  );
  const page = pageOf(
    rows,
    query.limit,
    (row) => [row.id],
    (row) => row,
  );
  return { ...page, total };
}
