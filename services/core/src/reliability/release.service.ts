/**
 * Releasing an allocated shift (issue 23, "A fair reliability record"): the business cancels its
 * freelancer (a late cancellation owes 4 h of the shift, never a strike), the freelancer cancels
 * (a strike when late), the business reports a no-show (a strike). Each runs in one transaction
 * that locks the job row first (as assignments.service.ts does), is scoped to the caller (another
 * owner's assignment is 404) and answers the same on a retry.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type CancelledBy,
  type ShiftTime,
  type StrikeReason,
  MESSAGES,
  isLateCancellation,
  lateCancellationFee,
  noShowReopens,
  noShowReportAllowed,
  shiftHasStarted,
  SHIFT_CONFIRMATION_MESSAGES,
  unconfirmedReleaseAllowed,
  unconfirmedStepApplies,
} from '@turno/domain';
import { Application, Assignment, Strike, type Job } from '../model';
import { actsForFreelancer, actsForJob, optionalText, requireRole } from '../shared/access';
import { lockJobRow } from '../rows/job-lock';
import type { Actor } from '../shared/actor';
import { conflict, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { recordEvent } from '../events/record-event';
import { addStrike } from './strikes';

/** Where a released shift stands; amounts in centavos. */
export interface ReleaseResult {
  assignmentId: number;
  jobId: number;
  assignmentStatus: Assignment['status'];
  jobStatus: Job['status'];
  cancelledBy: CancelledBy;
  cancelledAt: Date;
  /** The vacancy went back to 'open' (else it was cancelled). */
  reopened: boolean;
  cancellationFeeCents: number;
  cancellationPayoutCents: number;
  /** The release gave the freelancer a strike (late cancellation, no-show). */
  strikeGiven: boolean;
}

export interface RestaurantCancelInput {
  /** true: the vacancy reopens (only while its start is ahead); false: it is cancelled. */
  reopen: boolean;
  reason?: string | null;
}

/** The schedule of a job, as the domain's shift rules take it. */
export function shiftTimeOfJob(job: Pick<Job, 'dateNeeded' | 'startTime' | 'endTime'>): ShiftTime {
  return { date: job.dateNeeded, start: job.startTime, end: job.endTime };
}

/**
 * The business cancels the freelancer of an allocated shift not yet checked in. Less than 12 h
 * before the start the business owes the late-cancellation fee (billed on its invoice, paid to the
 * freelancer); the freelancer's record is never touched. `reopen` puts the vacancy back in the
 * list (refused once the shift has started); otherwise the vacancy is cancelled.
 */
export async function cancelByRestaurant(
  em: EntityManager,
  actor: Actor,
  assignmentId: number,
  input: RestaurantCancelInput,
  now: Date = new Date(),
): Promise<ReleaseResult> {
  requireRole(actor, ['restaurant']);
  return inTransaction(em, async (tx) => {
    const { assignment, job } = await lockAssignmentOf(tx, actor, assignmentId);
    const retry = await alreadyReleased(tx, assignment, job, 'restaurant');
    if (retry) return retry;
    requireReleasable(assignment);
    const shift = shiftTimeOfJob(job);
    if (input.reopen && shiftHasStarted(shift, now)) {
      throw conflict('reopen_after_start', MESSAGES.shiftRelease.reopenAfterStart);
    }
    if (isLateCancellation(shift, now)) {
      const fee = lateCancellationFee(shift, job.chargeCents);
      assignment.cancellationFeeCents = fee.feeCents;
      assignment.cancellationPayoutCents = fee.payoutCents;
    }
    await release(tx, { assignment, job, by: 'restaurant', reason: input.reason, reopen: input.reopen, now });
    return resultOf(assignment, job, false);
  });
}

/**
 * The freelancer cancels an accepted shift before check-in: the vacancy reopens while its start is
 * ahead (else it is cancelled), and a cancellation less than 12 h before the start is a strike.
 */
export async function cancelByFreelancer(
  em: EntityManager,
  actor: Actor,
  assignmentId: number,
  input: { reason?: string | null } = {},
  now: Date = new Date(),
): Promise<ReleaseResult> {
  requireRole(actor, ['freelancer']);
  return inTransaction(em, async (tx) => {
    const { assignment, job } = await lockAssignmentOf(tx, actor, assignmentId);
    const retry = await alreadyReleased(tx, assignment, job, 'freelancer', 'late_cancel');
    if (retry) return retry;
    requireReleasable(assignment);
    const shift = shiftTimeOfJob(job);
    const reopen = !shiftHasStarted(shift, now);
    await release(tx, { assignment, job, by: 'freelancer', reason: input.reason, reopen, now });
    const strikeGiven =
      isLateCancellation(shift, now) &&
      (await addStrike(tx, {
        freelancerId: assignment.freelancer.id,
        assignmentId: assignment.id,
        reason: 'late_cancel',
        now,
      }));
    return resultOf(assignment, job, strikeGiven);
  });
}

