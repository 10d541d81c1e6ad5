import fc from 'fast-check';
import {
  addDays,
  addMinutesToClockTime,
  dateFromEpochDay,
  daysBetween,
  epochDay,
  formatClockTime,
  isClockTime,
  isIsoDate,
  isoWeek,
  isoWeekday,
  parseClockTime,
  parseInstant,
  saoPauloDate,
  saoPauloDateTimeToInstant,
  saoPauloDates,
  saoPauloOffsetMinutes,
  saoPauloTime,
} from './time';

const clockTime = fc.integer({ min: 0, max: 1439 }).map(formatClockTime);
const instant = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2100-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const isoDate = fc
  .integer({ min: epochDay('1990-01-01'), max: epochDay('2100-12-31') })
  .map(dateFromEpochDay);

describe('clock times', () => {
  it('validates strict HH:MM', () => {
    expect(isClockTime('00:00')).toBe(true);
    expect(isClockTime('23:59')).toBe(true);
    expect(isClockTime('24:00')).toBe(false);
    expect(isClockTime('7:00')).toBe(false);
    expect(isClockTime('07:60')).toBe(false);
    expect(isClockTime('07:00:00')).toBe(false);
    expect(isClockTime(700)).toBe(false);
  });

  it('parses HH:MM and HH:MM:SS into minutes of the day', () => {
    expect(parseClockTime('00:00')).toBe(0);
    expect(parseClockTime('08:20')).toBe(500);
    expect(parseClockTime('23:59')).toBe(1439);
    expect(parseClockTime('08:20:59')).toBe(500);
    expect(parseClockTime(' 08:20 ')).toBe(500);
    expect(parseClockTime('24:00')).toBeNull();
    expect(parseClockTime('')).toBeNull();
    expect(parseClockTime(null)).toBeNull();
    expect(parseClockTime(undefined)).toBeNull();
  });

  it('formats minutes modulo 24 h', () => {
    expect(formatClockTime(0)).toBe('00:00');
    expect(formatClockTime(1439)).toBe('23:59');
    expect(formatClockTime(1440)).toBe('00:00');
    expect(formatClockTime(1500)).toBe('01:00');
    expect(formatClockTime(-60)).toBe('23:00');
  });

  it('adds minutes wrapping midnight', () => {
    expect(addMinutesToClockTime('23:30', 45)).toBe('00:15');
    expect(addMinutesToClockTime('00:10', -20)).toBe('23:50');
    expect(addMinutesToClockTime('bad', 10)).toBeNull();
  });

  it('property: parse ∘ format is the identity on 0..1439', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1439 }),
        (minutes) => parseClockTime(formatClockTime(minutes)) === minutes,
      ),
    );
  });
});

describe('calendar dates', () => {
  it('validates real dates only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('22/11/2026')).toBe(false);
    expect(() => epochDay('2026-02-30')).toThrow(RangeError);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-22', '2026-12-01')).toBe(9);
    expect(epochDay('1970-01-01')).toBe(0);
    expect(dateFromEpochDay(0)).toBe('1970-01-01');
  });

  it('gives the ISO weekday (Monday = 1)', () => {
    expect(isoWeekday('2026-11-23')).toBe(1); // Monday
    expect(isoWeekday('2026-11-22')).toBe(7); // Sunday
    expect(isoWeekday('1970-01-01')).toBe(4); // Thursday
    expect(isoWeekday('1969-12-29')).toBe(1); // before the epoch
  });

  it('gives the ISO week and week-numbering year', () => {
    expect(isoWeek('2026-11-09')).toEqual({ year: 2026, week: 46 });
    expect(isoWeek('2026-01-01')).toEqual({ year: 2026, week: 1 });
    expect(isoWeek('2025-12-29')).toEqual({ year: 2026, week: 1 });
    expect(isoWeek('2024-12-30')).toEqual({ year: 2025, week: 1 });
    expect(isoWeek('2027-01-01')).toEqual({ year: 2026, week: 53 });
    expect(isoWeek('2021-01-03')).toEqual({ year: 2020, week: 53 });
  });

  it('property: addDays and daysBetween agree', () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.integer({ min: -1000, max: 1000 }),
        (date, days) => daysBetween(date, addDays(date, days)) === days,
      ),
    );
  });
});

