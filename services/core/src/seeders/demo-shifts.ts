import {
  mealBreakOptions,
  saoPauloDate,
  saoPauloDateTimeToInstant,
  saoPauloTime,
  shiftAmountsCents,
  shiftEndTime,
  workloadMinutes,
  type ShiftAmountsCents,
} from '@turno/domain';

const MINUTE_MS = 60_000;
const QUARTER_HOUR_MS = 15 * MINUTE_MS;

/** A shift on the Sao Paulo calendar, with its instants and its prices from the domain rules. */
export interface DemoShift {
  date: string;
  start: string;
  end: string;
  hours: number;
  minutes: number;
  startsAt: Date;
  endsAt: Date;
  amounts: ShiftAmountsCents;
  mealTime: string | null;
}

/** A shift starting at `start` ('HH:MM') on the Sao Paulo date `date`. */
export function shiftOn(date: string, start: string, hours: number): DemoShift {
  const startsAt = saoPauloDateTimeToInstant(date, start);
  const minutes = workloadMinutes(hours);
  const meals = mealBreakOptions(start, hours);
  return {
    date,
    start,
    end: shiftEndTime(start, hours),
    hours,
    minutes,
    startsAt,
    endsAt: new Date(startsAt.getTime() + minutes * MINUTE_MS),
    amounts: shiftAmountsCents(hours, start),
    mealTime: meals[Math.min(2, meals.length - 1)] ?? null,
  };
}

/** A shift starting about `offsetMinutes` from `now` (rounded down to the quarter hour). */
export function shiftAround(now: Date, offsetMinutes: number, hours: number): DemoShift {
  const at = new Date(
    Math.floor((now.getTime() + offsetMinutes * MINUTE_MS) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS,
  );
  return shiftOn(saoPauloDate(at), saoPauloTime(at), hours);
}

/** `instant` moved by a number of minutes. */
export function plusMinutes(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * MINUTE_MS);
}

/** The earlier of two instants. */
export function earliest(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}
