/**
 * Assignments and the shift flow: admin assign/unassign; the freelancer's "a caminho", check-in and
 * check-out requests; the business's (or an admin's) approvals; the admin's manual check-in and
 * check-out. Every transition locks the job row first, so two of them on one shift never interleave.
 * Retries are harmless: repeating a transition that already happened returns the same state
 * (approving a completed check-out returns the same amounts) instead of doing it twice.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type LiveEventType,
  MESSAGES,
  CORRECTION_REASON_MAX_LENGTH,
  CORRECTION_REASON_MIN_LENGTH,
  CHECK_OUT_CONFIRM_AFTER_END_MINUTES,
  approvedCheckOutAt,
  canConfirmCheckOutWithoutRequest,
  checkInRequestAllowed,
  correctionReason,
  isValidCorrectionReason,
  manualCheckInOutsideWindow,
  manualCheckOutTiming,
  onTheWayAllowed,
  shiftPay,
  toReais,
  workedTime,
  type AssignmentStatus,
  type CheckInMethod,
  type CheckOutMethod,
  type PayBasis,
} from '@turno/domain';
import { Application, Assignment, Freelancer, type Job } from '../model';
import { actsForFreelancer, actsForJob, requireRole } from '../shared/access';
import { lockJobRow } from '../rows/job-lock';
import type { Actor } from '../shared/actor';
import { conflict, invalid, notFound } from '../shared/domain-error';
import { refreshStatsOfFreelancer } from '../rows/freelancer-stats';
import { shiftOf } from '../rows/schedule';
import { inTransaction } from '../shared/transaction';
import { recordEvent } from '../events/record-event';
import { createPayoutOfCompletion } from './payout-of-completion';

/**
 * An admin unassigns (desaloca) a freelancer who has not completed the shift: the assignment is
 * cancelled, the job open again and the accepted application, if any, rejected (so another one can
 * be accepted). Unassigning a cancelled assignment (a retry) changes nothing.
 */
export async function unassignFreelancer(
  em: EntityManager,
  actor: Actor,
  assignmentId: number,
  now: Date = new Date(),
): Promise<ShiftState> {
  requireRole(actor, ['admin']);
  return inTransaction(em, async (tx) => {
    const { assignment, job } = await lockAssignment(tx, actor, assignmentId);
    if (assignment.status === 'completed') {
      throw conflict('assignment_completed', MESSAGES.assignments.completedCannotBeUnassigned);
    }
    if (assignment.status !== 'cancelled') {
      assignment.status = 'cancelled';
      assignment.cancelledBy = 'admin';
      assignment.cancelledAt = now;
      const reopened = job.status === 'assigned';
      if (reopened) job.status = 'open';
      await tx.nativeUpdate(
        Application,
        { job: job.id, freelancer: assignment.freelancer.id, status: 'accepted' },
        { status: 'rejected', reviewedAt: now },
      );
      await recordEvent(tx, {
        type: 'job_assignment',
        restaurantId: job.restaurant.id,
        freelancerId: assignment.freelancer.id,
        // The vacancy is open again: back in every freelancer's list.
        allFreelancers: reopened,
        payload: { jobId: job.id, assignmentId: assignment.id },
      });
    }
    return shiftState(assignment);
  });
}

/** Where a shift stands after a transition. */
export interface ShiftState {
  assignmentId: number;
  jobId: number;
  status: AssignmentStatus;
  onTheWayAt: Date | null;
  checkinRequestedAt: Date | null;
  checkInAt: Date | null;
  checkoutRequestedAt: Date | null;
  checkOutAt: Date | null;
}

/** The checks and changes of one shift transition, run on the locked assignment and its job. */
type ShiftChange = (shift: { assignment: Assignment; job: Job; actor: Actor; now: Date }) => void;

/**
 * Builds a shift transition for the given roles: one transaction that locks the job row, loads the
 * assignment (scoped to the actor: another owner's id is 404), applies `change`, records the
 * `event` when the shift changed (a retry changes nothing and records nothing) and answers where
 * the shift stands.
 */