describe('Sao Paulo clock', () => {
  it('reads the Sao Paulo date and time of an instant (UTC-3 today)', () => {
    const instant = new Date('2026-11-23T02:59:00Z');
    expect(saoPauloDate(instant)).toBe('2026-11-22');
    expect(saoPauloTime(instant)).toBe('23:59');
    expect(saoPauloDate(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-23');
    expect(saoPauloTime(new Date('2026-11-23T03:00:00Z'))).toBe('00:00');
    expect(saoPauloOffsetMinutes(instant)).toBe(-180);
  });

  it('converts a wall-clock date and time to the instant', () => {
    expect(saoPauloDateTimeToInstant('2026-11-23', '00:00').toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(saoPauloDateTimeToInstant('2026-11-22', '23:59').toISOString()).toBe('2026-11-23T02:59:00.000Z');
    expect(saoPauloDateTimeToInstant('2026-11-22', '08:00:00').toISOString()).toBe(
      '2026-11-22T11:00:00.000Z',
    );
  });

  it('derives the offset from the time zone data: the 2017/2018 summer was UTC-2', () => {
    const summer = new Date('2018-01-15T14:00:00Z');
    expect(saoPauloOffsetMinutes(summer)).toBe(-120);
    expect(saoPauloTime(summer)).toBe('12:00');
    expect(saoPauloDateTimeToInstant('2018-01-15', '12:00').toISOString()).toBe('2018-01-15T14:00:00.000Z');
    // 02:30 UTC was already 00:30 of the next day in Sao Paulo then (it would be 23:30 at UTC-3).
    expect(saoPauloDate(new Date('2018-01-15T02:30:00Z'))).toBe('2018-01-15');
    expect(saoPauloTime(new Date('2018-01-15T02:30:00Z'))).toBe('00:30');
  });

  it('reads the wall clock of every minute around each DST change of 2017–2019 as the time zone data does', () => {
    const reference = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/Sao_Paulo',
      dateStyle: 'short',
      timeStyle: 'short',
      hourCycle: 'h23',
    });
    const wallClock = (instant: Date) => `${saoPauloDate(instant)} ${saoPauloTime(instant)}`;
    const changes = [
      '2017-10-15T03:00:00Z',
      '2018-02-18T02:00:00Z',
      '2018-11-04T03:00:00Z',
      '2019-02-17T02:00:00Z',
    ];
    for (const change of changes) {
      const minutes = Array.from({ length: 6 * 60 }, (_, i) => Date.parse(change) + (i - 3 * 60) * 60_000);
      // Both directions: what was read first in an hour must not decide the hours around it.
      for (const ms of [...minutes, ...minutes.reverse()]) {
        const instant = new Date(ms + 17_000);
        expect(wallClock(instant)).toBe(reference.format(instant));
      }
    }
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2040, 0, 1) }), (ms) => {
        expect(wallClock(new Date(ms))).toBe(reference.format(new Date(ms)));
      }),
      { numRuns: 2000 },
    );
  });

  it('moves a wall-clock time inside a DST gap forward and picks the earlier of a repeated hour', () => {
    // 2018-11-04 00:00 → 01:00 did not exist in Sao Paulo.
    expect(saoPauloDateTimeToInstant('2018-11-04', '00:30').toISOString()).toBe('2018-11-04T03:30:00.000Z');
    // Just after the gap the offset at the naive guess (UTC-3) is not the offset of the answer (UTC-2).
    expect(saoPauloDateTimeToInstant('2018-11-04', '01:30').toISOString()).toBe('2018-11-04T03:30:00.000Z');
    expect(saoPauloDateTimeToInstant('2018-11-03', '23:59').toISOString()).toBe('2018-11-04T02:59:00.000Z');
    // 2019-02-16 23:00–23:59 happened twice; the first one was still UTC-2.
    expect(saoPauloDateTimeToInstant('2019-02-16', '23:30').toISOString()).toBe('2019-02-17T01:30:00.000Z');
  });

  it('rejects invalid input', () => {
    expect(() => saoPauloDateTimeToInstant('2026-02-30', '08:00')).toThrow(RangeError);
    expect(() => saoPauloDateTimeToInstant('2026-11-22', '25:00')).toThrow(RangeError);
    expect(() => saoPauloDate(new Date(NaN))).toThrow(RangeError);
  });

  it('lists consecutive Sao Paulo dates from today', () => {
    expect(saoPauloDates(new Date('2026-12-31T12:00:00Z'), 3)).toEqual([
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it('property: wall clock → instant → wall clock is the identity (no DST today)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: epochDay('2019-06-01'), max: epochDay('2100-12-31') }).map(dateFromEpochDay),
        clockTime,
        (date, time) => {
          const instant = saoPauloDateTimeToInstant(date, time);
          return saoPauloDate(instant) === date && saoPauloTime(instant) === time;
        },
      ),
    );
  });

  it('property: instant → wall clock → instant loses only the seconds', () => {
    fc.assert(
      fc.property(instant, (value) => {
        const back = saoPauloDateTimeToInstant(saoPauloDate(value), saoPauloTime(value));
        const truncated = Math.floor(value.getTime() / 60_000) * 60_000;
        // Inside a repeated hour the earlier instant is chosen, one hour before.
        return back.getTime() === truncated || back.getTime() === truncated - 3_600_000;
      }),
    );
  });
});

describe('parseInstant', () => {
  it('reads ISO timestamps with an offset as written and naive ones as UTC', () => {
    expect(parseInstant('2026-11-22T10:05:00-03:00')?.toISOString()).toBe('2026-11-22T13:05:00.000Z');
    expect(parseInstant('2026-11-22T13:05:00Z')?.toISOString()).toBe('2026-11-22T13:05:00.000Z');
    expect(parseInstant('2026-11-22 13:05:00')?.toISOString()).toBe('2026-11-22T13:05:00.000Z');
    expect(parseInstant('2026-11-22T13:05')?.toISOString()).toBe('2026-11-22T13:05:00.000Z');
  });

  it('passes Dates through and returns null for nothing or garbage', () => {
    const date = new Date('2026-11-22T13:05:00Z');
    expect(parseInstant(date)).toBe(date);
    expect(parseInstant(null)).toBeNull();
    expect(parseInstant(undefined)).toBeNull();
    expect(parseInstant('')).toBeNull();
    expect(parseInstant('ontem')).toBeNull();
    expect(parseInstant(new Date(NaN))).toBeNull();
  });
});
