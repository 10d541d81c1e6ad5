import { UnrecoverableError, type Job } from 'bullmq';
import { pruneDomainEvents, type EntityManager } from '@turno/core';
import { JOB_NAMES } from '../queues';

export interface MaintenanceResult {
  /** Live-update events deleted past their retention. */
  prunedEvents: number;
}

/**
 * The maintenance queue. prune-domain-events (daily): deletes the live-update events older than
 * their retention; a stream resuming from before them is told to resync. Idempotent: a second
 * delivery finds nothing old left to delete.
 */
export async function processMaintenanceJob(
  job: Job,
  em: EntityManager,
  now: Date,
): Promise<MaintenanceResult> {
  if (job.name !== JOB_NAMES.pruneDomainEvents) {
    throw new UnrecoverableError(`Unknown job on the maintenance queue: ${job.name}`);
  }
  return { prunedEvents: await pruneDomainEvents(em, now) };
}
