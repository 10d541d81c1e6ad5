import { UnrecoverableError, type Job } from 'bullmq';
import {
  acceptOverdueTimesheets,
  announceEndedInvitationWindows,
  closeForgottenCheckOuts,
  releaseNoShows,
  runConfirmationSteps,
  type ConfirmationStepsResult,
  type EntityManager,
} from '@turno/core';
import { EmptyJobDataSchema } from '@turno/contracts';
import { payloadOf } from '../job-payload';
import { JOB_NAMES } from '../queues';

export interface ShiftSweepsResult extends ConfirmationStepsResult {
  /** Allocated shifts released as no-shows (start + 60 min, no check-in). */
  noShows: number;
  /** Checked-in shifts closed at the scheduled end (no check-out 24 h after it). */
  closedCheckOuts: number;
  /** Timesheet corrections accepted with no answer 24 h after they were proposed. */
  acceptedTimesheets: number;
  /** 1 when the end of an invitation window was recorded for every freelancer's Vagas (issue 26). */
  windowsEnded: number;
}

/**
 * The shift-sweeps queue. sweep-shifts (every minute): releases the no-shows, closes the
 * forgotten check-outs (services/core reliability/release-sweeps.ts) and accepts the timesheet
 * corrections nobody answered in 24 h (timesheets.service.ts), and takes the confirmation steps
 * (issue 26: request, unconfirmed, reminder) whose delayed jobs were lost, and records the end of
 * an invitation window whose delayed job was lost. Idempotent: a second delivery finds
 * nothing left to release, close or accept.
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
  const acceptedTimesheets = await acceptOverdueTimesheets(em, now);
  const confirmations = await runConfirmationSteps(em, now);
  // Backstop of the invitation windows' delayed jobs (issue 26): an end not yet recorded is.
  const { windowsEnded } = await announceEndedInvitationWindows(em, now);
  return { noShows, closedCheckOuts, acceptedTimesheets, ...confirmations, windowsEnded };
}
