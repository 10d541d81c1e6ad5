import { freelancerPayoutCents } from './pricing';
import {
  LATE_CANCEL_HOURS,
  NO_SHOW_AFTER_MINUTES,
  forgottenCheckOutClosesAt,
  isLateCancellation,
  lateCancellationFee,
  noShowAt,
  noShowReopens,
  noShowReportAllowed,
} from './reliability';
import { saoPauloDateTimeToInstant } from './time';

const SHIFT = { date: '2026-12-02', start: '10:00', end: '18:00' };
const at = (time: string, date = SHIFT.date) => saoPauloDateTimeToInstant(date, time);
const MINUTE = 60_000;

describe('isLateCancellation (the 12 h boundary)', () => {
  it(`is not late exactly ${LATE_CANCEL_HOURS} h before the start, and late a millisecond after`, () => {
    const twelveBefore = at('22:00', '2026-12-01');
    expect(isLateCancellation(SHIFT, twelveBefore)).toBe(false);
    expect(isLateCancellation(SHIFT, new Date(twelveBefore.getTime() + 1))).toBe(true);
    expect(isLateCancellation(SHIFT, new Date(twelveBefore.getTime() - MINUTE))).toBe(false);
  });

  it('is late after the start too', () => {
    expect(isLateCancellation(SHIFT, at('11:00'))).toBe(true);
  });
});

describe('noShowAt and noShowReportAllowed (the 60 min and 10 min boundaries)', () => {
  it(`is start + ${NO_SHOW_AFTER_MINUTES} min`, () => {
    expect(noShowAt(SHIFT)).toEqual(at('11:00'));
  });

  it('lets the business report a no-show from start + 10 min, not a minute before', () => {
    expect(noShowReportAllowed(SHIFT, at('10:09'))).toBe(false);
    expect(noShowReportAllowed(SHIFT, new Date(at('10:10').getTime() - 1))).toBe(false);
    expect(noShowReportAllowed(SHIFT, at('10:10'))).toBe(true);
  });
});

describe('noShowReopens', () => {
  it('reopens with 2 h or more of the shift ahead, cancels with less', () => {
    expect(noShowReopens(SHIFT, at('16:00'))).toBe(true);
    expect(noShowReopens(SHIFT, new Date(at('16:00').getTime() + 1))).toBe(false);
  });

  it('counts the end of an overnight shift on the next day', () => {
    const night = { date: '2026-12-02', start: '22:00', end: '06:00' };
    expect(noShowReopens(night, at('23:00'))).toBe(true);
    expect(noShowReopens(night, at('04:30', '2026-12-03'))).toBe(false);
  });
});

describe('lateCancellationFee (4 h of the shift)', () => {
  it('is half the amounts of an 8 h shift', () => {
    expect(lateCancellationFee(SHIFT, 20_000)).toEqual({
      feeCents: 10_000,
      payoutCents: freelancerPayoutCents(20_000) / 2,
    });
  });

  it('rounds each amount to the centavo', () => {
    // 7 h: 4/7 of R$ 100,00 = R$ 57,142857… → 5 714 centavos; payout 4/7 of R$ 80,00 → 4 571.
    const seven = { date: '2026-12-02', start: '10:00', end: '17:00' };
    expect(lateCancellationFee(seven, 10_000)).toEqual({ feeCents: 5_714, payoutCents: 4_571 });
    // 6 h: 2/3 of 1 centavo rounds to 1; the payout never exceeds the fee.
    const six = { date: '2026-12-02', start: '10:00', end: '16:00' };
    expect(lateCancellationFee(six, 1)).toEqual({ feeCents: 1, payoutCents: 0 });
  });

  it('is capped at the full amounts for a shift of 4 h or less', () => {
    const short = { date: '2026-12-02', start: '10:00', end: '13:00' };
    expect(lateCancellationFee(short, 9_000)).toEqual({
      feeCents: 9_000,
      payoutCents: freelancerPayoutCents(9_000),
    });
    const exactly = { date: '2026-12-02', start: '10:00', end: '14:00' };
    expect(lateCancellationFee(exactly, 9_000).feeCents).toBe(9_000);
  });

  it('takes an overnight shift whole (22:00→06:00 is 8 h)', () => {
    expect(lateCancellationFee({ date: '2026-12-02', start: '22:00', end: '06:00' }, 16_000).feeCents).toBe(
      8_000,
    );
  });

  it('is nothing for a shift that costs nothing', () => {
    expect(lateCancellationFee(SHIFT, 0)).toEqual({ feeCents: 0, payoutCents: 0 });
  });
});

describe('forgottenCheckOutClosesAt', () => {
  it('is the scheduled end + 24 h', () => {
    expect(forgottenCheckOutClosesAt(SHIFT)).toEqual(at('18:00', '2026-12-03'));
  });
});
