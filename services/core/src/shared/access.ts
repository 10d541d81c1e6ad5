import { MESSAGES } from '@turno/domain';
import type { Actor, ActorRole } from './actor';
import { forbidden } from './domain-error';

export type AdminActor = Extract<Actor, { role: 'admin' }>;
export type RestaurantActor = Extract<Actor, { role: 'restaurant' }>;
export type FreelancerActor = Extract<Actor, { role: 'freelancer' }>;

/** Refuses (403) an actor whose role is not one of `roles`. */
export function requireRole<R extends ActorRole>(
  actor: Actor,
  roles: readonly R[],
): asserts actor is Extract<Actor, { role: R }> {
  if (!(roles as readonly ActorRole[]).includes(actor.role)) {
    throw forbidden('forbidden', MESSAGES.common.forbidden);
  }
}

/**
 * True when the actor may act on the business `restaurantId` as a whole (its profile, its blocks):
 * an admin on any, a member of that business.
 */
export function actsForRestaurant(actor: Actor, restaurantId: number): boolean {
  return actor.role === 'admin' || (actor.role === 'restaurant' && actor.restaurantId === restaurantId);
}

/**
 * True when the actor may act on a store of a business (issue 28): an admin on any, an owner on every
 * store of their business, a manager or supervisor on the stores given to them only.
 */
export function actsForStore(actor: Actor, restaurantId: number, storeId: number): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role !== 'restaurant' || actor.restaurantId !== restaurantId) return false;
  return actor.member.storeIds === null || actor.member.storeIds.includes(storeId);
}

/** True when the actor may act on `job` and what hangs from it (applications, assignment, code). */
export function actsForJob(
  actor: Actor,
  job: { restaurant: { id: number }; store: { id: number } },
): boolean {
  return actsForStore(actor, job.restaurant.id, job.store.id);
}

/** True when the actor may act on rows of freelancer `freelancerId` (an admin on any). */
export function actsForFreelancer(actor: Actor, freelancerId: number): boolean {
  return actor.role === 'admin' || (actor.role === 'freelancer' && actor.freelancerId === freelancerId);
}

/** Trimmed text, or null when empty or absent. */
export function optionalText(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}
