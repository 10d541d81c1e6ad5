/**
 * Timesheets both sides can settle (issue 23, "Timesheets"): after a check-out either side may
 * propose corrected times within 48 hours, with a reason; the other side accepts or disputes; with no
 * answer in 24 hours the proposal is accepted, so a worker's pay never waits on a manager. A dispute
 * goes to the admin's "Disputas" queue, decided as full pay, partial pay by worked time, or no pay.
 */
import type { PayBasis } from './shift-records';
import { shiftEndInstant, shiftStartInstant, type ShiftTime } from './shifts';
import { MS_PER_HOUR, MS_PER_MINUTE } from './time';
import { shiftPay, type ShiftPay } from './worked-time';

/** A correction may be proposed until this many hours after the check-out. */
export const TIMESHEET_PROPOSAL_WINDOW_HOURS = 48;
/** With no answer this many hours after the proposal, it is accepted. */
export const TIMESHEET_ANSWER_HOURS = 24;
/** Proposed times may start this long before the scheduled start (the check-in window) … */
export const TIMESHEET_EARLIEST_BEFORE_START_MINUTES = 60;
/** … and end this long after the scheduled end. */
export const TIMESHEET_LATEST_AFTER_END_HOURS = 12;
export const TIMESHEET_REASON_MIN_LENGTH = 5;
export const TIMESHEET_REASON_MAX_LENGTH = 500;

export const TIMESHEET_PROPOSERS = ['freelancer', 'restaurant'] as const;
export type TimesheetProposer = (typeof TIMESHEET_PROPOSERS)[number];

/** pending → accepted (by the other side) | auto_accepted (no answer in 24 h) | disputed → decided (admin). */
export const TIMESHEET_STATUSES = ['pending', 'accepted', 'auto_accepted', 'disputed', 'decided'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];
export const TIMESHEET_STATUS_LABELS: Record<TimesheetStatus, string> = {
  pending: 'Aguardando resposta',
  accepted: 'Aceita',
  auto_accepted: 'Aceita automaticamente',
  disputed: 'Em disputa',
  decided: 'Decidida pelo suporte',
};

/** The admin's decision on a disputed timesheet. */
export const TIMESHEET_DECISIONS = ['full', 'partial', 'none'] as const;
export type TimesheetDecision = (typeof TIMESHEET_DECISIONS)[number];
export const TIMESHEET_DECISION_LABELS: Record<TimesheetDecision, string> = {
  full: 'Pagamento integral',
  partial: 'Pagamento pelo tempo trabalhado',
  none: 'Sem pagamento',
};

/** True while a correction may still be proposed: from the check-out until 48 h after it. */
export function timesheetProposalOpen(checkOutAt: Date, now: Date): boolean {
  const elapsed = now.getTime() - checkOutAt.getTime();
  return elapsed >= 0 && elapsed <= TIMESHEET_PROPOSAL_WINDOW_HOURS * MS_PER_HOUR;
}

/** When a proposal made at `proposedAt` is accepted if nobody answers. */
export function timesheetAnswerDeadline(proposedAt: Date): Date {
  return new Date(proposedAt.getTime() + TIMESHEET_ANSWER_HOURS * MS_PER_HOUR);
}

/** Why proposed times are refused, or null when they are acceptable. */
export type TimesheetTimesProblem = 'order' | 'before_window' | 'after_window';

/**
 * Checks proposed check-in and check-out instants against the shift: the check-in before the
 * check-out, no earlier than 1 h before the scheduled start, no later than 12 h after the scheduled end.
 */
export function timesheetTimesProblem(
  shift: ShiftTime,
  checkInAt: Date,
  checkOutAt: Date,
): TimesheetTimesProblem | null {
  if (checkInAt.getTime() >= checkOutAt.getTime()) return 'order';
  const earliest =
    shiftStartInstant(shift).getTime() - TIMESHEET_EARLIEST_BEFORE_START_MINUTES * MS_PER_MINUTE;
  if (checkInAt.getTime() < earliest) return 'before_window';
  const latest = shiftEndInstant(shift).getTime() + TIMESHEET_LATEST_AFTER_END_HOURS * MS_PER_HOUR;
  if (checkOutAt.getTime() > latest) return 'after_window';
  return null;
}

/** The pay basis of a final timesheet: an accepted proposal is paid by its worked time. */
export function timesheetPayBasis(decision: TimesheetDecision | null): PayBasis {
  return decision === 'full' ? 'full' : 'worked';
}

/**
 * The amounts a final timesheet pays: 'full' the scheduled shift, 'partial' (and an accepted
 * proposal, `decision` null) the worked time between the final times, 'none' nothing.
 */
export function timesheetPay(input: {
  fullChargeCents: number;
  shift: ShiftTime;
  checkInAt: Date;
  checkOutAt: Date;
  decision: TimesheetDecision | null;
}): ShiftPay {
  const pay = shiftPay({ ...input, payBasis: timesheetPayBasis(input.decision) });
  if (input.decision !== 'none') return pay;
  return { ...pay, paidMinutes: 0, chargeCents: 0, payoutCents: 0, commissionCents: 0 };
}

/** What changes on the business's and the freelancer's side when a final timesheet replaces `before`. */
export function settlementDelta(
  before: Pick<ShiftPay, 'chargeCents' | 'payoutCents'>,
  after: Pick<ShiftPay, 'chargeCents' | 'payoutCents'>,
): { chargeDeltaCents: number; payoutDeltaCents: number } {
  return {
    chargeDeltaCents: after.chargeCents - before.chargeCents,
    payoutDeltaCents: after.payoutCents - before.payoutCents,
  };
}
