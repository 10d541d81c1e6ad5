import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import {
  announceEndedInvitationWindows,
  confirmationSchedules,
  invitationWindowEnds,
  type InvitationWindowsResult,
  runConfirmationSteps,
  type ConfirmationStepsResult,
  type EntityManager,
} from '@turno/core';
import {
  ConfirmationStepJobDataSchema,
  InvitationWindowEndJobDataSchema,
  ScheduleConfirmationsJobDataSchema,
} from '@turno/contracts';
import {
  CONFIRMATION_STEPS,
  confirmationStepDelayMs,
  type ConfirmationStep,
  type NotificationKind,
} from '@turno/domain';
import { payloadOf } from '../job-payload';
import { JOB_NAMES, JOB_RETENTION } from '../queues';

/** The notification kind each step sends (its delayed job's id is this kind + the assignment id). */
export const STEP_KINDS: Record<ConfirmationStep, NotificationKind> = {
  request: 'shift_confirmation_request',
  unconfirmed: 'shift_unconfirmed',
  reminder: 'shift_reminder',
};

/** A step's delayed job id: `shift_reminder-42` (one per step and assignment, whatever the retries). */
export const confirmationJobId = (step: ConfirmationStep, assignmentId: number) =>
  `${STEP_KINDS[step]}-${assignmentId}`;

/**
 * Adds the delayed jobs of the accepted shifts `assignmentIds` (read from PostgreSQL: only those
 * still allocated and not started), each at its step's due time, or at once when it is due already.
 * Idempotent: a job id that exists (waiting, delayed or kept after completion) is not added again.
 */
export async function scheduleShiftConfirmations(
  queue: Queue,
  em: EntityManager,
  assignmentIds: readonly number[],
  now: Date,
): Promise<number> {
  const schedules = await confirmationSchedules(em, assignmentIds, now);
  const jobs = schedules.flatMap((schedule) =>
    CONFIRMATION_STEPS.map((step) => ({
      name: JOB_NAMES.confirmationStep,
      data: { assignmentId: schedule.assignmentId, step },
      opts: {
        ...JOB_RETENTION,
        jobId: confirmationJobId(step, schedule.assignmentId),
        delay: confirmationStepDelayMs(schedule, step, now),
        attempts: 5,
        backoff: { type: 'exponential', delay: 5_000 },
      },
    })),
  );
  if (jobs.length > 0) await queue.addBulk(jobs);
  return jobs.length;
}

/** A vacancy's invitation-window job id: `invitation-window-42` (one per vacancy). */
export const invitationWindowJobId = (jobId: number) => `invitation-window-${jobId}`;

/**
 * Adds one delayed job per vacancy of `jobIds` whose invitation window is still ahead (read from
 * PostgreSQL), firing at its `exclusive_until`. Idempotent: an existing job id is not added again.
 */
export async function scheduleInvitationWindowEnds(
  queue: Queue,
  em: EntityManager,
  jobIds: readonly number[],
  now: Date,
): Promise<number> {
  const ends = await invitationWindowEnds(em, jobIds, now);
  if (ends.length === 0) return 0;
  await queue.addBulk(
    ends.map(({ jobId, endsAt }) => ({
      name: JOB_NAMES.invitationWindowEnd,
      data: { jobId },
      opts: {
        ...JOB_RETENTION,
        jobId: invitationWindowJobId(jobId),
        delay: Math.max(0, endsAt.getTime() - now.getTime()),
        attempts: 5,
        backoff: { type: 'exponential', delay: 5_000 },
      },
    })),
  );
  return ends.length;
}

export interface ShiftConfirmationsResult
  extends Partial<ConfirmationStepsResult>, Partial<InvitationWindowsResult> {
  scheduled?: number;
}

/**
 * The shift-confirmations queue:
 * - `schedule-confirmations` (the LISTEN shortcut heard `job_assignment` events): the steps'
 *   delayed jobs of those assignments;
 * - `confirmation-step` (a delayed job firing): the step for that one assignment, re-checked on
 *   the rows as they stand (core runConfirmationSteps: a confirmed, cancelled or started shift, or
 *   a step taken already, is left alone; a job delivered early does nothing and the sweep takes
 *   the step when due). The every-minute shift sweep runs every step for every shift, so a lost
 *   schedule only delays a step by a minute at most;
 * - `invitation-window-end` (issue 26; made when the invitations' event is heard): at a vacancy's
 *   `exclusive_until`, the end recorded for every freelancer's list (core
 *   announceEndedInvitationWindows, re-checked on the rows; the shift sweep is its backstop).
 */
export async function processShiftConfirmationJob(
  job: Job<unknown>,
  em: EntityManager,
  now: Date,
  deps: { queue: Queue },
): Promise<ShiftConfirmationsResult> {
  if (job.name === JOB_NAMES.confirmationStep) {
    const { assignmentId, step } = payloadOf(job, ConfirmationStepJobDataSchema);
    return runConfirmationSteps(em, now, { assignmentIds: [assignmentId], steps: [step] });
  }
  if (job.name === JOB_NAMES.invitationWindowEnd) {
    // Re-checked on the rows: a job delivered early records nothing (the sweep does when due).
    payloadOf(job, InvitationWindowEndJobDataSchema);
    return announceEndedInvitationWindows(em, now);
  }
  if (job.name === JOB_NAMES.scheduleConfirmations) {
    const { assignmentIds } = payloadOf(job, ScheduleConfirmationsJobDataSchema);
    return { scheduled: await scheduleShiftConfirmations(deps.queue, em, assignmentIds, now) };
  }
  throw new UnrecoverableError(`Unknown job on the shift-confirmations queue: ${job.name}`);
}
