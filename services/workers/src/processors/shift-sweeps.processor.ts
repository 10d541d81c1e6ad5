import { UnrecoverableError, type Job } from 'bullmq';
import { closeForgottenCheckOuts, releaseNoShows, type EntityManager } from '@turno/core';
import { EmptyJobDataSchema } from '@turno/contracts';
import { payloadOf } from '../job-payload';
import { JOB_NAMES } from '../queues';

export interface ShiftSweepsResult {
  /** Allocated shifts released as no-shows (start + 60 min, no check-in). */
  noShows: number;
  /** Checked-in shifts closed at the scheduled end (no check-out 24 h after it). */
  closedCheckOuts: number;
}

/**
 * The shift-sweeps queue. sweep-shifts (every minute): releases the no-shows and closes the
 * forgotten check-outs (services/core reliability/release-sweeps.ts). Idempotent: a second
 * delivery finds nothing left to release or close.
 */
export async function processShiftSweeps(
  job: Job<unknown>,
  em: EntityManager,
  now: Date,
): Promise<ShiftSweepsResult> {
  if (job.name !== JOB_NAMES.sweepShifts) {
    throw new UnrecoverableError(`Unknown job on the shift-sweeps queue: ${job.name}`);
  }
  payloadOf(job, EmptyJobDataSchema);
  const noShows = await releaseNoShows(em, now);
  const closedCheckOuts = await closeForgottenCheckOuts(em, now);
  return { noShows, closedCheckOuts };
}
