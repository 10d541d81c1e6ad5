import { UnrecoverableError, type Job } from 'bullmq';
import { expireDueApplications, type EntityManager } from '@turno/core';
import { EmptyJobDataSchema, ExpireApplicationJobDataSchema } from '@turno/contracts';
import { payloadOf } from '../job-payload';
import { JOB_NAMES } from '../queues';

export interface ExpiryResult {
  expired: number;
}

/**
 * Expires pending applications whose `expiresAt` has passed: one application (its delayed job)
 * or all of them (the sweeper). The domain service's conditional update makes it idempotent under
 * at-least-once delivery: a second run finds nothing pending to expire.
 */
export async function processApplicationExpiry(
  job: Job<unknown>,
  em: EntityManager,
  now: Date,
): Promise<ExpiryResult> {
  if (job.name === JOB_NAMES.expireApplication) {
    const { applicationId } = payloadOf(job, ExpireApplicationJobDataSchema);
    return { expired: await expireDueApplications(em, now, applicationId) };
  }
  if (job.name !== JOB_NAMES.sweepExpiredApplications) {
    throw new UnrecoverableError(`Unknown job on the application-expiry queue: ${job.name}`);
  }
  payloadOf(job, EmptyJobDataSchema);
  return { expired: await expireDueApplications(em, now) };
}
