/**
 * What the business pays for a shift, what the freelancer receives and what the platform keeps
 * (00-decisions "Shifts and prices"). Computed in integer centavos; the reais variants convert
 * at the edge with `toCentavos` / `toReais`.
 */
import { toCentavos, toReais } from './money';
import { parseClockTime } from './time';
import { shiftEndTime, toWorkload, type Workload } from './workloads';

/** Day price of the short shifts (6, 8, 8h20, 9 h) and the price when nothing better is known. */
export const DEFAULT_SHIFT_PRICE_CENTS = 14_900;
/** Night price of the short shifts: they end 23:01–06:59. */
export const NIGHT_SHIFT_PRICE_CENTS = 17_900;

/** Short shifts: price depends on the end time. */
const SHORT_WORKLOADS: readonly Workload[] = [6, 8, 8.33, 9];

/** Long shifts: one price at any time of day. */
const LONG_SHIFT_PRICE_CENTS: Partial<Record<Workload, number>> = {
  10: 18_900,
  10.25: 16_900,
  10.5: 18_990,
  11.5: 19_900,
};

/** Charge (centavos) → payout (centavos) for the charges of the price table. */
const PAYOUT_BY_CHARGE_CENTS: ReadonlyMap<number, number> = new Map([
  [14_900, 12_000],
  [17_900, 15_000],
  [18_900, 15_000],
  [16_900, 15_000],
  [18_990, 17_000],
  [19_900, 17_000],
]);

/** The day band for the end of a short shift: 07:00–23:00, both inclusive. */
const DAY_END_FIRST_MINUTE = 7 * 60;
const DAY_END_LAST_MINUTE = 23 * 60;

/**
 * True when a shift ending at `end` ('HH:MM') is priced as night: the end is 23:01–23:59 or
 * 00:00–06:59. 23:00 and 07:00 are day. False when `end` is not a clock time.
 */
export function isNightEnd(end: string): boolean {
  const minutes = parseClockTime(end);
  if (minutes === null) return false;
  return minutes < DAY_END_FIRST_MINUTE || minutes > DAY_END_LAST_MINUTE;
}

/**
 * Charge to the business in centavos.
 * - 6, 8, 8h20, 9 h: 14 900 when the end is 07:00–23:00, 17 900 when it is 23:01–06:59;
 * - 10 h: 18 900 · 10h15: 16 900 · 10h30: 18 990 · 11h30: 19 900;
 * - unknown workload, or a missing or unreadable start: 14 900.
 */
export function shiftPriceCents(hours: number | null | undefined, start: string | null | undefined): number {
  const workload = toWorkload(hours);
  if (workload === null || parseClockTime(start) === null) return DEFAULT_SHIFT_PRICE_CENTS;

  const longPrice = LONG_SHIFT_PRICE_CENTS[workload];
  if (longPrice !== undefined) return longPrice;

  if (SHORT_WORKLOADS.includes(workload)) {
    return isNightEnd(shiftEndTime(String(start), workload))
      ? NIGHT_SHIFT_PRICE_CENTS
      : DEFAULT_SHIFT_PRICE_CENTS;
  }
  return DEFAULT_SHIFT_PRICE_CENTS;
}

/** Charge to the business in reais (e.g. 189.9). See `shiftPriceCents`. */
export function shiftPrice(hours: number | null | undefined, start: string | null | undefined): number {
  return toReais(shiftPriceCents(hours, start));
}

/**
 * Payout to the freelancer in centavos: 149→120; 179, 189, 169→150; 189.90, 199→170;
 * any other charge → 80 % of it rounded to whole reais (half up).
 */
export function freelancerPayoutCents(chargeCents: number): number {
  const fromTable = PAYOUT_BY_CHARGE_CENTS.get(chargeCents);
  if (fromTable !== undefined) return fromTable;
  // chargeCents × 0.8 / 100, rounded to whole reais, back in centavos; integer maths only.
  return Math.round((chargeCents * 8) / 1000) * 100;
}

/** Payout to the freelancer in reais. See `freelancerPayoutCents`. */
export function freelancerPayout(charge: number): number {
  return toReais(freelancerPayoutCents(toCentavos(charge)));
}

/** Platform commission in centavos: charge − payout. */
export function platformCommissionCents(chargeCents: number): number {
  return chargeCents - freelancerPayoutCents(chargeCents);
}

/** Platform commission in reais, exact to the centavo (189.9 → 19.9). */
export function platformCommission(charge: number): number {
  return toReais(platformCommissionCents(toCentavos(charge)));
}

/** The three amounts of one shift, in centavos. */
export interface ShiftAmountsCents {
  chargeCents: number;
  payoutCents: number;
  commissionCents: number;
}

/** Charge, payout and commission of a shift, in centavos, from its workload and start. */
export function shiftAmountsCents(
  hours: number | null | undefined,
  start: string | null | undefined,
): ShiftAmountsCents {
  const chargeCents = shiftPriceCents(hours, start);
  const payoutCents = freelancerPayoutCents(chargeCents);
  return { chargeCents, payoutCents, commissionCents: chargeCents - payoutCents };
}
