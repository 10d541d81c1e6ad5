import fc from 'fast-check';
import {
  freelancerPayout,
  freelancerPayoutCents,
  isNightEnd,
  platformCommission,
  platformCommissionCents,
  shiftAmountsCents,
  shiftPrice,
  shiftPriceCents,
} from './pricing';
import { formatClockTime } from './time';
import { WORKLOADS } from './workloads';

describe('shiftPrice: short shifts (6, 8, 8h20, 9 h) by end time', () => {
  it.each([
    // [hours, start, end, price]
    [6, '17:00', '23:00', 149], // ends 23:00 → day
    [6, '17:01', '23:01', 179], // ends 23:01 → night
    [6, '00:59', '06:59', 179], // ends 06:59 → night
    [6, '01:00', '07:00', 149], // ends 07:00 → day
    [6, '18:00', '00:00', 179], // ends midnight → night
    [6, '08:00', '14:00', 149],
    [8, '15:00', '23:00', 149],
    [8, '15:01', '23:01', 179],
    [8, '22:59', '06:59', 179],
    [8, '23:00', '07:00', 149], // wraps midnight but ends 07:00 → day
    [8.33, '14:40', '23:00', 149],
    [8.33, '14:41', '23:01', 179],
    [8.33, '22:39', '06:59', 179],
    [8.33, '22:40', '07:00', 149],
    [9, '14:00', '23:00', 149],
    [9, '14:01', '23:01', 179],
    [9, '21:59', '06:59', 179],
    [9, '22:00', '07:00', 149],
  ])('%s h from %s (ends %s) → R$ %s', (hours, start, _end, price) => {
    expect(shiftPrice(hours, start)).toBe(price);
    expect(shiftPriceCents(hours, start)).toBe(price * 100);
  });
});

describe('shiftPrice: long shifts, any time of day', () => {
  it.each([
    [10, 189],
    [10.25, 169],
    [10.5, 189.9],
    [11.5, 199],
  ])('%s h → R$ %s', (hours, price) => {
    for (const start of ['00:00', '08:00', '13:00', '20:00', '23:59']) {
      expect(shiftPrice(hours, start)).toBe(price);
    }
  });

  it('in centavos', () => {
    expect(shiftPriceCents(10, '08:00')).toBe(18_900);
    expect(shiftPriceCents(10.25, '08:00')).toBe(16_900);
    expect(shiftPriceCents(10.5, '08:00')).toBe(18_990);
    expect(shiftPriceCents(11.5, '08:00')).toBe(19_900);
  });
});

describe('shiftPrice: defaults', () => {
  it('charges 149 for an unknown workload or a missing start', () => {
    expect(shiftPrice(7, '08:00')).toBe(149);
    expect(shiftPrice(12, '20:00')).toBe(149);
    expect(shiftPrice(null, '08:00')).toBe(149);
    expect(shiftPrice(6, '')).toBe(149);
    expect(shiftPrice(6, null)).toBe(149);
    expect(shiftPrice(6, undefined)).toBe(149);
    expect(shiftPrice(10, '')).toBe(149);
    expect(shiftPrice(6, 'noite')).toBe(149);
  });

  it('accepts the 8h20 rounding and HH:MM:SS starts', () => {
    expect(shiftPrice(8.333, '22:40')).toBe(149);
    expect(shiftPrice(6, '17:01:00')).toBe(179);
  });
});

describe('isNightEnd', () => {
  it('is night from 23:01 to 06:59', () => {
    expect(isNightEnd('23:00')).toBe(false);
    expect(isNightEnd('23:01')).toBe(true);
    expect(isNightEnd('23:59')).toBe(true);
    expect(isNightEnd('00:00')).toBe(true);
    expect(isNightEnd('06:59')).toBe(true);
    expect(isNightEnd('07:00')).toBe(false);
    expect(isNightEnd('12:00')).toBe(false);
    expect(isNightEnd('')).toBe(false);
  });
});

describe('freelancerPayout and platformCommission', () => {
  it.each([
    // [charge, payout, commission]
    [149, 120, 29],
    [179, 150, 29],
    [189, 150, 39],
    [169, 150, 19],
    [189.9, 170, 19.9],
    [199, 170, 29],
  ])('charge %s → payout %s, commission %s', (charge, payout, commission) => {
    expect(freelancerPayout(charge)).toBe(payout);
    expect(platformCommission(charge)).toBe(commission);
  });

  it('pays 80 % rounded to whole reais for any other charge', () => {
    expect(freelancerPayout(100)).toBe(80);
    expect(freelancerPayout(150)).toBe(120);
    expect(freelancerPayout(155)).toBe(124);
    expect(freelancerPayout(156.25)).toBe(125); // 125.0
    expect(freelancerPayout(156.9)).toBe(126); // 125.52 → 126
    expect(freelancerPayout(200)).toBe(160);
    expect(freelancerPayout(0)).toBe(0);
    expect(platformCommission(156.9)).toBe(30.9);
  });

  it('is exact: no floating-point residue', () => {
    expect(platformCommission(189.9)).toBe(19.9);
    expect(platformCommission(189.9)).not.toBe(189.9 - 170);
  });

  it('works in centavos', () => {
    expect(freelancerPayoutCents(18_990)).toBe(17_000);
    expect(platformCommissionCents(18_990)).toBe(1_990);
    expect(platformCommissionCents(18_900)).toBe(3_900);
    expect(freelancerPayoutCents(15_690)).toBe(12_600);
  });

  it('gives the three amounts of a shift at once', () => {
    expect(shiftAmountsCents(10.5, '08:00')).toEqual({
      chargeCents: 18_990,
      payoutCents: 17_000,
      commissionCents: 1_990,
    });
    expect(shiftAmountsCents(6, '20:00')).toEqual({
      chargeCents: 17_900,
      payoutCents: 15_000,
      commissionCents: 2_900,
    });
  });

  it('property: every price of the table splits into payout + commission, all whole centavos', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WORKLOADS),
        fc.integer({ min: 0, max: 1439 }).map(formatClockTime),
        (hours, start) => {
          const { chargeCents, payoutCents, commissionCents } = shiftAmountsCents(hours, start);
          return (
            [chargeCents, payoutCents, commissionCents].every(Number.isInteger) &&
            payoutCents + commissionCents === chargeCents &&
            payoutCents > 0 &&
            commissionCents > 0
          );
        },
      ),
    );
  });

  it('property: the 80 % rule pays whole reais within 50 centavos of 80 %', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (chargeCents) => {
        const payout = freelancerPayoutCents(chargeCents);
        return payout % 100 === 0 && Math.abs(payout - chargeCents * 0.8) <= 50;
      }),
    );
  });
});