/**
 * The business reports that its freelancer did not come: from start + 10 min, with no check-in.
 * The shift is released as a no-show, the freelancer gets a strike, and the vacancy reopens when
 * 2 h or more of the shift are still ahead (`noShowReopens`), else it is cancelled.
 */
export async function reportNoShow(
  em: EntityManager,
  actor: Actor,
  assignmentId: number,
  now: Date = new Date(),
): Promise<ReleaseResult> {
  requireRole(actor, ['restaurant']);
  return inTransaction(em, async (tx) => {
    const { assignment, job } = await lockAssignmentOf(tx, actor, assignmentId);
    const retry = await alreadyReleased(tx, assignment, job, 'no_show', 'no_show');
    if (retry) return retry;
    requireReleasable(assignment);
    const shift = shiftTimeOfJob(job);
    if (!noShowReportAllowed(shift, now)) {
      throw conflict('no_show_too_early', MESSAGES.shiftRelease.noShowTooEarly);
    }
    const reopen = noShowReopens(shift, now);
    await release(tx, { assignment, job, by: 'no_show', reason: null, reopen, now });
    const strikeGiven = await addStrike(tx, {
      freelancerId: assignment.freelancer.id,
      assignmentId: assignment.id,
      reason: 'no_show',
      now,
    });
    return resultOf(assignment, job, strikeGiven);
  });
}

/**
 * The business releases a shift its freelancer did not confirm ("Liberar vaga", issue 26): from
 * 12 h before the start until the start, when the freelancer was accepted before that deadline and
 * has not confirmed. The same release as a cancellation (the vacancy reopens, the accepted
 * application is rejected, everyone told live) but nothing is owed: no fee billed or paid, no
 * strike. The freelancer is told (`shift_released_unconfirmed`). A retry answers the same.
 */
export async function releaseUnconfirmed(
  em: EntityManager,
  actor: Actor,
  assignmentId: number,
  now: Date = new Date(),
): Promise<ReleaseResult> {
  requireRole(actor, ['restaurant']);
  return inTransaction(em, async (tx) => {
    const { assignment, job } = await lockAssignmentOf(tx, actor, assignmentId);
    if (assignment.status === 'cancelled' && assignment.releasedUnconfirmedAt) {
      return resultOf(assignment, job, false);
    }
    if (assignment.status === 'cancelled')
      throw conflict('already_released', MESSAGES.shiftRelease.alreadyReleased);
    if (assignment.confirmedAt) {
      throw conflict('shift_confirmed', SHIFT_CONFIRMATION_MESSAGES.releaseConfirmed);
    }
    requireReleasableUnconfirmed(assignment, job, now);
    await releaseAsUnconfirmed(tx, assignment, job, now);
    return resultOf(assignment, job, false);
  });
}

/**
 * The workers' automatic release of an unconfirmed shift (the business chose it in its Perfil):
 * the same rules and effects as {@link releaseUnconfirmed}, re-checked on the locked rows; answers
 * whether it released (false: confirmed, checked in, cancelled or no longer due meanwhile).
 */
export async function autoReleaseUnconfirmed(
  em: EntityManager,
  assignmentId: number,
  now: Date = new Date(),
): Promise<boolean> {
  return inTransaction(em, async (tx) => {
    const found = await tx.findOne(Assignment, { id: assignmentId });
    const job = found ? await lockJobRow(tx, found.job.id) : null;
    if (!found || !job) return false;
    await tx.refresh(found);
    if (found.confirmedAt || found.status !== 'assigned' || found.checkInAt) return false;
    const shift = shiftTimeOfJob(job);
    if (!unconfirmedReleaseAllowed(shift, null, now) || !unconfirmedStepApplies(shift, found.createdAt)) {
      return false;
    }
    await releaseAsUnconfirmed(tx, found, job, now);
    return true;
  });
}

function requireReleasableUnconfirmed(assignment: Assignment, job: Job, now: Date): void {
  if (assignment.status !== 'assigned' || assignment.checkInAt || shiftHasStarted(shiftTimeOfJob(job), now)) {
    throw conflict('assignment_not_releasable', SHIFT_CONFIRMATION_MESSAGES.releaseNotAllowed);
  }
  const shift = shiftTimeOfJob(job);
  if (!unconfirmedReleaseAllowed(shift, null, now) || !unconfirmedStepApplies(shift, assignment.createdAt)) {
    throw conflict('release_too_early', SHIFT_CONFIRMATION_MESSAGES.releaseTooEarly);
  }
}

