/**
 * A shift on the calendar: overlap (schedule conflicts) and the "a caminho" window.
 */
import {
  MINUTES_PER_DAY,
  MS_PER_MINUTE,
  dateFromEpochDay,
  epochDay,
  parseClockTime,
  saoPauloDateTimeToInstant,
} from './time';

/** A shift as stored on a job: Sao Paulo date and wall-clock start and end. */
export interface ShiftTime {
  /** 'YYYY-MM-DD' (date_needed). */
  date: string;
  /** 'HH:MM' (start_time). */
  start: string;
  /** 'HH:MM' (end_time). An end ≤ start means the shift runs into the next day. */
  end: string;
}

/** A shift as a half-open interval [start, end) of wall-clock minutes since 1970-01-01 00:00. */
export interface ShiftInterval {
  start: number;
  end: number;
}

/**
 * The wall-clock interval of a shift. An end at or before the start belongs to the next day
 * (22:00→06:00 lasts 8 h; 08:00→08:00 lasts 24 h). Throws RangeError on an invalid date or time.
 */
export function shiftInterval(shift: ShiftTime): ShiftInterval {
  const startOfDay = epochDay(shift.date) * MINUTES_PER_DAY;
  const startMinute = parseClockTime(shift.start);
  const endMinute = parseClockTime(shift.end);
  if (startMinute === null || endMinute === null) {
    throw new RangeError(`Invalid shift time (expected HH:MM): ${shift.start}–${shift.end}`);
  }
  const endDayShift = endMinute <= startMinute ? MINUTES_PER_DAY : 0;
  return { start: startOfDay + startMinute, end: startOfDay + endMinute + endDayShift };
}

/**
 * True when two shifts share at least one minute, whatever their dates (an overnight shift on D
 * and a morning shift on D+1 can overlap). Shifts that only touch (one ends 14:00, the other
 * starts 14:00) do not overlap. Throws RangeError on invalid dates or times.
 */
export function shiftsOverlap(a: ShiftTime, b: ShiftTime): boolean {
  const first = shiftInterval(a);
  const second = shiftInterval(b);
  return first.start < second.end && second.start < first.end;
}

/** Job statuses that no longer hold the freelancer's time. */
const STATUSES_FREEING_TIME: readonly string[] = ['cancelled', 'completed'];

/**
 * The first held shift that conflicts with `candidate`, or undefined. Shifts whose `status` is
 * 'cancelled' or 'completed' are ignored (00-decisions "Applications, shifts, blocks": a freelancer
 * cannot hold two non-cancelled, non-completed jobs whose times overlap).
 */
export function findScheduleConflict<T extends ShiftTime & { status?: string | null }>(
  candidate: ShiftTime,
  held: readonly T[],
): T | undefined {
  return held.find(
    (shift) => !STATUSES_FREEING_TIME.includes(shift.status ?? '') && shiftsOverlap(candidate, shift),
  );
}

/** "A caminho" may be signalled from this long before the start … */
export const ON_THE_WAY_MINUTES_BEFORE_START = 180;
/** … until this long after the start (both bounds inclusive). */
export const ON_THE_WAY_MINUTES_AFTER_START = 60;

/** The instant a shift starts (Sao Paulo wall clock → UTC). Throws RangeError on invalid input. */
export function shiftStartInstant(shift: Pick<ShiftTime, 'date' | 'start'>): Date {
  return saoPauloDateTimeToInstant(shift.date, shift.start);
}

/** The instant a shift ends: its end time on the same date, or on the next date when end ≤ start. Throws RangeError on invalid input. */
export function shiftEndInstant(shift: ShiftTime): Date {
  const interval = shiftInterval(shift);
  const endDate = dateFromEpochDay(Math.floor(interval.end / MINUTES_PER_DAY));
  return saoPauloDateTimeToInstant(endDate, shift.end);
}

/** The window in which "a caminho" is allowed: 3 h before to 1 h after the start. */
export function onTheWayWindow(shift: Pick<ShiftTime, 'date' | 'start'>): { opensAt: Date; closesAt: Date } {
  const start = shiftStartInstant(shift).getTime();
  return {
    opensAt: new Date(start - ON_THE_WAY_MINUTES_BEFORE_START * MS_PER_MINUTE),
    closesAt: new Date(start + ON_THE_WAY_MINUTES_AFTER_START * MS_PER_MINUTE),
  };
}

/**
 * True when the freelancer may signal "a caminho" at `now`: from 3 h before to 1 h after the
 * shift start (Sao Paulo time), bounds included. False when the shift date or start is invalid.
 */
export function onTheWayAllowed(shift: Pick<ShiftTime, 'date' | 'start'>, now: Date): boolean {
  let window: { opensAt: Date; closesAt: Date };
  try {
    window = onTheWayWindow(shift);
  } catch {
    return false;
  }
  const time = now.getTime();
  return time >= window.opensAt.getTime() && time <= window.closesAt.getTime();
}