function shiftTransition(roles: Actor['role'][], event: LiveEventType, change: ShiftChange) {
  return async (
    em: EntityManager,
    actor: Actor,
    assignmentId: number,
    now: Date = new Date(),
  ): Promise<ShiftState> => {
    requireRole(actor, roles);
    return inTransaction(em, async (tx) => {
      const { assignment, job } = await lockAssignment(tx, actor, assignmentId);
      const before = JSON.stringify(shiftState(assignment));
      change({ assignment, job, actor, now });
      const after = shiftState(assignment);
      if (JSON.stringify(after) !== before) await recordShiftEvent(tx, event, assignment, job);
      return after;
    });
  };
}

/** A shift changed: its restaurant and its freelancer hear it. */
function recordShiftEvent(tx: EntityManager, type: LiveEventType, assignment: Assignment, job: Job) {
  return recordEvent(tx, {
    type,
    restaurantId: job.restaurant.id,
    freelancerId: assignment.freelancer.id,
    payload: { jobId: job.id, assignmentId: assignment.id },
  });
}

/**
 * The freelancer signals "a caminho", from 3 h before to 1 h after the shift start. Signalling
 * again keeps the first time.
 */
export const markOnTheWay = shiftTransition(
  ['freelancer'],
  'on_the_way',
  ({ assignment, job, actor, now }) => {
    requireNotFinished(actor, assignment);
    if (assignment.checkInAt) throw conflict('already_checked_in', MESSAGES.shifts.checkInAlreadyDone);
    if (assignment.onTheWayAt) return;
    if (!onTheWayAllowed({ date: job.dateNeeded, start: job.startTime }, now)) {
      throw conflict('outside_on_the_way_window', MESSAGES.shifts.onTheWayOutsideWindow);
    }
    assignment.onTheWayAt = now;
  },
);

/**
 * The freelancer asks for check-in, from 1 h before the start on (refused earlier with a clear
 * message). Asking again keeps the first request time.
 */
export const requestCheckIn = shiftTransition(
  ['freelancer'],
  'check_in',
  ({ assignment, job, actor, now }) => {
    requireNotFinished(actor, assignment);
    if (assignment.checkInAt) throw conflict('already_checked_in', MESSAGES.shifts.checkInAlreadyDone);
    if (
      !assignment.checkinRequestedAt &&
      !checkInRequestAllowed({ date: job.dateNeeded, start: job.startTime }, now)
    ) {
      throw conflict('check_in_too_early', MESSAGES.shifts.checkInTooEarly);
    }
    assignment.checkinRequestedAt ??= now;
  },
);

/**
 * The freelancer asks for check-out once checked in; the request may be resent (its time is
 * updated). A request time earlier than the check-in (a clock out of step) is refused.
 */
export const requestCheckOut = shiftTransition(['freelancer'], 'check_out', ({ assignment, actor, now }) => {
  requireNotFinished(actor, assignment);
  if (!assignment.checkInAt) throw conflict('check_in_required', MESSAGES.shifts.checkInRequired);
  if (now.getTime() < assignment.checkInAt.getTime()) {
    throw conflict('check_out_before_check_in', MESSAGES.checkOut.requestBeforeCheckIn);
  }
  assignment.checkoutRequestedAt = now;
});

/** The business (or an admin) approves a requested check-in: the shift is in progress. */
export const approveCheckIn = shiftTransition(
  ['admin', 'restaurant'],
  'check_in',
  ({ assignment, actor, now }) => {
    requireNotCancelled(actor, assignment);
    if (assignment.checkInAt) return;
    if (!assignment.checkinRequestedAt) {
      throw conflict('check_in_request_missing', MESSAGES.shifts.checkInRequestMissing);
    }
    checkIn(assignment, now, actor.role === 'restaurant' ? 'manager' : 'admin');
  },
);

/** What an admin gives with a manual check-in or check-out. */
export interface ManualShiftOptions {
  /**
   * Why a correction outside the window is made (5–500 characters): required then, and kept in the
   * admin audit trail with the action (the route's input).
   */
  reason?: string | null;
}

/**
 * An admin checks the freelancer in without a request (assigned, not yet checked in). The window
 * opens 1 h before the start, as for the freelancer's own request; earlier (days before, say) it is
 * a correction and needs a reason. Checking in again changes nothing.
 */
