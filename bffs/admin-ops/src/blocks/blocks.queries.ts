import {
  containsPattern,
  decodeCursor,
  type EntityManager,
  foldedMatch,
  pageOf,
  SqlWhere,
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

/** Rows of the blocks list in its order (newest first), after `afterId` when given. */
export async function readAdminBlocks(
  em: EntityManager,
  filter: SqlWhere,
  limit: number,
  afterId?: number,
): Promise<AdminBlock[]> {
  const where = filter.copy();
  if (afterId !== undefined) where.add('b.id < ?', afterId);
  return em.getConnection().execute<AdminBlock[]>(
    `select b.id, b.freelancer_id, b.restaurant_id, f.name as freelancer_name, f.phone as freelancer_phone,
       r.business_name as restaurant_name, coalesce(r.contact_person, r.name) as restaurant_contact_name,
       b.blocked_by, b.block_reason, ${UTC_ISO('b.created_at')} as created_at
     ${BLOCK_FROM} ${where.sql()}
     order by b.id desc limit ?`,
    [...where.params, limit],
  );
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
  const [rows, [count]] = await Promise.all([
    readAdminBlocks(em, filter, query.limit + 1, cursor?.[0] as number | undefined),
    em
      .getConnection()
      .execute<{ total: string }[]>(`select count(*) as total ${BLOCK_FROM} ${filter.sql()}`, filter.params),
  ]);
  const page = pageOf(
    rows,
    query.limit,
    (row) => [row.id],
    (row) => row,
  );
  return { ...page, total: Number(count?.total ?? 0) };
}
