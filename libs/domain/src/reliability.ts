/**
 * The reliability record (issue 23, "A fair reliability record"): lateness, no-shows, late
 * cancellations by either side, strikes, suspensions and appeals. Every number here; the services
 * and screens import them.
 */
import { freelancerPayoutCents } from './pricing';
import { shiftEndInstant, shiftStartInstant, type ShiftTime } from './shifts';
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from './time';
import { ON_TIME_GRACE_MINUTES } from './worked-time';

/** A check-in after start + this many minutes is "atrasado". */
export const LATE_GRACE_MINUTES = ON_TIME_GRACE_MINUTES;
/** No check-in by start + this many minutes: a no-show (the assignment is released, a strike). */
export const NO_SHOW_AFTER_MINUTES = 60;
/** A cancellation of an accepted shift less than this many hours before its start is late. */
export const LATE_CANCEL_HOURS = 12;
/** What a business's late cancellation owes the freelancer: this many hours of the shift's pay. */
export const LATE_CANCEL_PAID_HOURS = 4;
/** A strike counts for this many days. */
export const STRIKE_LIFETIME_DAYS = 90;
/** This many active strikes suspend applying … */
export const STRIKES_TO_SUSPEND = 3;
/** … for this many days from the strike that reached it. */
export const SUSPENSION_DAYS = 30;
/** A strike may be appealed (once) within this many days. */
export const APPEAL_WINDOW_DAYS = 7;
/** The reliability score looks back this many days. */
export const RELIABILITY_WINDOW_DAYS = 90;

/** When a strike given at `givenAt` stops counting. */
export function strikeExpiresAt(givenAt: Date): Date {
  return new Date(givenAt.getTime() + STRIKE_LIFETIME_DAYS * MS_PER_DAY);
}

/** True when cancelling an accepted shift at `now` is late: less than 12 h before its start (or after it). */
export function isLateCancellation(shift: Pick<ShiftTime, 'date' | 'start'>, now: Date): boolean {
  return shiftStartInstant(shift).getTime() - now.getTime() < LATE_CANCEL_HOURS * MS_PER_HOUR;
}

/** The instant from which a shift with no check-in is a no-show: start + 60 min. */
export function noShowAt(shift: Pick<ShiftTime, 'date' | 'start'>): Date {
  return new Date(shiftStartInstant(shift).getTime() + NO_SHOW_AFTER_MINUTES * MS_PER_MINUTE);
}

// ---------------------------------------------------------------------------------------------
// Releasing an allocated shift (issue 23 part H2): the business's late-cancellation fee and when a
// no-show's vacancy reopens.

/** What a business's late cancellation owes, in centavos: charged on its invoice, paid to the freelancer. */
export interface LateCancellationFee {
  /** Billed to the business: the job's charge × 4 h ÷ scheduled hours, at most the full charge. */
  feeCents: number;
  /** The freelancer's part: the shift's payout likewise, at most the fee. */
  payoutCents: number;
}

/**
 * The fee of a late cancellation by the business of a shift whose full charge is `chargeCents`:
 * `LATE_CANCEL_PAID_HOURS` of its pay, pro rata to its scheduled length (start to end instants, so
 * correct across a DST change), each amount rounded to the centavo; a shift of 4 h or less owes
 * its full amounts. Throws RangeError on invalid shift times.
 */
export function lateCancellationFee(shift: ShiftTime, chargeCents: number): LateCancellationFee {
  const scheduledMs = shiftEndInstant(shift).getTime() - shiftStartInstant(shift).getTime();
  const share = Math.min(1, (LATE_CANCEL_PAID_HOURS * MS_PER_HOUR) / scheduledMs);
  const feeCents = Math.round(chargeCents * share);
  const payoutCents = Math.min(feeCents, Math.round(freelancerPayoutCents(chargeCents) * share));
  return { feeCents, payoutCents };
}

/**
 * A no-show's vacancy reopens only when at least this many minutes of the shift are still ahead:
 * enough for an admin to place someone else and for them to get there and work a useful part of
 * it. With less left the vacancy is cancelled (a freelancer cannot apply to a started shift anyway).
 */
export const NO_SHOW_REOPEN_MIN_REMAINING_MINUTES = 120;

/** True when a shift released as a no-show at `now` goes back to 'open' (its end ≥ 2 h ahead). */
export function noShowReopens(shift: ShiftTime, now: Date): boolean {
  return (
    shiftEndInstant(shift).getTime() - now.getTime() >= NO_SHOW_REOPEN_MIN_REMAINING_MINUTES * MS_PER_MINUTE
  );
}

/** True when a shift may be reported as a no-show at `now`: from start + the lateness grace on. */
export function noShowReportAllowed(shift: Pick<ShiftTime, 'date' | 'start'>, now: Date): boolean {
  return now.getTime() >= shiftStartInstant(shift).getTime() + LATE_GRACE_MINUTES * MS_PER_MINUTE;
}

/** The instant a checked-in shift with no check-out is closed at its scheduled end: end + 24 h. */
export const FORGOTTEN_CHECK_OUT_CLOSE_HOURS = 24;
export function forgottenCheckOutClosesAt(shift: ShiftTime): Date {
  return new Date(shiftEndInstant(shift).getTime() + FORGOTTEN_CHECK_OUT_CLOSE_HOURS * MS_PER_HOUR);
}
