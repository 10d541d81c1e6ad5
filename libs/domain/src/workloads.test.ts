import fc from 'fast-check';
import { formatClockTime, parseClockTime } from './time';
import {
  BUSINESS_WORKLOADS,
  adminWorkloadOptionLabel,
  WORKLOADS,
  clockSpanMinutes,
  inferWorkload,
  isBusinessWorkload,
  isWorkload,
  shiftEndTime,
  toWorkload,
  workloadLabel,
  workloadMinutes,
} from './workloads';

const clockTime = fc.integer({ min: 0, max: 1439 }).map(formatClockTime);
const workload = fc.constantFrom(...WORKLOADS);

describe('workload lists', () => {
  it('has the eight workloads and the three a business may use', () => {
    expect(WORKLOADS).toEqual([6, 8, 8.33, 9, 10, 10.25, 10.5, 11.5]);
    expect(BUSINESS_WORKLOADS).toEqual([6, 8.33, 10]);
  });
});

describe('workloadMinutes', () => {
  it.each([
    [6, 360],
    [8, 480],
    [8.33, 500],
    [9, 540],
    [10, 600],
    [10.25, 615],
    [10.5, 630],
    [11.5, 690],
  ])('%s h → %s min', (hours, minutes) => {
    expect(workloadMinutes(hours)).toBe(minutes);
  });

  it('rounds other values to whole minutes', () => {
    expect(workloadMinutes(8.333)).toBe(500);
    expect(workloadMinutes(7)).toBe(420);
  });
});

describe('workloadLabel', () => {
  it.each([
    [6, '6h'],
    [8, '8h'],
    [8.33, '8h20'],
    [9, '9h'],
    [10, '10h'],
    [10.25, '10h15'],
    [10.5, '10h30'],
    [11.5, '11h30'],
  ])('%s → %s', (hours, label) => {
    expect(workloadLabel(hours)).toBe(label);
  });
});

describe('toWorkload / isWorkload / isBusinessWorkload', () => {
  it('recognises the eight workloads, numeric strings and the 8h20 rounding', () => {
    expect(toWorkload(8.33)).toBe(8.33);
    expect(toWorkload(8.333333)).toBe(8.33);
    expect(toWorkload('10.5')).toBe(10.5);
    expect(toWorkload(7)).toBeNull();
    expect(toWorkload('')).toBeNull();
    expect(toWorkload(null)).toBeNull();
    expect(toWorkload(NaN)).toBeNull();
    expect(isWorkload(11.5)).toBe(true);
    expect(isWorkload(12)).toBe(false);
  });

  it('lets a business use only 6 h, 8h20 and 10 h', () => {
    expect(WORKLOADS.filter((hours) => isBusinessWorkload(hours))).toEqual([6, 8.33, 10]);
    expect(isBusinessWorkload(8)).toBe(false);
    expect(isBusinessWorkload(9)).toBe(false);
  });
});

describe('shiftEndTime', () => {
  it('adds the workload to the start', () => {
    expect(shiftEndTime('08:00', 6)).toBe('14:00');
    expect(shiftEndTime('08:00', 8.33)).toBe('16:20');
    expect(shiftEndTime('07:45', 10.25)).toBe('18:00');
  });

  it('wraps midnight', () => {
    expect(shiftEndTime('22:00', 6)).toBe('04:00');
    expect(shiftEndTime('18:00', 6)).toBe('00:00');
    expect(shiftEndTime('23:59', 11.5)).toBe('11:29');
  });

  it('returns an empty string while the inputs are incomplete', () => {
    expect(shiftEndTime('', 6)).toBe('');
    expect(shiftEndTime('8h', 6)).toBe('');
    expect(shiftEndTime('08:00', NaN)).toBe('');
  });

  it('property: end = (start + workload minutes) mod 1440', () => {
    fc.assert(
      fc.property(clockTime, workload, (start, hours) => {
        const startMinutes = parseClockTime(start) ?? -1;
        return parseClockTime(shiftEndTime(start, hours)) === (startMinutes + workloadMinutes(hours)) % 1440;
      }),
    );
  });
});

describe('inferWorkload', () => {
  it('recovers each workload from its start and end, also across midnight', () => {
    for (const hours of WORKLOADS) {
      expect(inferWorkload('08:00', shiftEndTime('08:00', hours))).toBe(hours);
      expect(inferWorkload('21:00', shiftEndTime('21:00', hours))).toBe(hours);
    }
  });

  it('matches the nearest workload within 0.5 h', () => {
    expect(inferWorkload('08:00', '14:30')).toBe(6); // 6.5 h: 6 is exactly 0.5 h away
    expect(inferWorkload('08:00', '13:30')).toBe(6); // 5.5 h
    expect(inferWorkload('08:00', '16:10')).toBe(8); // 8h10: 8 is nearer than 8h20
    expect(inferWorkload('08:00', '16:15')).toBe(8.33); // 8h15: 8h20 is nearer
    expect(inferWorkload('22:00', '06:20')).toBe(8.33);
    expect(inferWorkload('06:00', '18:00')).toBe(11.5); // 12 h: 11h30 is 0.5 h away
  });

  it('falls back to 8 beyond 0.5 h or on bad input', () => {
    expect(inferWorkload('08:00', '13:29')).toBe(8); // 5h29
    expect(inferWorkload('06:00', '18:01')).toBe(8); // 12h01
    expect(inferWorkload('08:00', '08:00')).toBe(8);
    expect(inferWorkload('', '14:00')).toBe(8);
  });

  it('measures spans wrapping midnight', () => {
    expect(clockSpanMinutes('22:00', '04:00')).toBe(360);
    expect(clockSpanMinutes('04:00', '22:00')).toBe(1080);
    expect(clockSpanMinutes('x', '22:00')).toBeNull();
  });

  it('property: always returns one of the eight workloads', () => {
    fc.assert(
      fc.property(clockTime, clockTime, (start, end) =>
        (WORKLOADS as readonly number[]).includes(inferWorkload(start, end)),
      ),
    );
  });
});

describe('adminWorkloadOptionLabel', () => {
  it('labels the workloads a business may not choose as admin-only', () => {
    expect(WORKLOADS.map(adminWorkloadOptionLabel)).toEqual([
      '6h',
      '8h (somente admin)',
      '8h20',
      '9h (somente admin)',
      '10h',
      '10h15 (somente admin)',
      '10h30 (somente admin)',
      '11h30 (somente admin)',
    ]);
  });
});
