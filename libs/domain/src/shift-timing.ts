/**
 * When a shift may be created, applied to, and checked in and out by an admin (issue 22, "Shifts
 * and money that cannot go wrong by a click"). All times are the Sao Paulo wall clock.
 */
import { CHECK_IN_MINUTES_BEFORE_START } from './freelancer-area';
import * as MESSAGES from './messages';
import { shiftStartInstant, type ShiftTime } from './shifts';
import { MS_PER_MINUTE, isClockTime, isIsoDate, saoPauloDate, saoPauloTime } from './time';

type ShiftStart = Pick<ShiftTime, 'date' | 'start'>;

/**
 * True once the shift's start has come (the start minute itself included): a vacancy cannot be
 * created or moved to such a start, and a freelancer cannot apply to it. False on invalid input
 * (the other rules refuse it with their own message).
 */
export function shiftHasStarted(shift: ShiftStart, now: Date): boolean {
  if (!isIsoDate(shift.date) || !isClockTime(shift.start)) return false;
  return shiftStartInstant(shift).getTime() <= now.getTime();
}

/**
 * The earliest start ('HH:MM') a vacancy on `date` may still have at `now`: the next whole minute
 * for today, '00:00' for a later date, null when no start of that date is ahead any more (an
 * earlier date, or today after 23:59). The forms offer only starts from it.
 */
export function earliestStartTime(date: string, now: Date): string | null {
  if (!isIsoDate(date)) return null;
  const today = saoPauloDate(now);
  if (date > today) return '00:00';
  if (date < today) return null;
  const nextMinute = new Date(Math.floor(now.getTime() / MS_PER_MINUTE) * MS_PER_MINUTE + MS_PER_MINUTE);
  return saoPauloDate(nextMinute) === today ? saoPauloTime(nextMinute) : null;
}

/** What a vacancy form shows on its start field while today is among the chosen dates. */
export interface StartTimeGuidance {
  /** The earliest start still accepted today ('HH:MM'), for the time input's `min`. */
  min?: string;
  /** "Para hoje, o início deve ser a partir de 10:11." */
  hint?: string;
  /** The chosen start has passed today, or no start of today is left. */
  error?: string;
}

/**
 * The start field's guidance at `now`: nothing unless today (Sao Paulo) is among `dates`; then the
 * earliest start still accepted, and an error when the chosen one has passed (time went by while
 * the form was open) or no start of today is left.
 */
export function startTimeGuidance(dates: readonly string[], startTime: string, now: Date): StartTimeGuidance {
  const today = saoPauloDate(now);
  if (!dates.includes(today)) return {};
  const earliest = earliestStartTime(today, now);
  if (earliest === null) return { error: MESSAGES.jobs.todayIsOver };
  const hint = MESSAGES.jobs.todayStartsFrom(earliest);
  if (isClockTime(startTime) && shiftHasStarted({ date: today, start: startTime }, now)) {
    return { min: earliest, error: `${MESSAGES.jobs.startInPast} ${hint}` };
  }
  return { min: earliest, hint };
}

/** The dates among `dates` whose `start` has already come at `now` (a vacancy cannot start there). */
export function datesWithPastStart(dates: readonly string[], start: string, now: Date): string[] {
  return dates.filter((date) => shiftHasStarted({ date, start }, now));
}

// ---------------------------------------------------------------------------------------------
// Admin manual check-in and check-out
// ---------------------------------------------------------------------------------------------

/** The admin's manual check-in opens as the freelancer's request does: 1 h before the start. */
export const MANUAL_CHECK_IN_MINUTES_BEFORE_START = CHECK_IN_MINUTES_BEFORE_START;

/** A correction outside the window needs a reason of this many characters (trimmed). */
export const CORRECTION_REASON_MIN_LENGTH = 5;
export const CORRECTION_REASON_MAX_LENGTH = 500;

/** The instant the manual check-in window opens: 1 h before the start. Throws RangeError on invalid input. */
export function manualCheckInOpensAt(shift: ShiftStart): Date {
  return new Date(shiftStartInstant(shift).getTime() - MANUAL_CHECK_IN_MINUTES_BEFORE_START * MS_PER_MINUTE);
}

/**
 * True when a manual check-in at `now` is outside its window (before 1 h before the start), so it is
 * a correction that needs a reason. Invalid shift times count as outside.
 */
export function manualCheckInOutsideWindow(shift: ShiftStart, now: Date): boolean {
  try {
    return now.getTime() < manualCheckInOpensAt(shift).getTime();
  } catch {
    return true;
  }
}

/**
 * Where a manual check-out at `now` stands: 'before_check_in' (never allowed: a check-out cannot be
 * earlier than the check-in), 'outside_window' (before the shift's start: a correction that needs a
 * reason) or 'inside_window'.
 */
export function manualCheckOutTiming(
  shift: ShiftStart,
  checkInAt: Date | null,
  now: Date,
): 'before_check_in' | 'outside_window' | 'inside_window' {
  if (checkInAt && now.getTime() < checkInAt.getTime()) return 'before_check_in';
  let start: Date;
  try {
    start = shiftStartInstant(shift);
  } catch {
    return 'outside_window';
  }
  return now.getTime() < start.getTime() ? 'outside_window' : 'inside_window';
}

/** The reason as it is kept (trimmed), or null when none was given. */
export function correctionReason(reason: string | null | undefined): string | null {
  const text = typeof reason === 'string' ? reason.trim() : '';
  return text === '' ? null : text;
}

/** True for a correction reason of 5 to 500 characters (trimmed). */
export function isValidCorrectionReason(reason: string | null | undefined): boolean {
  const text = correctionReason(reason);
  return (
    text !== null &&
    text.length >= CORRECTION_REASON_MIN_LENGTH &&
    text.length <= CORRECTION_REASON_MAX_LENGTH
  );
}
