import type { Job } from 'bullmq';
import type { EntityManager } from '@turno/core';
import { Application } from '@turno/core';
import { JOB_NAMES } from '../queues';

export interface ExpiryResult {
  expired: number;
}

/**
 * Expires pending applications whose `expiresAt` has passed: one application (delayed job) or all
 * of them (sweeper). The conditional UPDATE makes it idempotent under at-least-once delivery:
 * a second run finds nothing pending to expire.
 */
export async function processApplicationExpiry(
  job: Job<{ applicationId?: number }>,
  em: EntityManager,
  now: Date,
): Promise<ExpiryResult> {
  const due = { status: 'pending' as const, expiresAt: { $lte: now } };
  const where = job.name === JOB_NAMES.expireApplication ? { ...due, id: job.data.applicationId } : due;
  const expired = await em.nativeUpdate(Application, where, { status: 'expired', reviewedAt: now });
  return { expired };
}
