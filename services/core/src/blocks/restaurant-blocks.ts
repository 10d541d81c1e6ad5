/**
 * The restaurant panel's "Bloqueios" (spec 01 §2, §5; issue 8): the business's blocks, the
 * freelancers it may pick to block, and the block itself limited to those freelancers.
 *
 * Which freelancers a business may pick: approved ones, not blocked there yet, who applied to or
 * worked at one of its vacancies (docs/decisions.md "Bloqueios"). A business has no reason to browse
 * every freelancer's name and phone (LGPD), and since the blocked list shows name and phone, the
 * block call refuses (404) anyone else: an id cannot be used to read a stranger's data either.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BlockedFreelancerList, PickableFreelancerList } from '@turno/contracts';
import { LIST_PAGE_SIZE_MAX, MESSAGES } from '@turno/domain';
import type { Actor } from '../shared/actor';
import { notFound } from '../shared/domain-error';
import { containsPattern, foldedMatch } from '../shared/search';
import { SqlWhere } from '../shared/sql-where';
import { UTC_ISO } from '../shared/wire';
import { blockFreelancer, type BlockInput, type BlockResult } from './blocks.service';

/** Freelancers with an application to, or an assignment on, a vacancy of restaurant `?`. */
const RELATED_TO_RESTAURANT = `(
  exists (select 1 from applications ap join jobs j on j.id = ap.job_id
          where ap.freelancer_id = f.id and j.restaurant_id = ?)
  or exists (select 1 from assignments a join jobs j on j.id = a.job_id
             where a.freelancer_id = f.id and j.restaurant_id = ?))`;

/** The business's blocks, newest first, at most 200 (with the count of all). */
export async function listRestaurantBlocks(
  em: EntityManager,
  restaurantId: number,
): Promise<BlockedFreelancerList> {
  const connection = em.getConnection();
  const [items, [count]] = await Promise.all([
    connection.execute<BlockedFreelancerList['items']>(
      `select b.id, b.freelancer_id, f.name as freelancer_name, f.phone as freelancer_phone,
         b.block_reason, ${UTC_ISO('b.created_at')} as created_at, b.blocked_by
       from blocks b join freelancers f on f.id = b.freelancer_id
       where b.restaurant_id = ?
       order by b.id desc limit ?`,
      [restaurantId, LIST_PAGE_SIZE_MAX],
    ),
    connection.execute<{ total: string }[]>('select count(*) as total from blocks where restaurant_id = ?', [
      restaurantId,
    ]),
  ]);
  return { items, total: Number(count?.total ?? 0) };
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
  const where = new SqlWhere()
    .add('f.is_approved')
    .add(
      'not exists (select 1 from blocks b where b.freelancer_id = f.id and b.restaurant_id = ?)',
      restaurantId,
    )
    .add(RELATED_TO_RESTAURANT, restaurantId, restaurantId);
  if (q) where.add(foldedMatch(['f.search_text']), containsPattern(q));
  const connection = em.getConnection();
  const [items, [count]] = await Promise.all([
    connection.execute<PickableFreelancerList['items']>(
      `select f.id, f.name, f.phone, f.is_approved from freelancers f ${where.sql()}
       order by f.name, f.id limit ?`,
      [...where.params, LIST_PAGE_SIZE_MAX],
    ),
    connection.execute<{ total: string }[]>(
      `select count(*) as total from freelancers f ${where.sql()}`,
      where.params,
    ),
  ]);
  return { items, total: Number(count?.total ?? 0) };
}

/**
 * A business blocks a freelancer at its own restaurant: only one who applied to or worked at it
 * (anyone else answers 404 "Freelancer não encontrado", as an unknown id does); the rest is
 * `blockFreelancer` (approved only, once, pending applications rejected in the same transaction).
 */
export async function blockFreelancerAtOwnRestaurant(
  em: EntityManager,
  actor: Extract<Actor, { role: 'restaurant' }>,
  input: Pick<BlockInput, 'freelancerId' | 'reason'>,
  now: Date = new Date(),
): Promise<BlockResult> {
  if (input.freelancerId) {
    const [related] = await em
      .getConnection()
      .execute<{ id: number }[]>(
        `select f.id from freelancers f where f.id = ? and ${RELATED_TO_RESTAURANT}`,
        [input.freelancerId, actor.restaurantId, actor.restaurantId],
      );
    if (!related) throw notFound('freelancer_not_found', MESSAGES.freelancers.notFound);
  }
  return blockFreelancer(em, actor, { freelancerId: input.freelancerId, reason: input.reason }, now);
}
