/**
 * Timesheet corrections (issue 23, "Timesheets"; rules in libs/domain timesheets.ts): after a
 * check-out either side proposes corrected times with a reason; the other side accepts or disputes;
 * unanswered for 24 h the proposal is accepted (`acceptOverdueTimesheets`, run by a worker); a
 * dispute is decided by an admin. Settling a final timesheet writes its times and amounts on the
 * assignment; when the shift was already invoiced the difference becomes an invoice adjustment for
 * the business's next invoice, never an edit of an issued one.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  MESSAGES,
  TIMESHEET_REASON_MAX_LENGTH,
  TIMESHEET_REASON_MIN_LENGTH,
  settlementDelta,
  timesheetAnswerDeadline,
  timesheetPay,
  timesheetProposalOpen,
  timesheetTimesProblem,
  type TimesheetDecision,
  type TimesheetStatus,
} from '@turno/domain';
import { Assignment, InvoiceAdjustment, InvoiceLine, type Job } from '../model';
import { actsForFreelancer, actsForJob, requireRole } from '../shared/access';
import { lockJobRow } from '../rows/job-lock';
import type { Actor } from '../shared/actor';
import { conflict, invalid, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { recordEvent } from '../events/record-event';
import { refreshStatsOfFreelancer } from '../rows/freelancer-stats';
import { TimesheetProposal } from '../model/timesheet-proposal.entity';
import { correctPayoutsOfAssignment } from './payout-correction';

export interface ProposeTimesheetInput {
  checkInAt: Date;
  checkOutAt: Date;
  reason: string;
}

/** Where a proposal stands after a call. */
export interface TimesheetState {
  proposalId: number;
  assignmentId: number;
  status: TimesheetStatus;
  proposedBy: 'freelancer' | 'restaurant';
  checkInAt: Date;
  checkOutAt: Date;
  answerDeadline: Date;
  decision: TimesheetDecision | null;
}

const alreadyOpen = () => conflict('timesheet_already_open', MESSAGES.timesheets.alreadyOpen);

/** Either side of a completed shift proposes corrected times, within 48 h of the check-out. */
export async function proposeTimesheet(
  em: EntityManager,
  actor: Actor,
  assignmentId: number,
  input: ProposeTimesheetInput,
  now: Date = new Date(),
): Promise<TimesheetState> {
  requireRole(actor, ['freelancer', 'restaurant']);
  const reason = checkedText(input.reason, () =>
    invalid(
      'invalid_timesheet_reason',
      MESSAGES.timesheets.reasonLength(TIMESHEET_REASON_MIN_LENGTH, TIMESHEET_REASON_MAX_LENGTH),
    ),
  );
  return inTransaction(
    em,
    async (tx) => {
      const { assignment, job } = await lockOwnAssignment(tx, actor, assignmentId);
      if (assignment.status !== 'completed' || !assignment.checkOutAt) {
        throw conflict('timesheet_shift_not_completed', MESSAGES.timesheets.notCompleted);
      }
      if (!timesheetProposalOpen(assignment.checkOutAt, now)) {
        throw conflict('timesheet_window_closed', MESSAGES.timesheets.windowClosed);
      }
      const problem = timesheetTimesProblem(shiftOfJob(job), input.checkInAt, input.checkOutAt);
      if (problem === 'order') throw invalid('timesheet_times_order', MESSAGES.timesheets.timesOrder);
      if (problem === 'before_window')
        throw invalid('timesheet_times_too_early', MESSAGES.timesheets.timesTooEarly);
      if (problem === 'after_window')
        throw invalid('timesheet_times_too_late', MESSAGES.timesheets.timesTooLate);
      if (
        (await tx.count(TimesheetProposal, {
          assignment: assignment.id,
          status: { $in: ['pending', 'disputed'] },
        })) > 0
      ) {
        throw alreadyOpen();
      }
      const proposal = tx.create(TimesheetProposal, {
        assignment,
        proposedBy: actor.role === 'freelancer' ? 'freelancer' : 'restaurant',
        proposedByUserId: actor.userId,
        checkInAt: input.checkInAt,
        checkOutAt: input.checkOutAt,
        reason,
        status: 'pending',
        answerDeadline: timesheetAnswerDeadline(now),
        createdAt: now,
      });
      await tx.flush();
      await recordTimesheetEvent(tx, proposal, assignment, job);
      return stateOf(proposal);
    },
    { timesheet_proposals_one_open_per_assignment: alreadyOpen },
  );
}

/** What the other side answers: accept, or dispute with a reason. */
export type TimesheetAnswer = { accept: true } | { accept: false; disputeReason: string };

/**
 * The side that did not propose answers a pending proposal: accepted, it settles the shift;
 * disputed, it waits for an admin. Past its deadline the proposal is accepted first (as the worker
 * would) and the answer refused, saying so. Answering the same way again changes nothing.
 */