export async function manualCheckIn(
  em: EntityManager,
  actor: Actor,
  assignmentId: number,
  now: Date = new Date(),
  options: ManualShiftOptions = {},
): Promise<ShiftState> {
  const reason = checkedReason(options.reason);
  return shiftTransition(['admin'], 'check_in', ({ assignment, job, actor, now }) => {
    requireNotCancelled(actor, assignment);
    if (assignment.checkInAt) return;
    if (!reason && manualCheckInOutsideWindow({ date: job.dateNeeded, start: job.startTime }, now)) {
      throw conflict('correction_reason_required', MESSAGES.shifts.manualCheckInOutsideWindow);
    }
    checkIn(assignment, now, 'admin');
  })(em, actor, assignmentId, now);
}

/** The reason as kept, or null; 400 when one is given with fewer than 5 or more than 500 characters. */
function checkedReason(reason: string | null | undefined): string | null {
  const text = correctionReason(reason);
  if (text !== null && !isValidCorrectionReason(text)) {
    throw invalid(
      'invalid_correction_reason',
      MESSAGES.shifts.correctionReasonLength(CORRECTION_REASON_MIN_LENGTH, CORRECTION_REASON_MAX_LENGTH),
    );
  }
  return text;
}

/** What approving a check-out answers (spec 01 §7 and spec 02 §7); amounts in reais. */
export interface CompletionResult {
  jobCompleted: true;
  assignmentId: number;
  jobId: number;
  jobTitle: string;
  freelancerName: string;
  freelancerPaymentAmount: number;
  restaurantPaymentAmount: number;
  commissionAmount: number;
  completedAt: Date;
  /** How the shift was paid (issue 23): by worked time or in full, and the minutes paid for. */
  payBasis: PayBasis;
  paidMinutes: number;
  workedMinutes: number;
  scheduledMinutes: number;
  earlyDeparture: boolean;
  /** The check-out recorded (the requested time when the freelancer asked). */
  checkOutAt: Date;
}

/** How an approver pays the shift: 'worked' when not said (the default; a retry keeps the first choice). */
export interface CheckOutOptions {
  payBasis?: PayBasis;
}

/**
 * The business (or an admin) approves a requested check-out of a checked-in shift: the check-out is
 * recorded at the REQUESTED time (approving hours later adds no hours) and the shift completed,
 * paid by worked time unless the approver chose 'full' (issue 23). From the scheduled end + 2 h on,
 * the business may confirm a check-out nobody requested: it is recorded at the scheduled end.
 * Approving again returns the same result; approving with another pay basis after completion is
 * refused (corrections go through timesheets).
 */
export async function approveCheckOut(
  em: EntityManager,
  actor: Actor,
  assignmentId: number,
  now: Date = new Date(),
  options: CheckOutOptions = {},
): Promise<CompletionResult> {
  requireRole(actor, ['admin', 'restaurant']);
  return completeShift(em, actor, assignmentId, now, options.payBasis, (assignment, job) => {
    const shift = shiftOf(job);
    const state = {
      checkInAt: assignment.checkInAt ?? null,
      checkoutRequestedAt: assignment.checkoutRequestedAt ?? null,
      checkOutAt: assignment.checkOutAt ?? null,
    };
    if (!state.checkoutRequestedAt && !canConfirmCheckOutWithoutRequest(shift, state, now)) {
      throw conflict(
        'check_out_request_missing',
        actor.role === 'restaurant'
          ? MESSAGES.checkOut.requestMissingYet(CHECK_OUT_CONFIRM_AFTER_END_MINUTES / 60)
          : MESSAGES.shifts.checkOutRequestMissing,
      );
    }
    return { checkOutAt: approvedCheckOutAt(shift, state.checkoutRequestedAt), checkOutMethod: 'manager' };
  });
}

/**
 * An admin checks the freelancer out without a request (checked in, not out): completes the shift
 * at `now`. Never earlier than the check-in; before the shift's start it is a correction that needs
 * a reason (a shift dated 02/12 completed, and billed, on 26/11).
 */
