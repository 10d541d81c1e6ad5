import * as MESSAGES from './messages';
import {
  correctionReason,
  datesWithPastStart,
  earliestStartTime,
  isValidCorrectionReason,
  manualCheckInOutsideWindow,
  manualCheckOutTiming,
  shiftHasStarted,
  startTimeGuidance,
} from './shift-timing';
import { vacancyCreationError } from './vacancies';

// 26/11/2026 10:10 in Sao Paulo (UTC-3).
const now = new Date('2026-11-26T13:10:00Z');

describe('shiftHasStarted', () => {
  it('is true from the start minute on, in Sao Paulo time', () => {
    expect(shiftHasStarted({ date: '2026-11-26', start: '05:00' }, now)).toBe(true);
    expect(shiftHasStarted({ date: '2026-11-26', start: '10:10' }, now)).toBe(true);
    expect(shiftHasStarted({ date: '2026-11-26', start: '10:11' }, now)).toBe(false);
    expect(shiftHasStarted({ date: '2026-11-25', start: '23:00' }, now)).toBe(true);
    expect(shiftHasStarted({ date: '2026-11-27', start: '05:00' }, now)).toBe(false);
  });

  it('leaves invalid input to the other rules', () => {
    expect(shiftHasStarted({ date: '2026-02-30', start: '05:00' }, now)).toBe(false);
    expect(shiftHasStarted({ date: '2026-11-26', start: '5h' }, now)).toBe(false);
  });
});

describe('earliestStartTime', () => {
  it('is the next minute today, midnight on a later date, none on an earlier one', () => {
    expect(earliestStartTime('2026-11-26', now)).toBe('10:11');
    expect(earliestStartTime('2026-11-26', new Date('2026-11-26T13:10:42Z'))).toBe('10:11');
    expect(earliestStartTime('2026-11-27', now)).toBe('00:00');
    expect(earliestStartTime('2026-11-25', now)).toBeNull();
  });

  it('has no start left today in the last minute before midnight (Sao Paulo, not UTC)', () => {
    const lastMinute = new Date('2026-11-27T02:59:30Z'); // 26/11 23:59:30 in Sao Paulo
    expect(earliestStartTime('2026-11-26', lastMinute)).toBeNull();
    expect(earliestStartTime('2026-11-27', lastMinute)).toBe('00:00');
    expect(earliestStartTime('2026-11-26', new Date('2026-11-27T02:58:10Z'))).toBe('23:59');
  });
});

describe('startTimeGuidance (the forms)', () => {
  it('says nothing without today, and the earliest start with it', () => {
    expect(startTimeGuidance(['2026-11-27'], '05:00', now)).toEqual({});
    expect(startTimeGuidance(['2026-11-26'], '', now)).toEqual({
      min: '10:11',
      hint: MESSAGES.jobs.todayStartsFrom('10:11'),
    });
    expect(startTimeGuidance(['2026-11-27', '2026-11-26'], '10:11', now)).toMatchObject({ min: '10:11' });
  });

  it('says so when the chosen start of today has passed, or no start is left today', () => {
    expect(startTimeGuidance(['2026-11-26'], '05:00', now)).toEqual({
      min: '10:11',
      error: `${MESSAGES.jobs.startInPast} ${MESSAGES.jobs.todayStartsFrom('10:11')}`,
    });
    expect(startTimeGuidance(['2026-11-26'], '', new Date('2026-11-27T02:59:30Z'))).toEqual({
      error: MESSAGES.jobs.todayIsOver,
    });
  });
});

describe('vacancyCreationError and a start that has passed', () => {
  const input = { positionType: 'Estoquista', workload: 6, startTime: '05:00', quantity: 1 };

  it('refuses "Hoje 05:00" at 10:10, for a business and an admin', () => {
    expect(datesWithPastStart(['2026-11-26', '2026-11-27'], '05:00', now)).toEqual(['2026-11-26']);
    expect(vacancyCreationError({ ...input, dates: ['2026-11-26'] }, 'restaurant', now)).toBe(
      MESSAGES.jobs.startInPast,
    );
    expect(vacancyCreationError({ ...input, dates: ['2026-11-27', '2026-11-26'] }, 'admin', now)).toBe(
      MESSAGES.jobs.startInPast,
    );
  });

  it('accepts a later start today and any start on a later day', () => {
    expect(
      vacancyCreationError({ ...input, startTime: '10:11', dates: ['2026-11-26'] }, 'restaurant', now),
    ).toBeNull();
    expect(vacancyCreationError({ ...input, dates: ['2026-11-27'] }, 'restaurant', now)).toBeNull();
  });
});

describe('manual check-in and check-out window', () => {
  const shift = { date: '2026-12-02', start: '08:00' };
  const at = (iso: string) => new Date(iso);

  it('check-in opens 1 h before the start (days before is outside)', () => {
    expect(manualCheckInOutsideWindow(shift, at('2026-11-26T13:10:00Z'))).toBe(true);
    expect(manualCheckInOutsideWindow(shift, at('2026-12-02T09:59:59Z'))).toBe(true); // 06:59:59
    expect(manualCheckInOutsideWindow(shift, at('2026-12-02T10:00:00Z'))).toBe(false); // 07:00
    expect(manualCheckInOutsideWindow(shift, at('2026-12-03T10:00:00Z'))).toBe(false);
  });

  it('check-out: never before the check-in, a correction before the start', () => {
    const checkIn = at('2026-12-02T10:30:00Z'); // 07:30
    expect(manualCheckOutTiming(shift, checkIn, at('2026-12-02T10:29:00Z'))).toBe('before_check_in');
    expect(manualCheckOutTiming(shift, checkIn, at('2026-12-02T10:45:00Z'))).toBe('outside_window');
    expect(manualCheckOutTiming(shift, checkIn, at('2026-12-02T11:00:00Z'))).toBe('inside_window');
    expect(manualCheckOutTiming(shift, at('2026-11-26T13:10:00Z'), at('2026-11-26T13:20:00Z'))).toBe(
      'outside_window',
    );
  });

  it('a reason has 5 to 500 characters once trimmed', () => {
    expect(isValidCorrectionReason(undefined)).toBe(false);
    expect(isValidCorrectionReason('  abcd  ')).toBe(false);
    expect(isValidCorrectionReason(' abcde ')).toBe(true);
    expect(isValidCorrectionReason('x'.repeat(500))).toBe(true);
    expect(isValidCorrectionReason('x'.repeat(501))).toBe(false);
    expect(correctionReason('  Freelancer sem celular  ')).toBe('Freelancer sem celular');
    expect(correctionReason('   ')).toBeNull();
  });
});
