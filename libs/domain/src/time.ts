/**
 * The Sao Paulo clock and plain calendar arithmetic.
 *
 * Three kinds of value appear in the product:
 * - an instant: a JavaScript `Date` (a point on the UTC time line);
 * - a calendar date: `'YYYY-MM-DD'` (a day in Sao Paulo, no time zone attached);
 * - a clock time: `'HH:MM'` (wall-clock time in Sao Paulo).
 *
 * The Sao Paulo offset is never hardcoded: it is read from `Intl.DateTimeFormat`, so the
 * conversions stay right for the historical daylight-saving periods and if DST ever returns.
 */

export const SAO_PAULO_TIME_ZONE = 'America/Sao_Paulo';

export const MINUTES_PER_DAY = 24 * 60;
export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 60 * MS_PER_MINUTE;
export const MS_PER_DAY = 24 * MS_PER_HOUR;

const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** Databases often answer TIME columns as 'HH:MM:SS'; the seconds are accepted and ignored. */
const CLOCK_TIME_LENIENT = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// ---------------------------------------------------------------------------------------------
// Clock times ('HH:MM')
// ---------------------------------------------------------------------------------------------

/** True for a strict 24-hour 'HH:MM' string ('00:00'..'23:59'). */
export function isClockTime(value: unknown): value is string {
  return typeof value === 'string' && CLOCK_TIME.test(value);
}

