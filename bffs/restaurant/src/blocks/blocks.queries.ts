import {
  containsPattern,
  foldedMatch,
  pickableAtRestaurantSql,
  readPageAndTotal,
  SqlWhere,
  UTC_ISO,
  type EntityManager,
} from '@turno/core';
import type { BlockedFreelancerList, PickableFreelancerList } from '@turno/contracts';
import { LIST_PAGE_SIZE_MAX } from '@turno/domain';

/**
 * Reads of the restaurant panel's "Bloqueios" (spec 01 §2, §5; issue 8), each list with its count in
 * one statement (issue 24). Who may be picked is core's `pickableAtRestaurantSql`, beside the block
 * command that accepts them.
 */

/** The business's blocks, newest first, at most 200 (with the count of all). */
export async function listRestaurantBlocks(
  em: EntityManager,
  restaurantId: number,
): Promise<BlockedFreelancerList> {
  const { rows: items, total } = await readPageAndTotal<BlockedFreelancerList['items'][number]>(
    em,
    {
      sql: `select b.id, b.freelancer_id, f.name as freelancer_name, f.phone as freelancer_phone,
         b.block_reason, ${UTC_ISO('b.created_at')} as created_at, b.blocked_by
       from blocks b join freelancers f on f.id = b.freelancer_id
       where b.restaurant_id = ?
       order by b.id desc limit ?`,
      params: [restaurantId, LIST_PAGE_SIZE_MAX],
    },
    { sql: 'select count(*) as total from blocks where restaurant_id = ?', params: [restaurantId] },
  );
  return { items, total };
}

/**
 * The block dialog's choices: approved freelancers not blocked at the business who applied to or
 * worked at it, by name, at most 200; `q` searches the name (accent-insensitive).
 */
export async function listPickableFreelancers(
  em: EntityManager,
  restaurantId: number,
  q?: string,
): Promise<PickableFreelancerList> {
  const pickable = pickableAtRestaurantSql(restaurantId);
  const where = new SqlWhere().add(pickable.sql, ...pickable.params);
  if (q) where.add(foldedMatch(['f.search_text']), containsPattern(q));
  const { rows: items, total } = await readPageAndTotal<PickableFreelancerList['items'][number]>(
    em,
    {
      sql: `select f.id, f.name, f.phone, f.is_approved from freelancers f ${where.sql()}
       order by f.name, f.id limit ?`,
      params: [...where.params, LIST_PAGE_SIZE_MAX],
    },
    { sql: `select count(*) as total from freelancers f ${where.sql()}`, params: where.params },
  );
  return { items, total };
}
