import fc from 'fast-check';
import {
  findScheduleConflict,
  onTheWayAllowed,
  onTheWayWindow,
  shiftEndInstant,
  shiftInterval,
  shiftStartInstant,
  shiftsOverlap,
  type ShiftTime,
} from './shifts';
import { dateFromEpochDay, epochDay, formatClockTime } from './time';

const shift = (date: string, start: string, end: string): ShiftTime => ({ date, start, end });

const arbitraryShift: fc.Arbitrary<ShiftTime> = fc
  .record({
    day: fc.integer({ min: epochDay('2026-01-01'), max: epochDay('2026-01-10') }),
    start: fc.integer({ min: 0, max: 1439 }),
    end: fc.integer({ min: 0, max: 1439 }),
  })
  .map(({ day, start, end }) => shift(dateFromEpochDay(day), formatClockTime(start), formatClockTime(end)));

describe('shiftInterval', () => {
  it('runs into the next day when the end is at or before the start', () => {
    const base = epochDay('2026-11-22') * 1440;
    expect(shiftInterval(shift('2026-11-22', '08:00', '14:00'))).toEqual({
      start: base + 480,
      end: base + 840,
    });
    expect(shiftInterval(shift('2026-11-22', '22:00', '06:00'))).toEqual({
      start: base + 1320,
      end: base + 1440 + 360,
    });
    expect(shiftInterval(shift('2026-11-22', '18:00', '00:00'))).toEqual({
      start: base + 1080,
      end: base + 1440,
    });
    expect(shiftInterval(shift('2026-11-22', '08:00', '08:00'))).toEqual({
      start: base + 480,
      end: base + 480 + 1440,
    });
  });

  it('rejects invalid values', () => {
    expect(() => shiftInterval(shift('2026-11-31', '08:00', '14:00'))).toThrow(RangeError);
    expect(() => shiftInterval(shift('2026-11-22', '8h', '14:00'))).toThrow(RangeError);
  });
});

describe('shiftsOverlap', () => {
  it('detects overlap on the same day', () => {
    expect(shiftsOverlap(shift('2026-11-22', '08:00', '14:00'), shift('2026-11-22', '13:59', '18:00'))).toBe(
      true,
    );
    expect(shiftsOverlap(shift('2026-11-22', '08:00', '18:00'), shift('2026-11-22', '10:00', '12:00'))).toBe(
      true,
    );
  });

  it('does not count touching shifts', () => {
    expect(shiftsOverlap(shift('2026-11-22', '08:00', '14:00'), shift('2026-11-22', '14:00', '20:00'))).toBe(
      false,
    );
    expect(shiftsOverlap(shift('2026-11-22', '14:00', '20:00'), shift('2026-11-22', '08:00', '14:00'))).toBe(
      false,
    );
  });

  it('handles an overnight shift against the next morning', () => {
    const overnight = shift('2026-11-22', '22:00', '06:00');
    expect(shiftsOverlap(overnight, shift('2026-11-23', '05:59', '12:00'))).toBe(true);
    expect(shiftsOverlap(overnight, shift('2026-11-23', '06:00', '12:00'))).toBe(false);
    expect(shiftsOverlap(overnight, shift('2026-11-22', '06:00', '12:00'))).toBe(false);
    expect(shiftsOverlap(overnight, shift('2026-11-22', '21:00', '22:30'))).toBe(true);
  });

  it('handles two overnight shifts and a shift ending at midnight', () => {
    expect(shiftsOverlap(shift('2026-11-22', '22:00', '06:00'), shift('2026-11-22', '23:00', '05:00'))).toBe(
      true,
    );
    expect(shiftsOverlap(shift('2026-11-22', '18:00', '00:00'), shift('2026-11-23', '00:00', '06:00'))).toBe(
      false,
    );
    expect(shiftsOverlap(shift('2026-11-22', '18:00', '00:01'), shift('2026-11-23', '00:00', '06:00'))).toBe(
      true,
    );
  });

  it('does not mix days that are apart', () => {
    expect(shiftsOverlap(shift('2026-11-22', '08:00', '14:00'), shift('2026-11-23', '08:00', '14:00'))).toBe(
      false,
    );
    expect(shiftsOverlap(shift('2026-11-21', '22:00', '06:00'), shift('2026-11-23', '00:00', '06:00'))).toBe(
      false,
    );
  });

  it('property: symmetric', () => {
    fc.assert(
      fc.property(arbitraryShift, arbitraryShift, (a, b) => shiftsOverlap(a, b) === shiftsOverlap(b, a)),
    );
  });

  it('property: a shift overlaps itself', () => {
    fc.assert(fc.property(arbitraryShift, (a) => shiftsOverlap(a, a)));
  });

  it('property: a shift starting exactly when another ends does not overlap it', () => {
    fc.assert(
      fc.property(arbitraryShift, fc.integer({ min: 1, max: 1439 }), (a, length) => {
        const interval = shiftInterval(a);
        const nextDate = dateFromEpochDay(Math.floor(interval.end / 1440));
        const next = shift(nextDate, formatClockTime(interval.end), formatClockTime(interval.end + length));
        return !shiftsOverlap(a, next);
      }),
    );
  });

  it('property: agrees with a minute-by-minute comparison', () => {
    fc.assert(
      fc.property(arbitraryShift, arbitraryShift, (a, b) => {
        const first = shiftInterval(a);
        const second = shiftInterval(b);
        const shared = Math.min(first.end, second.end) - Math.max(first.start, second.start);
        return shiftsOverlap(a, b) === shared > 0;
      }),
    );
  });
});