export async function answerTimesheet(
  em: EntityManager,
  actor: Actor,
  proposalId: number,
  answer: TimesheetAnswer,
  now: Date = new Date(),
): Promise<TimesheetState> {
  requireRole(actor, ['freelancer', 'restaurant']);
  const disputeReason = answer.accept
    ? null
    : checkedText(answer.disputeReason, () =>
        invalid(
          'invalid_dispute_reason',
          MESSAGES.timesheets.disputeReasonLength(TIMESHEET_REASON_MIN_LENGTH, TIMESHEET_REASON_MAX_LENGTH),
        ),
      );
  const outcome = await inTransaction(em, async (tx) => {
    const { proposal, assignment, job } = await lockProposal(tx, actor, proposalId);
    const side = actor.role === 'freelancer' ? 'freelancer' : 'restaurant';
    if (proposal.proposedBy === side)
      throw conflict('timesheet_own_proposal', MESSAGES.timesheets.ownProposal);
    const wanted: TimesheetStatus = answer.accept ? 'accepted' : 'disputed';
    if (proposal.status === wanted) return { state: stateOf(proposal) };
    if (proposal.status !== 'pending')
      throw conflict('timesheet_not_pending', MESSAGES.timesheets.notPending);
    if (proposal.answerDeadline.getTime() <= now.getTime()) {
      await settle(tx, proposal, assignment, job, 'auto_accepted', null, now);
      return { state: stateOf(proposal), refusal: MESSAGES.timesheets.autoAccepted(proposal.answerDeadline) };
    }
    proposal.answeredAt = now;
    proposal.answeredByUserId = actor.userId;
    if (answer.accept) {
      await settle(tx, proposal, assignment, job, 'accepted', null, now);
    } else {
      proposal.status = 'disputed';
      proposal.disputeReason = disputeReason;
      await recordTimesheetEvent(tx, proposal, assignment, job);
    }
    return { state: stateOf(proposal) };
  });
  // The automatic acceptance is kept (committed) and the late answer refused.
  if (outcome.refusal) throw conflict('timesheet_auto_accepted', outcome.refusal);
  return outcome.state;
}

/** An admin decides a disputed proposal: full pay, partial pay by the proposed times, or no pay. */
export async function decideTimesheet(
  em: EntityManager,
  actor: Actor,
  proposalId: number,
  input: { decision: TimesheetDecision; note: string },
  now: Date = new Date(),
): Promise<TimesheetState> {
  requireRole(actor, ['admin']);
  const note = checkedText(input.note, () =>
    invalid(
      'invalid_decision_note',
      MESSAGES.timesheets.decisionNoteLength(TIMESHEET_REASON_MIN_LENGTH, TIMESHEET_REASON_MAX_LENGTH),
    ),
  );
  return inTransaction(em, async (tx) => {
    const { proposal, assignment, job } = await lockProposal(tx, actor, proposalId);
    if (proposal.status === 'decided' && proposal.decision === input.decision) return stateOf(proposal);
    if (proposal.status !== 'disputed')
      throw conflict('timesheet_not_disputed', MESSAGES.timesheets.notDisputed);
    proposal.decisionNote = note;
    proposal.decidedByUserId = actor.adminId;
    await settle(tx, proposal, assignment, job, 'decided', input.decision, now);
    return stateOf(proposal);
  });
}

/**
 * Accepts every pending proposal whose 24 h passed at `now` (a bounded batch, oldest deadline
 * first; run again until it answers 0). Each in its own transaction; a proposal answered meanwhile
 * is skipped. Answers how many were accepted.
 */
export async function acceptOverdueTimesheets(
  em: EntityManager,
  now: Date = new Date(),
  batch = 200,
): Promise<number> {
  const due = await em
    .getConnection()
    .execute<{ id: number }[]>(
      `select id from timesheet_proposals where status = 'pending' and answer_deadline <= ? order by answer_deadline, id limit ?`,
      [now, batch],
    );
  let accepted = 0;
  for (const { id } of due) {
    const done = await inTransaction(em, async (tx) => {
      const found = await tx.findOne(TimesheetProposal, { id }, { populate: ['assignment'] });
      if (!found) return false;
      const job = await lockJobRow(tx, found.assignment.$.job.id);
      if (!job) return false;
      await tx.refresh(found);
      if (found.status !== 'pending' || found.answerDeadline.getTime() > now.getTime()) return false;
      const assignment = await tx.findOneOrFail(Assignment, { id: found.assignment.id }, { refresh: true });
      await settle(tx, found, assignment, job, 'auto_accepted', null, now);
      return true;
    });
    if (done) accepted += 1;
  }
  return accepted;
}

/**
 * Makes `proposal` final: its times and amounts go on the assignment; when the shift was already
 * invoiced, the difference is left as an adjustment for the next invoice; the freelancer's payout
 * follows the new amount (issue 25, `payout-correction.ts`: the amount of a payout not yet sent, a
 * complement, or a deduction from their next payouts).
 */