export async function manualCheckOut(
  em: EntityManager,
  actor: Actor,
  assignmentId: number,
  now: Date = new Date(),
  options: ManualShiftOptions & CheckOutOptions = {},
): Promise<CompletionResult> {
  requireRole(actor, ['admin']);
  const reason = checkedReason(options.reason);
  return completeShift(em, actor, assignmentId, now, options.payBasis, (assignment, job) => {
    const timing = manualCheckOutTiming(shiftOf(job), assignment.checkInAt as Date, now);
    if (timing === 'before_check_in') {
      throw conflict('check_out_before_check_in', MESSAGES.shifts.checkOutBeforeCheckIn);
    }
    if (timing === 'outside_window' && !reason) {
      throw conflict('correction_reason_required', MESSAGES.shifts.manualCheckOutOutsideWindow);
    }
    return { checkOutAt: now, checkOutMethod: 'admin' };
  });
}

/** The check-out a completion records, decided on the locked, checked-in assignment. */
type CheckOutDecision = (
  assignment: Assignment,
  job: Job,
) => { checkOutAt: Date; checkOutMethod: CheckOutMethod };

function completeShift(
  em: EntityManager,
  actor: Actor,
  assignmentId: number,
  now: Date,
  payBasis: PayBasis | undefined,
  decide: CheckOutDecision,
): Promise<CompletionResult> {
  return inTransaction(em, async (tx) => {
    const { assignment, job } = await lockAssignment(tx, actor, assignmentId);
    if (assignment.status === 'completed') {
      if (payBasis && assignment.payBasis && payBasis !== assignment.payBasis) {
        throw conflict('pay_basis_changed', MESSAGES.checkOut.payBasisChanged);
      }
    } else {
      requireNotFinished(actor, assignment);
      if (!assignment.checkInAt) throw conflict('check_in_required', MESSAGES.shifts.checkInRequired);
      const { checkOutAt, checkOutMethod } = decide(assignment, job);
      await completeAssignment(tx, {
        assignment,
        job,
        checkOutAt,
        checkOutMethod,
        payBasis: payBasis ?? 'worked',
        now,
      });
    }
    return completionResult(tx, assignment, job);
  });
}

/** What `completeAssignment` needs: the locked, checked-in assignment and its job, and how it ends. */
export interface CompleteAssignmentInput {
  assignment: Assignment;
  job: Job;
  /** The check-out recorded (never before the check-in: it is moved up to it). */
  checkOutAt: Date;
  checkOutMethod: CheckOutMethod;
  payBasis: PayBasis;
  /** When the completion happens (completedAt); the check-out time by default. */
  now?: Date;
}

/**
 * Completes a checked-in shift inside the caller's transaction (job row locked by the caller): the
 * check-out, the amounts by `shiftPay` (the partial-pay rule of libs/domain), the assignment and
 * the job completed, the freelancer's stats refreshed, the `job_completed` event recorded and the
 * shift's Pix payout created (`createPayoutOfCompletion`).
 * Reused by every way a shift ends (approval, store code, the auto-close at the scheduled end).
 * Does nothing on a completed assignment.
 */
export async function completeAssignment(tx: EntityManager, input: CompleteAssignmentInput): Promise<void> {
  const { assignment, job } = input;
  if (assignment.status === 'completed') return;
  const checkInAt = assignment.checkInAt;
  if (!checkInAt) throw conflict('check_in_required', MESSAGES.shifts.checkInRequired);
  const checkOutAt = input.checkOutAt < checkInAt ? checkInAt : input.checkOutAt;
  const pay = shiftPay({
    fullChargeCents: job.chargeCents,
    shift: shiftOf(job),
    checkInAt,
    checkOutAt,
    payBasis: input.payBasis,
  });
  assignment.status = 'completed';
  assignment.checkOutAt = checkOutAt;
  assignment.checkOutMethod = input.checkOutMethod;
  assignment.completedAt = input.now ?? checkOutAt;
  assignment.payBasis = pay.payBasis;
  assignment.paidMinutes = pay.paidMinutes;
  assignment.restaurantChargeCents = pay.chargeCents;
  assignment.freelancerPayoutCents = pay.payoutCents;
  assignment.commissionCents = pay.commissionCents;
  job.status = 'completed';
  await refreshStatsOfFreelancer(tx, assignment.freelancer.id);
  await recordShiftEvent(tx, 'job_completed', assignment, job);
  // The flush writes the completed assignment before its payout row references its amount.
  await tx.flush();
  await createPayoutOfCompletion(tx, assignment, input.now ?? new Date());
}

