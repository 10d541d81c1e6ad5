/**
 * What a completed shift pays (issue 23, "Shifts that happen"): the worked time inside the
 * schedule, an early departure, and the partial-pay rule. All in integer centavos and whole minutes.
 *
 * - Worked time counts from the later of the check-in and the scheduled start to the earlier of the
 *   check-out and the scheduled end (arriving early or staying late is not paid extra).
 * - A check-in up to `ON_TIME_GRACE_MINUTES` after the start counts from the start (the same grace
 *   that makes a check-in "atrasado" in the reliability record).
 * - A check-out more than `EARLY_DEPARTURE_TOLERANCE_MINUTES` before the scheduled end is an early
 *   departure; within the tolerance it counts to the end.
 * - Paid by worked time ('worked'), the charge and the payout are the full ones × worked ÷ scheduled,
 *   each rounded to the centavo; the commission is the difference. Paid in full ('full'), they are
 *   the scheduled shift's amounts whatever the times.
 */
import { freelancerPayoutCents } from './pricing';
import { shiftEndInstant, shiftStartInstant, type ShiftTime } from './shifts';
import type { PayBasis } from './shift-records';
import { MS_PER_MINUTE } from './time';

/** A check-in this many minutes after the start still counts from the start (and is not "atrasado"). */
export const ON_TIME_GRACE_MINUTES = 10;
/** A check-out up to this many minutes before the end is not an early departure. */
export const EARLY_DEPARTURE_TOLERANCE_MINUTES = 5;

export interface WorkedTime {
  /** Scheduled minutes (start to end instants: correct across a DST change). */
  scheduledMinutes: number;
  /** Minutes worked inside the schedule, after the grace and tolerance above (0 at least). */
  workedMinutes: number;
  /** Check-in after start + grace. */
  late: boolean;
  /** Check-out before end − tolerance. */
  earlyDeparture: boolean;
}

/** The worked time of a shift checked in at `checkInAt` and out at `checkOutAt`. Throws RangeError on invalid shift times. */
export function workedTime(shift: ShiftTime, checkInAt: Date, checkOutAt: Date): WorkedTime {
  const start = shiftStartInstant(shift).getTime();
  const end = shiftEndInstant(shift).getTime();
  const late = checkInAt.getTime() > start + ON_TIME_GRACE_MINUTES * MS_PER_MINUTE;
  const earlyDeparture = checkOutAt.getTime() < end - EARLY_DEPARTURE_TOLERANCE_MINUTES * MS_PER_MINUTE;
  const from = late ? checkInAt.getTime() : start;
  const to = earlyDeparture ? checkOutAt.getTime() : end;
  const scheduledMinutes = Math.round((end - start) / MS_PER_MINUTE);
  const workedMinutes = Math.min(scheduledMinutes, Math.max(0, Math.floor((to - from) / MS_PER_MINUTE)));
  return { scheduledMinutes, workedMinutes, late, earlyDeparture };
}

export interface ShiftPay {
  payBasis: PayBasis;
  paidMinutes: number;
  chargeCents: number;
  payoutCents: number;
  commissionCents: number;
}

/**
 * The amounts of a completed shift whose full charge is `fullChargeCents`: the full amounts when
 * `payBasis` is 'full' or the worked time covers the schedule, else the worked share of each.
 */
export function shiftPay(input: {
  fullChargeCents: number;
  shift: ShiftTime;
  checkInAt: Date;
  checkOutAt: Date;
  payBasis: PayBasis;
}): ShiftPay {
  const worked = workedTime(input.shift, input.checkInAt, input.checkOutAt);
  const fullPayoutCents = freelancerPayoutCents(input.fullChargeCents);
  const paidMinutes = input.payBasis === 'full' ? worked.scheduledMinutes : worked.workedMinutes;
  const share = worked.scheduledMinutes > 0 ? paidMinutes / worked.scheduledMinutes : 1;
  const chargeCents = Math.round(input.fullChargeCents * share);
  const payoutCents = Math.min(chargeCents, Math.round(fullPayoutCents * share));
  return {
    payBasis: input.payBasis,
    paidMinutes,
    chargeCents,
    payoutCents,
    commissionCents: chargeCents - payoutCents,
  };
}