async function settle(
  tx: EntityManager,
  proposal: TimesheetProposal,
  assignment: Assignment,
  job: Job,
  status: 'accepted' | 'auto_accepted' | 'decided',
  decision: TimesheetDecision | null,
  now: Date,
): Promise<void> {
  const before = {
    chargeCents: assignment.restaurantChargeCents ?? 0,
    payoutCents: assignment.freelancerPayoutCents ?? 0,
  };
  const pay = timesheetPay({
    fullChargeCents: job.chargeCents,
    shift: shiftOfJob(job),
    checkInAt: proposal.checkInAt,
    checkOutAt: proposal.checkOutAt,
    decision,
  });
  proposal.status = status;
  proposal.decision = decision;
  if (status === 'decided') proposal.decidedAt = now;
  if (status === 'auto_accepted') proposal.answeredAt = now;
  assignment.checkInAt = proposal.checkInAt;
  assignment.checkOutAt = proposal.checkOutAt;
  assignment.payBasis = pay.payBasis;
  assignment.paidMinutes = pay.paidMinutes;
  assignment.restaurantChargeCents = pay.chargeCents;
  assignment.freelancerPayoutCents = pay.payoutCents;
  assignment.commissionCents = pay.commissionCents;
  const delta = settlementDelta(before, pay);
  const invoiced = (await tx.count(InvoiceLine, { assignment: assignment.id })) > 0;
  if (invoiced && (delta.chargeDeltaCents !== 0 || delta.payoutDeltaCents !== 0)) {
    tx.create(InvoiceAdjustment, {
      assignment,
      restaurantId: job.restaurant.id,
      chargeDeltaCents: delta.chargeDeltaCents,
      payoutDeltaCents: delta.payoutDeltaCents,
      reason: `timesheet:${proposal.id}`,
      createdAt: now,
    });
  }
  await tx.flush();
  await correctPayoutsOfAssignment(tx, {
    assignment,
    beforeCents: before.payoutCents,
    afterCents: pay.payoutCents,
    key: `timesheet:${proposal.id}`,
    now,
  });
  await refreshStatsOfFreelancer(tx, assignment.freelancer.id);
  await recordTimesheetEvent(tx, proposal, assignment, job);
}

/** The assignment of a freelancer's or restaurant's own shift, its job row locked; 404 otherwise. */
async function lockOwnAssignment(
  tx: EntityManager,
  actor: Actor,
  assignmentId: number,
): Promise<{ assignment: Assignment; job: Job }> {
  const found = await tx.findOne(Assignment, { id: assignmentId }, { populate: ['job'] });
  const job =
    found && ownsShift(actor, found.freelancer.id, found.job.$) ? await lockJobRow(tx, found.job.id) : null;
  if (!found || !job) throw notFound('assignment_not_found', MESSAGES.assignments.notFound);
  await tx.refresh(found);
  if (!ownsShift(actor, found.freelancer.id, job)) {
    throw notFound('assignment_not_found', MESSAGES.assignments.notFound);
  }
  return { assignment: found, job };
}

/** A proposal on one of the actor's shifts (any shift for an admin), its job row locked; 404 otherwise. */
async function lockProposal(
  tx: EntityManager,
  actor: Actor,
  proposalId: number,
): Promise<{ proposal: TimesheetProposal; assignment: Assignment; job: Job }> {
  const found = await tx.findOne(
    TimesheetProposal,
    { id: proposalId },
    { populate: ['assignment', 'assignment.job'] },
  );
  if (!found) throw notFound('timesheet_not_found', MESSAGES.timesheets.notFound);
  const shift = found.assignment.$;
  if (!ownsShift(actor, shift.freelancer.id, shift.job.$)) {
    throw notFound('timesheet_not_found', MESSAGES.timesheets.notFound);
  }
  const job = await lockJobRow(tx, shift.job.id);
  if (!job) throw notFound('timesheet_not_found', MESSAGES.timesheets.notFound);
  await tx.refresh(found);
  const assignment = await tx.findOneOrFail(Assignment, { id: shift.id }, { refresh: true });
  return { proposal: found, assignment, job };
}

function ownsShift(actor: Actor, freelancerId: number, job: Job): boolean {
  if (actor.role === 'admin') return true;
  return actor.role === 'freelancer' ? actsForFreelancer(actor, freelancerId) : actsForJob(actor, job);
}

function shiftOfJob(job: Job) {
  return { date: job.dateNeeded, start: job.startTime, end: job.endTime };
}

/** Trimmed text of 5–500 characters, else the given refusal. */
function checkedText(value: string | null | undefined, refusal: () => Error): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text.length < TIMESHEET_REASON_MIN_LENGTH || text.length > TIMESHEET_REASON_MAX_LENGTH) throw refusal();
  return text;
}

function recordTimesheetEvent(
  tx: EntityManager,
  proposal: TimesheetProposal,
  assignment: Assignment,
  job: Job,
) {
  return recordEvent(tx, {
    type: 'timesheet',
    restaurantId: job.restaurant.id,
    freelancerId: assignment.freelancer.id,
    payload: { jobId: job.id, assignmentId: assignment.id },
  });
}

function stateOf(proposal: TimesheetProposal): TimesheetState {
  return {
    proposalId: proposal.id,
    assignmentId: proposal.assignment.id,
    status: proposal.status,
    proposedBy: proposal.proposedBy,
    checkInAt: proposal.checkInAt,
    checkOutAt: proposal.checkOutAt,
    answerDeadline: proposal.answerDeadline,
    decision: proposal.decision ?? null,
  };
}
