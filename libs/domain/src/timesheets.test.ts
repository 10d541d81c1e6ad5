import { saoPauloDateTimeToInstant } from './time';
import {
  settlementDelta,
  timesheetAnswerDeadline,
  timesheetPay,
  timesheetProposalOpen,
  timesheetTimesProblem,
} from './timesheets';

const SHIFT = { date: '2026-12-02', start: '10:00', end: '18:00' };
const at = (time: string, date = SHIFT.date) => saoPauloDateTimeToInstant(date, time);
const HOUR = 3_600_000;

describe('timesheet windows', () => {
  const checkOut = at('18:00');

  it('takes proposals from the check-out to 48 h after it, both included', () => {
    expect(timesheetProposalOpen(checkOut, new Date(checkOut.getTime() - 1))).toBe(false);
    expect(timesheetProposalOpen(checkOut, checkOut)).toBe(true);
    expect(timesheetProposalOpen(checkOut, new Date(checkOut.getTime() + 48 * HOUR))).toBe(true);
    expect(timesheetProposalOpen(checkOut, new Date(checkOut.getTime() + 48 * HOUR + 1))).toBe(false);
  });

  it('accepts an unanswered proposal 24 h after it was made', () => {
    expect(timesheetAnswerDeadline(checkOut).getTime()).toBe(checkOut.getTime() + 24 * HOUR);
  });
});

describe('timesheetTimesProblem', () => {
  it('accepts times inside the window', () => {
    expect(timesheetTimesProblem(SHIFT, at('09:00'), at('18:30'))).toBeNull();
  });
  it('refuses a check-out at or before the check-in', () => {
    expect(timesheetTimesProblem(SHIFT, at('12:00'), at('12:00'))).toBe('order');
  });
  it('refuses a check-in more than 1 h before the start', () => {
    expect(timesheetTimesProblem(SHIFT, at('08:59'), at('18:00'))).toBe('before_window');
  });
  it('refuses a check-out more than 12 h after the end', () => {
    expect(timesheetTimesProblem(SHIFT, at('10:00'), at('06:00', '2026-12-03'))).toBeNull();
    expect(timesheetTimesProblem(SHIFT, at('10:00'), at('06:01', '2026-12-03'))).toBe('after_window');
  });
});

describe('timesheetPay', () => {
  const base = { fullChargeCents: 14_900, shift: SHIFT, checkInAt: at('10:00'), checkOutAt: at('14:00') };

  it('pays an accepted proposal by the worked time between its times', () => {
    expect(timesheetPay({ ...base, decision: null })).toMatchObject({
      paidMinutes: 240,
      chargeCents: 7_450,
      payoutCents: 6_000,
    });
  });
  it('pays the full shift, the worked time or nothing as the admin decides', () => {
    expect(timesheetPay({ ...base, decision: 'full' })).toMatchObject({
      chargeCents: 14_900,
      payoutCents: 12_000,
    });
    expect(timesheetPay({ ...base, decision: 'partial' })).toMatchObject({
      chargeCents: 7_450,
      payoutCents: 6_000,
    });
    expect(timesheetPay({ ...base, decision: 'none' })).toMatchObject({
      paidMinutes: 0,
      chargeCents: 0,
      payoutCents: 0,
      commissionCents: 0,
    });
  });
  it('gives the credit or debit between two settlements', () => {
    expect(
      settlementDelta(
        { chargeCents: 14_900, payoutCents: 12_000 },
        { chargeCents: 7_450, payoutCents: 6_000 },
      ),
    ).toEqual({
      chargeDeltaCents: -7_450,
      payoutDeltaCents: -6_000,
    });
  });
});
