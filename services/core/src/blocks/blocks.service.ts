/**
 * Blocks: a freelancer blocked at one restaurant, by the restaurant itself or by an admin. Creating
 * one rejects that freelancer's pending applications to the restaurant in the same transaction;
 * the freelancer's row is locked, so a concurrent application is either seen and rejected or
 * refused because of the block.
 */
import type { EntityManager, QueryResult } from '@mikro-orm/postgresql';
import { MESSAGES } from '@turno/domain';
import { Block, Restaurant } from '../model';
import { optionalText, requireRole } from '../shared/access';
import { lockFreelancer } from '../rows/freelancer-lock';
import type { Actor } from '../shared/actor';
import { conflict, forbidden, invalid, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { recordEvent } from '../events/record-event';

export interface BlockInput {
  freelancerId?: number | null;
  /** Admin only: the restaurant (a business always blocks at its own). */
  restaurantId?: number | null;
  reason?: string | null;
}

export interface BlockResult {
  blockId: number;
  freelancerId: number;
  restaurantId: number;
  /** Pending applications of the freelancer to the restaurant's jobs that the block rejected. */
  rejectedApplications: number;
}

const alreadyBlocked = () => conflict('already_blocked', MESSAGES.blocks.alreadyBlocked);

/**
 * Blocks a freelancer at a restaurant. A business may block an approved freelancer (the ones its
 * picker offers); an admin any freelancer at any restaurant. Blocking twice is refused.
 */
export async function blockFreelancer(
  em: EntityManager,
  actor: Actor,
  input: BlockInput,
  now: Date = new Date(),
): Promise<BlockResult> {
  requireRole(actor, ['admin', 'restaurant']);
  const { freelancerId, restaurantId } = blockTarget(actor, input);

  return inTransaction(
    em,
    async (tx) => {
      const restaurant = await tx.findOne(Restaurant, { id: restaurantId });
      if (!restaurant) throw notFound('restaurant_not_found', MESSAGES.restaurants.notFound);
      const freelancer = await lockFreelancer(tx, freelancerId);
      if (actor.role === 'restaurant' && !freelancer.isApproved) {
        throw notFound('freelancer_not_found', MESSAGES.freelancers.notFound);
      }
      if ((await tx.count(Block, { freelancer: freelancer.id, restaurant: restaurant.id })) > 0) {
        throw alreadyBlocked();
      }
      const block = tx.create(Block, {
        freelancer,
        restaurant,
        blockedBy: actor.role,
        blockReason: optionalText(input.reason),
        createdAt: now,
      });
      await tx.flush();
      const rejected = await tx.execute<QueryResult>(
        `update applications set status = 'rejected', reviewed_at = ?
         where freelancer_id = ? and status = 'pending'
           and job_id in (select id from jobs where restaurant_id = ?)`,
        [now, freelancer.id, restaurant.id],
        'run',
      );
      // The freelancer's vacancies and applications and the restaurant's lists both change.
      await recordEvent(tx, {
        type: 'block_changed',
        restaurantId: restaurant.id,
        freelancerId: freelancer.id,
        payload: { blockId: block.id, blocked: true },
      });
      return {
        blockId: block.id,
        freelancerId: freelancer.id,
        restaurantId: restaurant.id,
        rejectedApplications: rejected.affectedRows,
      };
    },
    { blocks_freelancer_restaurant_unique: alreadyBlocked },
  );
}

export interface UnblockInput {
  freelancerId?: number | null;
  /** Admin only. */
  restaurantId?: number | null;
}

export interface UnblockResult {
  blockId: number;
  removed: true;
}

/**
 * Removes a block. A business removes blocks at its own restaurant, except those an admin made;
 * an admin removes any. A missing block answers 404 (also on a repeated removal).
 */
export async function unblockFreelancer(
  em: EntityManager,
  actor: Actor,
  input: UnblockInput,
): Promise<UnblockResult> {
  requireRole(actor, ['admin', 'restaurant']);
  const { freelancerId, restaurantId } = blockTarget(actor, input);
  return inTransaction(em, async (tx) => {
    const block = await tx.findOne(Block, { freelancer: freelancerId, restaurant: restaurantId });
    if (!block) throw notFound('block_not_found', MESSAGES.blocks.notFound);
    if (actor.role === 'restaurant' && block.blockedBy === 'admin') {
      throw forbidden('admin_block', MESSAGES.blocks.adminBlockCannotBeRemoved);
    }
    tx.remove(block);
    await recordEvent(tx, {
      type: 'block_changed',
      restaurantId: block.restaurant.id,
      freelancerId: block.freelancer.id,
      payload: { blockId: block.id, blocked: false },
    });
    return { blockId: block.id, removed: true };
  });
}

/** The (freelancer, restaurant) pair a block call is about; 400 when one is missing. */
function blockTarget(
  actor: Extract<Actor, { role: 'admin' | 'restaurant' }>,
  input: { freelancerId?: number | null; restaurantId?: number | null },
): { freelancerId: number; restaurantId: number } {
  if (actor.role === 'restaurant') {
    if (!input.freelancerId) throw invalid('freelancer_required', MESSAGES.blocks.selectFreelancer);
    return { freelancerId: input.freelancerId, restaurantId: actor.restaurantId };
  }
  if (!input.freelancerId || !input.restaurantId) {
    throw invalid('freelancer_and_restaurant_required', MESSAGES.blocks.selectFreelancerAndRestaurant);
  }
  return { freelancerId: input.freelancerId, restaurantId: input.restaurantId };
}