describe('findScheduleConflict', () => {
  const candidate = shift('2026-11-22', '08:00', '14:00');

  it('returns the first held shift that overlaps and is not cancelled or completed', () => {
    const held = [
      { ...shift('2026-11-22', '10:00', '16:00'), status: 'cancelled', id: 1 },
      { ...shift('2026-11-22', '10:00', '16:00'), status: 'completed', id: 2 },
      { ...shift('2026-11-22', '14:00', '20:00'), status: 'assigned', id: 3 },
      { ...shift('2026-11-22', '13:00', '20:00'), status: 'assigned', id: 4 },
    ];
    expect(findScheduleConflict(candidate, held)?.id).toBe(4);
  });

  it('returns undefined when nothing conflicts', () => {
    expect(findScheduleConflict(candidate, [])).toBeUndefined();
    expect(
      findScheduleConflict(candidate, [{ ...shift('2026-11-21', '22:00', '08:00'), id: 5 }]),
    ).toBeUndefined();
    expect(findScheduleConflict(candidate, [{ ...shift('2026-11-21', '22:00', '08:01'), id: 6 }])?.id).toBe(
      6,
    );
  });
});

describe('shift instants', () => {
  it('converts start and end to UTC (Sao Paulo is UTC-3)', () => {
    expect(shiftStartInstant({ date: '2026-11-22', start: '08:00' }).toISOString()).toBe(
      '2026-11-22T11:00:00.000Z',
    );
    expect(shiftEndInstant(shift('2026-11-22', '22:00', '06:00')).toISOString()).toBe(
      '2026-11-23T09:00:00.000Z',
    );
    expect(shiftEndInstant(shift('2026-11-22', '08:00', '14:00')).toISOString()).toBe(
      '2026-11-22T17:00:00.000Z',
    );
  });
});

describe('onTheWayAllowed', () => {
  const job = { date: '2026-11-22', start: '08:00' }; // 11:00 UTC

  it('opens exactly 3 h before the start and closes exactly 1 h after, bounds included', () => {
    expect(onTheWayAllowed(job, new Date('2026-11-22T07:59:59.999Z'))).toBe(false);
    expect(onTheWayAllowed(job, new Date('2026-11-22T08:00:00.000Z'))).toBe(true); // 05:00 SP
    expect(onTheWayAllowed(job, new Date('2026-11-22T11:00:00.000Z'))).toBe(true); // start
    expect(onTheWayAllowed(job, new Date('2026-11-22T12:00:00.000Z'))).toBe(true); // 09:00 SP
    expect(onTheWayAllowed(job, new Date('2026-11-22T12:00:00.001Z'))).toBe(false);
  });

  it('crosses midnight: a 01:00 start opens 22:00 the day before', () => {
    const early = { date: '2026-11-23', start: '01:00' }; // 04:00 UTC
    expect(onTheWayAllowed(early, new Date('2026-11-23T01:00:00Z'))).toBe(true); // 22:00 SP on the 22nd
    expect(onTheWayAllowed(early, new Date('2026-11-23T00:59:00Z'))).toBe(false);
    expect(onTheWayWindow(early)).toEqual({
      opensAt: new Date('2026-11-23T01:00:00Z'),
      closesAt: new Date('2026-11-23T05:00:00Z'),
    });
  });

  it('is false for an invalid shift', () => {
    expect(onTheWayAllowed({ date: 'amanhã', start: '08:00' }, new Date('2026-11-22T11:00:00Z'))).toBe(false);
    expect(onTheWayAllowed({ date: '2026-11-22', start: '' }, new Date('2026-11-22T11:00:00Z'))).toBe(false);
  });
});
