/**
 * Timesheet corrections (issue 23, "Timesheets"; rules in libs/domain timesheets.ts): either side of
 * a completed shift proposes corrected times, the other accepts or disputes, an admin decides disputes.
 */
import { z } from 'zod';
import {
  TIMESHEET_DECISIONS,
  TIMESHEET_PROPOSERS,
  TIMESHEET_REASON_MAX_LENGTH,
  TIMESHEET_STATUSES,
} from '@turno/domain';
import { Id, Money, Timestamp } from './common';

/** An instant as ISO 8601 text with a zone (what `Date#toISOString` writes, or with an offset). */
const Instant = z.iso.datetime({ offset: true }).max(40);
const Text = z.string().max(TIMESHEET_REASON_MAX_LENGTH * 2);

export const TimesheetIdParamsSchema = z.object({ id: Id });

/** POST …/assignments/:id/timesheet */
export const ProposeTimesheetRequestSchema = z.object({
  checkInAt: Instant,
  checkOutAt: Instant,
  reason: Text,
});
export type ProposeTimesheetRequest = z.infer<typeof ProposeTimesheetRequestSchema>;

/** POST …/timesheets/:id/answer: accept, or dispute with a reason. */
export const AnswerTimesheetRequestSchema = z.discriminatedUnion('accept', [
  z.object({ accept: z.literal(true) }),
  z.object({ accept: z.literal(false), disputeReason: Text }),
]);
export type AnswerTimesheetRequest = z.infer<typeof AnswerTimesheetRequestSchema>;

/** POST /api/admin/timesheets/:id/decide */
export const DecideTimesheetRequestSchema = z.object({
  decision: z.enum(TIMESHEET_DECISIONS),
  note: Text,
});
export type DecideTimesheetRequest = z.infer<typeof DecideTimesheetRequestSchema>;

/** Where a proposal stands after a call. */
export const TimesheetStateSchema = z.object({
  proposalId: z.number().int(),
  assignmentId: z.number().int(),
  status: z.enum(TIMESHEET_STATUSES),
  proposedBy: z.enum(TIMESHEET_PROPOSERS),
  checkInAt: Timestamp,
  checkOutAt: Timestamp,
  answerDeadline: Timestamp,
  decision: z.enum(TIMESHEET_DECISIONS).nullable(),
});
export type TimesheetStateWire = z.infer<typeof TimesheetStateSchema>;

/** One proposal as both sides and the admin read it. */
export const TimesheetProposalSchema = TimesheetStateSchema.extend({
  reason: z.string(),
  createdAt: Timestamp,
  disputeReason: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type TimesheetProposalWire = z.infer<typeof TimesheetProposalSchema>;
export const TimesheetProposalListSchema = z.array(TimesheetProposalSchema);

/** A disputed proposal in the admin's "Disputas" queue, with what the admin needs to decide. */
export const DisputedTimesheetSchema = TimesheetProposalSchema.extend({
  jobId: z.number().int(),
  jobTitle: z.string(),
  dateNeeded: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  restaurantName: z.string(),
  freelancerName: z.string(),
  /** The times and amounts recorded before the proposal. */
  recordedCheckInAt: Timestamp.nullable(),
  recordedCheckOutAt: Timestamp.nullable(),
  restaurantPaymentAmount: Money.nullable(),
  freelancerPaymentAmount: Money.nullable(),
});
export type DisputedTimesheet = z.infer<typeof DisputedTimesheetSchema>;
export const DisputedTimesheetListSchema = z.array(DisputedTimesheetSchema);

type WithInstants<T, K extends keyof T> = Omit<T, K> & { [P in K]: Date };

/** A service's TimesheetState (instants as Date) as the wire sends it. */
export function timesheetStateOnTheWire(
  state: WithInstants<TimesheetStateWire, 'checkInAt' | 'checkOutAt' | 'answerDeadline'>,
): TimesheetStateWire {
  return {
    proposalId: state.proposalId,
    assignmentId: state.assignmentId,
    status: state.status,
    proposedBy: state.proposedBy,
    checkInAt: state.checkInAt.toISOString(),
    checkOutAt: state.checkOutAt.toISOString(),
    answerDeadline: state.answerDeadline.toISOString(),
    decision: state.decision,
  };
}

/** A proposal row (instants as Date) as the wire sends it. */
export function proposalOnTheWire(
  row: WithInstants<TimesheetProposalWire, 'checkInAt' | 'checkOutAt' | 'answerDeadline' | 'createdAt'>,
): TimesheetProposalWire {
  return {
    ...timesheetStateOnTheWire(row),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    disputeReason: row.disputeReason,
    decisionNote: row.decisionNote,
  };
}
