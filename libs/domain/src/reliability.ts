/**
 * The reliability record (issue 23, "A fair reliability record"): lateness, no-shows, late
 * cancellations by either side, strikes, suspensions and appeals. Every number here; the services
 * and screens import them.
 */
import { shiftStartInstant, type ShiftTime } from './shifts';
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
