/**
 * The restaurant panel's "Bloqueios" (spec 01 §2, §5; issue 8): the block itself, limited to the
 * freelancers the business may pick, and that rule (the lists are the restaurant BFF's
 * `blocks/blocks.queries.ts`, which composes it).
 *
 * Which freelancers a business may pick: approved ones, not blocked there yet, who applied to or
 * worked at one of its vacancies (docs/decisions.md "Bloqueios"). A business has no reason to browse
 * every freelancer's name and phone (LGPD), and since the blocked list shows name and phone, the
 * block call refuses (404) anyone else: an id cannot be used to read a stranger's data either.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '@turno/domain';
import type { Actor } from '../shared/actor';
import { notFound } from '../shared/domain-error';
import type { SqlStatement } from '../shared/list-read';
import { blockFreelancer, type BlockInput, type BlockResult } from './blocks.service';

/**
 * Who a business may pick (and so block): a freelancer (alias `f`) with an application to, or an
 * assignment on, a vacancy of restaurant `restaurantId`, as a condition with its parameters.
 * A semi-join from the business's own vacancies, so the freelancers are not probed one by one.
 * The block command checks it; the restaurant BFF's block dialog lists by it
 * (`pickableAtRestaurantSql`): one rule, here.
 */
export function relatedToRestaurantSql(restaurantId: number): SqlStatement {
  return {
    sql: `f.id in (
  select ap.freelancer_id from applications ap join jobs j on j.id = ap.job_id where j.restaurant_id = ?
  union
  select a.freelancer_id from assignments a join jobs j on j.id = a.job_id where j.restaurant_id = ?)`,
    params: [restaurantId, restaurantId],
  };
}

/**
 * Whom the block dialog offers restaurant `restaurantId` (alias `f`): approved, not blocked there
 * yet, and related to it (`relatedToRestaurantSql`) — what the block command accepts.
 */
export function pickableAtRestaurantSql(restaurantId: number): SqlStatement {
  const related = relatedToRestaurantSql(restaurantId);
  return {
    sql: `f.is_approved
  and not exists (select 1 from blocks b where b.freelancer_id = f.id and b.restaurant_id = ?)
  and ${related.sql}`,
    params: [restaurantId, ...related.params],
  };
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
    const related = relatedToRestaurantSql(actor.restaurantId);
    const [found] = await em
      .getConnection()
      .execute<{ id: number }[]>(`select f.id from freelancers f where f.id = ? and ${related.sql}`, [
        input.freelancerId,
        ...related.params,
      ]);
    if (!found) throw notFound('freelancer_not_found', MESSAGES.freelancers.notFound);
  }
  return blockFreelancer(em, actor, { freelancerId: input.freelancerId, reason: input.reason }, now);
}