/** Minutes since midnight of 'HH:MM' (or 'HH:MM:SS'), or null when the text is not a clock time. */
export function parseClockTime(value: string | null | undefined): number | null {
  if (typeof value !== 'string') return null;
  const match = CLOCK_TIME_LENIENT.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** 'HH:MM' of a number of minutes, taken modulo 24 h (negative values wrap backwards). */
export function formatClockTime(minutes: number): string {
  const wrapped = ((Math.round(minutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hours = Math.floor(wrapped / 60);
  return `${pad2(hours)}:${pad2(wrapped % 60)}`;
}

/** Adds minutes to a clock time, wrapping midnight. Returns null when `time` is not a clock time. */
export function addMinutesToClockTime(time: string, minutes: number): string | null {
  const start = parseClockTime(time);
  return start === null ? null : formatClockTime(start + minutes);
}

// ---------------------------------------------------------------------------------------------
// Calendar dates ('YYYY-MM-DD')
// ---------------------------------------------------------------------------------------------

/** True for an existing calendar date written 'YYYY-MM-DD' (2026-02-30 is false). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(utcMillis(year, month, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Days since 1970-01-01 of a calendar date. Throws RangeError when the text is not a date. */
export function epochDay(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match || !isIsoDate(date)) throw new RangeError(`Invalid date (expected YYYY-MM-DD): ${date}`);
  return Math.round(utcMillis(Number(match[1]), Number(match[2]), Number(match[3])) / MS_PER_DAY);
}

/** The calendar date of a day count since 1970-01-01 (inverse of `epochDay`). */
export function dateFromEpochDay(days: number): string {
  const date = new Date(days * MS_PER_DAY);
  return `${pad4(date.getUTCFullYear())}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

/** The calendar date `days` later (or earlier when negative). */
export function addDays(date: string, days: number): string {
  return dateFromEpochDay(epochDay(date) + days);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  // 1970-01-01 was a Thursday (ISO 4).
  const days = epochDay(date);
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

/** ISO-8601 week of a date: the week-numbering year (may differ from the calendar year) and 1..53. */
export function isoWeek(date: string): { year: number; week: number } {
  const thursday = addDays(date, 4 - isoWeekday(date));
  const year = Number(thursday.slice(0, 4));
  const dayOfYear = daysBetween(`${pad4(year)}-01-01`, thursday) + 1;
  return { year, week: Math.floor((dayOfYear - 1) / 7) + 1 };
}

// ---------------------------------------------------------------------------------------------
// Instants <-> Sao Paulo wall clock
// ---------------------------------------------------------------------------------------------

const wallClockFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: SAO_PAULO_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Sao Paulo's offset from UTC in ms, by UTC hour: every change of offset since 1970 (the daylight-
 * saving summers) happened on a whole UTC hour, so one formatter call per hour serves every instant
 * in it. Servers convert the clock on every request; `formatToParts` is the costly part.
 */
const offsetByUtcHour = new Map<number, number>();
const OFFSET_CACHE_FROM = Date.UTC(1970, 0, 1);
const OFFSET_CACHE_ENTRIES = 256;

function saoPauloWallClock(instant: Date): WallClock {
  const ms = instant.getTime();
  if (ms < OFFSET_CACHE_FROM) return formattedWallClock(instant);
  const hour = Math.floor(ms / MS_PER_HOUR);
  let offset = offsetByUtcHour.get(hour);
  if (offset === undefined) {
    const wall = formattedWallClock(instant);
    const wallAsUtc = utcMillis(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);
    offset = wallAsUtc - Math.floor(ms / 1000) * 1000;
    if (offsetByUtcHour.size >= OFFSET_CACHE_ENTRIES) offsetByUtcHour.clear();
    offsetByUtcHour.set(hour, offset);
  }
  const shifted = new Date(Math.floor(ms / 1000) * 1000 + offset);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

function formattedWallClock(instant: Date): WallClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of wallClockFormatter.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? NaN,
    month: parts.month ?? NaN,
    day: parts.day ?? NaN,
    // Some ICU versions write midnight as 24 even with h23; normalise it.
    hour: (parts.hour ?? NaN) % 24,
    minute: parts.minute ?? NaN,
    second: parts.second ?? NaN,
  };
}

function assertValidInstant(instant: Date): void {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) {
    throw new RangeError('Invalid instant (expected a valid Date)');
  }
}

/**
 * Offset of Sao Paulo from UTC at an instant, in minutes (-180 today; -120 during the old
 * daylight-saving summers).
 */
export function saoPauloOffsetMinutes(instant: Date): number {
  assertValidInstant(instant);
  const wall = saoPauloWallClock(instant);
  const wallAsUtc = utcMillis(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);
  const instantToTheSecond = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((wallAsUtc - instantToTheSecond) / MS_PER_MINUTE);
}

/** The Sao Paulo calendar date of an instant, 'YYYY-MM-DD'. */
export function saoPauloDate(instant: Date): string {
  assertValidInstant(instant);
  const wall = saoPauloWallClock(instant);
  return `${pad4(wall.year)}-${pad2(wall.month)}-${pad2(wall.day)}`;
}

/** The Sao Paulo wall-clock time of an instant, 'HH:MM' (seconds dropped). */
export function saoPauloTime(instant: Date): string {
  assertValidInstant(instant);
  const wall = saoPauloWallClock(instant);
  return `${pad2(wall.hour)}:${pad2(wall.minute)}`;
}

/** Today's Sao Paulo date and the `count - 1` following days. */
export function saoPauloDates(from: Date, count: number): string[] {
  const today = saoPauloDate(from);
  return Array.from({ length: count }, (_, index) => addDays(today, index));
}

/**
 * The instant at which the Sao Paulo wall clock shows `date` `time` ('HH:MM' or 'HH:MM:SS').
 * If the wall-clock time occurs twice (end of DST) the earlier instant is returned; if it does
 * not exist (start of DST) the time is moved forward by the size of the gap.
 * Throws RangeError on an invalid date or time.
 */
export function saoPauloDateTimeToInstant(date: string, time: string): Date {
  const minuteOfDay = parseClockTime(time);
  if (minuteOfDay === null) throw new RangeError(`Invalid time (expected HH:MM): ${time}`);
  const wallAsUtc = epochDay(date) * MS_PER_DAY + minuteOfDay * MS_PER_MINUTE;

  const firstGuess = wallAsUtc - saoPauloOffsetMinutes(new Date(wallAsUtc)) * MS_PER_MINUTE;
  const corrected = wallAsUtc - saoPauloOffsetMinutes(new Date(firstGuess)) * MS_PER_MINUTE;
  const candidates = [Math.min(firstGuess, corrected), Math.max(firstGuess, corrected)];
  const exact = candidates.find(
    (candidate) =>
      saoPauloDate(new Date(candidate)) === date &&
      parseClockTime(saoPauloTime(new Date(candidate))) === minuteOfDay,
  );
  return new Date(exact ?? Math.max(firstGuess, corrected));
}

/**
 * Reads a timestamp as it arrives from the wire or the database.
 * ISO-8601 with an offset or `Z` is read as written; a timestamp without any offset
 * ('2026-11-22 13:05:00', as SQL databases print UTC) is read as UTC.
 * Returns null for null, undefined, empty or unreadable values.
 */
export function parseInstant(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const text = value.trim();
  const withoutOffset = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text);
  const parsed = new Date(withoutOffset ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

// ---------------------------------------------------------------------------------------------
// Internals
// ---------------------------------------------------------------------------------------------

/** Milliseconds of a UTC wall-clock reading; unlike Date.UTC it does not remap years 0..99. */
function utcMillis(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

function pad4(value: number): string {
  return String(value).padStart(4, '0');
}
