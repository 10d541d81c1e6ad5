import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '@turno/domain';
import { Freelancer, Job } from '../entities';
import type { Actor, ActorRole } from './actor';
import { forbidden, notFound } from './domain-error';

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

/**
 * The job, read again from the database and locked until the transaction ends (FOR UPDATE by
 * default; FOR SHARE with PESSIMISTIC_READ). Every transition of a job or of its applications and
 * assignment takes this lock first, so they run one after the other.
 * 404 when the job does not exist or belongs to another restaurant than a restaurant actor's.
 */
export async function lockJob(
  tx: EntityManager,
  actor: Actor,
  jobId: number,
  lockMode: JobLockMode = LockMode.PESSIMISTIC_WRITE,
): Promise<Job> {
  const job = await lockJobRow(tx, jobId, lockMode);
  if (!job || (actor.role === 'restaurant' && job.restaurant.id !== actor.restaurantId)) {
    throw notFound('job_not_found', MESSAGES.jobs.notFound);
  }
  return job;
}

type JobLockMode = LockMode.PESSIMISTIC_WRITE | LockMode.PESSIMISTIC_READ;

/** The job row locked as `lockJob` does, without scoping (the caller checked ownership); null when missing. */
export function lockJobRow(
  tx: EntityManager,
  jobId: number,
  lockMode: JobLockMode = LockMode.PESSIMISTIC_WRITE,
): Promise<Job | null> {
  return tx.findOne(Job, { id: jobId }, { lockMode, refresh: true });
}

/**
 * The freelancer, read again and locked FOR UPDATE. Taken after the job lock (never before), it
 * serialises everything that changes one freelancer's schedule or blocks: applying, accepting,
 * assigning, blocking. 404 when missing.
 */
export async function lockFreelancer(tx: EntityManager, freelancerId: number): Promise<Freelancer> {
  const freelancer = await tx.findOne(
    Freelancer,
    { id: freelancerId },
    { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
  );
  if (!freelancer) throw notFound('freelancer_not_found', MESSAGES.freelancers.notFound);
  return freelancer;
}

/** Trimmed text, or null when empty or absent. */
export function optionalText(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}