async function releaseAsUnconfirmed(tx: EntityManager, assignment: Assignment, job: Job, now: Date) {
  assignment.releasedUnconfirmedAt = now;
  assignment.unconfirmedAt ??= now;
  await release(tx, {
    assignment,
    job,
    by: 'restaurant',
    reason: SHIFT_CONFIRMATION_MESSAGES.releaseReason,
    reopen: true,
    now,
  });
}

/**
 * Releases the locked assignment: cancelled by `by`, the job open again or cancelled, the accepted
 * application rejected (so another can be accepted), and the business, the freelancer and, when
 * the vacancy reopens, every freelancer told live.
 */
async function release(
  tx: EntityManager,
  input: {
    assignment: Assignment;
    job: Job;
    by: CancelledBy;
    reason: string | null | undefined;
    reopen: boolean;
    now: Date;
  },
): Promise<void> {
  const { assignment, job, now } = input;
  assignment.status = 'cancelled';
  assignment.cancelledBy = input.by;
  assignment.cancelledAt = now;
  assignment.cancellationReason = optionalText(input.reason);
  job.status = input.reopen ? 'open' : 'cancelled';
  await tx.nativeUpdate(
    Application,
    { job: job.id, freelancer: assignment.freelancer.id, status: 'accepted' },
    { status: 'rejected', reviewedAt: now },
  );
  await tx.flush();
  await recordEvent(tx, {
    type: 'job_assignment',
    restaurantId: job.restaurant.id,
    freelancerId: assignment.freelancer.id,
    allFreelancers: input.reopen,
    payload: { jobId: job.id, assignmentId: assignment.id },
  });
}

/**
 * A retry: the assignment was already released the same way, so the same answer (the strike as
 * recorded). Released another way (the business cancelled a shift the freelancer had cancelled),
 * it is a conflict.
 */
async function alreadyReleased(
  tx: EntityManager,
  assignment: Assignment,
  job: Job,
  by: CancelledBy,
  strikeReason?: StrikeReason,
): Promise<ReleaseResult | null> {
  if (assignment.status !== 'cancelled') return null;
  if (assignment.cancelledBy !== by)
    throw conflict('already_released', MESSAGES.shiftRelease.alreadyReleased);
  const strikes = strikeReason
    ? await tx.count(Strike, { assignment: assignment.id, reason: strikeReason })
    : 0;
  return resultOf(assignment, job, strikes > 0);
}

/** Only an allocated shift not checked in (nor asked to be checked out) may be released. */
function requireReleasable(assignment: Assignment): void {
  if (assignment.status !== 'assigned' || assignment.checkInAt) {
    throw conflict('assignment_not_releasable', MESSAGES.shiftRelease.notCancellable);
  }
}

function resultOf(assignment: Assignment, job: Job, strikeGiven: boolean): ReleaseResult {
  return {
    assignmentId: assignment.id,
    jobId: job.id,
    assignmentStatus: assignment.status,
    jobStatus: job.status,
    cancelledBy: assignment.cancelledBy as CancelledBy,
    cancelledAt: assignment.cancelledAt as Date,
    // A vacancy reopened may since be filled again (assigned) or completed: only 'cancelled' was not.
    reopened: job.status !== 'cancelled',
    cancellationFeeCents: assignment.cancellationFeeCents ?? 0,
    cancellationPayoutCents: assignment.cancellationPayoutCents ?? 0,
    strikeGiven,
  };
}

/**
 * The assignment, read again after locking its job FOR UPDATE. 404 when it does not exist or is
 * not the actor's: a restaurant reaches the assignments of its jobs, a freelancer their own.
 */
async function lockAssignmentOf(
  tx: EntityManager,
  actor: Actor,
  assignmentId: number,
): Promise<{ assignment: Assignment; job: Job }> {
  const mine = (found: Assignment, job: Job) =>
    actor.role === 'freelancer' ? actsForFreelancer(actor, found.freelancer.id) : actsForJob(actor, job);
  const found = await tx.findOne(Assignment, { id: assignmentId }, { populate: ['job'] });
  const job = found && mine(found, found.job.$) ? await lockJobRow(tx, found.job.id) : null;
  if (!found || !job) throw notFound('assignment_not_found', MESSAGES.assignments.notFound);
  await tx.refresh(found);
  // Checked again on the locked rows: an admin may have moved the job to another business meanwhile.
  if (!mine(found, job)) throw notFound('assignment_not_found', MESSAGES.assignments.notFound);
  return { assignment: found, job };
}