/** The answer of a completion, read from the completed assignment (a retry answers the same). */
async function completionResult(
  tx: EntityManager,
  assignment: Assignment,
  job: Job,
): Promise<CompletionResult> {
  const freelancer = await tx.findOneOrFail(Freelancer, { id: assignment.freelancer.id });
  const checkOutAt = assignment.checkOutAt as Date;
  const worked = workedTime(shiftOf(job), assignment.checkInAt as Date, checkOutAt);
  return {
    jobCompleted: true,
    assignmentId: assignment.id,
    jobId: job.id,
    jobTitle: job.title,
    freelancerName: freelancer.name,
    freelancerPaymentAmount: toReais(assignment.freelancerPayoutCents ?? 0),
    restaurantPaymentAmount: toReais(assignment.restaurantChargeCents ?? 0),
    commissionAmount: toReais(assignment.commissionCents ?? 0),
    completedAt: assignment.completedAt as Date,
    payBasis: assignment.payBasis ?? 'full',
    paidMinutes: assignment.paidMinutes ?? worked.scheduledMinutes,
    workedMinutes: worked.workedMinutes,
    scheduledMinutes: worked.scheduledMinutes,
    earlyDeparture: worked.earlyDeparture,
    checkOutAt,
  };
}

function checkIn(assignment: Assignment, now: Date, method: CheckInMethod): void {
  assignment.checkInAt = now;
  assignment.checkInMethod = method;
  assignment.status = 'in_progress';
}

/** Refuses a transition on a cancelled (unassigned) assignment. */
function requireNotCancelled(actor: Actor, assignment: Assignment): void {
  if (assignment.status === 'cancelled') {
    throw conflict(
      'assignment_cancelled',
      actor.role === 'freelancer' ? MESSAGES.shifts.notYourShift : MESSAGES.shifts.notAssigned,
    );
  }
}

/** Refuses a transition on a cancelled (unassigned) or completed assignment. */
function requireNotFinished(actor: Actor, assignment: Assignment): void {
  requireNotCancelled(actor, assignment);
  if (assignment.status === 'completed')
    throw conflict('assignment_completed', MESSAGES.shifts.alreadyCompleted);
}

/**
 * The assignment, read again after locking its job FOR UPDATE. 404 when it does not exist or is
 * not the actor's: a restaurant reaches the assignments of its jobs, a freelancer their own.
 */
async function lockAssignment(
  tx: EntityManager,
  actor: Actor,
  assignmentId: number,
): Promise<{ assignment: Assignment; job: Job }> {
  const found = await tx.findOne(Assignment, { id: assignmentId }, { populate: ['job'] });
  const mine =
    found &&
    (actor.role === 'freelancer'
      ? actsForFreelancer(actor, found.freelancer.id)
      : actsForJob(actor, found.job.$));
  const job = mine ? await lockJobRow(tx, found.job.id) : null;
  if (!found || !job) throw notFound('assignment_not_found', MESSAGES.assignments.notFound);
  await tx.refresh(found);
  // Checked again on the locked rows: an admin may have moved the job to another business meanwhile.
  const stillMine =
    actor.role === 'freelancer' ? actsForFreelancer(actor, found.freelancer.id) : actsForJob(actor, job);
  if (!stillMine) throw notFound('assignment_not_found', MESSAGES.assignments.notFound);
  return { assignment: found, job };
}

function shiftState(assignment: Assignment): ShiftState {
  return {
    assignmentId: assignment.id,
    jobId: assignment.job.id,
    status: assignment.status,
    onTheWayAt: assignment.onTheWayAt ?? null,
    checkinRequestedAt: assignment.checkinRequestedAt ?? null,
    checkInAt: assignment.checkInAt ?? null,
    checkoutRequestedAt: assignment.checkoutRequestedAt ?? null,
    checkOutAt: assignment.checkOutAt ?? null,
  };
}
