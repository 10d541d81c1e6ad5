import type { Job } from 'bullmq';
import { expireDueApplications, type EntityManager } from '@turno/core';
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
  job: Job<{ applicationId?: number }>,
  em: EntityManager,
  now: Date,
): Promise<ExpiryResult> {
  const applicationId = job.name === JOB_NAMES.expireApplication ? job.data.applicationId : undefined;
  return { expired: await expireDueApplications(em, now, applicationId) };
}
