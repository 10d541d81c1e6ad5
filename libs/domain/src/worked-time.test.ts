import { freelancerPayoutCents } from './pricing';
import { saoPauloDateTimeToInstant } from './time';
import {
  EARLY_DEPARTURE_TOLERANCE_MINUTES,
  ON_TIME_GRACE_MINUTES,
  shiftPay,
  workedTime,
} from './worked-time';

const SHIFT = { date: '2026-12-02', start: '10:45', end: '19:05' };
const at = (time: string, date = SHIFT.date) => saoPauloDateTimeToInstant(date, time);
const FULL_CHARGE = 14_900;

describe('workedTime', () => {
  it('counts the schedule when the freelancer arrives early and leaves on time', () => {
    expect(workedTime(SHIFT, at('09:52'), at('19:05'))).toEqual({
      scheduledMinutes: 500,
      workedMinutes: 500,
      late: false,
      earlyDeparture: false,
    });
  });

  it('is the new user case: checked in 09:52, out 09:53, before the shift started → nothing worked', () => {
    const worked = workedTime(SHIFT, at('09:52'), at('09:53'));
    expect(worked.workedMinutes).toBe(0);
    expect(worked.earlyDeparture).toBe(true);
  });

  it(`counts from the start a check-in up to ${ON_TIME_GRACE_MINUTES} min late, and from the check-in after that`, () => {
    expect(workedTime(SHIFT, at('10:55'), at('19:05'))).toMatchObject({ workedMinutes: 500, late: false });
    expect(workedTime(SHIFT, at('10:56'), at('19:05'))).toMatchObject({ workedMinutes: 489, late: true });
  });

  it(`is no early departure up to ${EARLY_DEPARTURE_TOLERANCE_MINUTES} min before the end`, () => {
    expect(workedTime(SHIFT, at('10:45'), at('19:00'))).toMatchObject({
      workedMinutes: 500,
      earlyDeparture: false,
    });
    expect(workedTime(SHIFT, at('10:45'), at('18:59'))).toMatchObject({
      workedMinutes: 494,
      earlyDeparture: true,
    });
  });

  it('never pays more than the schedule for staying late', () => {
    expect(workedTime(SHIFT, at('10:45'), at('23:00')).workedMinutes).toBe(500);
  });

  it('measures an overnight shift across the 2018 DST change in Sao Paulo in real minutes (7 h, not 8 h)', () => {
    const night = { date: '2018-11-03', start: '22:00', end: '06:00' };
    const worked = workedTime(night, at('22:00', '2018-11-03'), at('06:00', '2018-11-04'));
    expect(worked.scheduledMinutes).toBe(7 * 60);
    expect(worked.workedMinutes).toBe(7 * 60);
  });
});

describe('shiftPay', () => {
  const fullPayout = freelancerPayoutCents(FULL_CHARGE);

  it('pays the full amounts on time, whatever the basis', () => {
    for (const payBasis of ['worked', 'full'] as const) {
      expect(
        shiftPay({
          fullChargeCents: FULL_CHARGE,
          shift: SHIFT,
          checkInAt: at('10:40'),
          checkOutAt: at('19:05'),
          payBasis,
        }),
      ).toEqual({
        payBasis,
        paidMinutes: 500,
        chargeCents: FULL_CHARGE,
        payoutCents: fullPayout,
        commissionCents: 2_900,
      });
    }
  });

  it('pays nothing for the 09:52 → 09:53 case by worked time, and the full shift when the business says so', () => {
    const input = {
      fullChargeCents: FULL_CHARGE,
      shift: SHIFT,
      checkInAt: at('09:52'),
      checkOutAt: at('09:53'),
    };
    expect(shiftPay({ ...input, payBasis: 'worked' })).toEqual({
      payBasis: 'worked',
      paidMinutes: 0,
      chargeCents: 0,
      payoutCents: 0,
      commissionCents: 0,
    });
    expect(shiftPay({ ...input, payBasis: 'full' })).toMatchObject({
      chargeCents: FULL_CHARGE,
      payoutCents: fullPayout,
    });
  });

  it('pays half a shift worked to its middle, each amount rounded to the centavo and the commission the difference', () => {
    const pay = shiftPay({
      fullChargeCents: FULL_CHARGE,
      shift: SHIFT,
      checkInAt: at('10:45'),
      checkOutAt: at('14:55'),
      payBasis: 'worked',
    });
    expect(pay).toEqual({
      payBasis: 'worked',
      paidMinutes: 250,
      chargeCents: 7_450,
      payoutCents: 6_000,
      commissionCents: 1_450,
    });
  });

  it('rounds shares that do not divide evenly and never pays the freelancer more than the charge', () => {
    const pay = shiftPay({
      fullChargeCents: 18_990,
      shift: { date: '2026-12-02', start: '08:00', end: '18:30' },
      checkInAt: at('08:00'),
      checkOutAt: at('08:07'),
      payBasis: 'worked',
    });
    expect(pay.paidMinutes).toBe(7);
    expect(pay.chargeCents).toBe(Math.round((18_990 * 7) / 630));
    expect(pay.payoutCents).toBe(Math.round((17_000 * 7) / 630));
    expect(pay.commissionCents).toBe(pay.chargeCents - pay.payoutCents);
    expect(pay.payoutCents).toBeLessThanOrEqual(pay.chargeCents);
  });
});
