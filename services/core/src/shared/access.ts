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

/** True when the actor may act on rows of restaurant `restaurantId` (an admin on any). */
export function actsForRestaurant(actor: Actor, restaurantId: number): boolean {
  return actor.role === 'admin' || (actor.role === 'restaurant' && actor.restaurantId === restaurantId);
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
