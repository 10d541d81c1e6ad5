/**
 * Check-out rules the business can trust (issue 23, "First, the hole"): when a business may confirm
 * a check-out nobody asked for, which check-out time an approval records, and the preview the
 * approval dialog shows (the same `shiftPay` rule the service applies).
 */
import { shiftEndInstant, type ShiftTime } from './shifts';
import type { PayBasis } from './shift-records';
import { MS_PER_MINUTE } from './time';
import { shiftPay, workedTime, type ShiftPay, type WorkedTime } from './worked-time';

export { formatHoursMinutes } from './hours-minutes';

/** No check-out request by the scheduled end + this many minutes: the business may confirm the check-out itself. */
export const CHECK_OUT_CONFIRM_AFTER_END_MINUTES = 120;

/** After a change of a shift's state, its next approval button stays disabled this long (a double tap lands on nothing). */
export const APPROVAL_SETTLE_MS = 1_500;

/** The instant from which a checked-in shift without a check-out request may be confirmed by the business. */
export function checkOutConfirmableAt(shift: ShiftTime): Date {
  return new Date(shiftEndInstant(shift).getTime() + CHECK_OUT_CONFIRM_AFTER_END_MINUTES * MS_PER_MINUTE);
}

/** True when the business may confirm a check-out with no request: checked in, not requested, end + 2 h reached. */
export function canConfirmCheckOutWithoutRequest(
  shift: ShiftTime,
  state: { checkInAt: Date | null; checkoutRequestedAt: Date | null; checkOutAt: Date | null },
  now: Date,
): boolean {
  if (!state.checkInAt || state.checkoutRequestedAt || state.checkOutAt) return false;
  return now.getTime() >= checkOutConfirmableAt(shift).getTime();
}

/**
 * The check-out time an approval records: the requested time when the freelancer asked (a manager
 * approving hours later adds no hours), else the scheduled end (a confirmation with no request).
 */
export function approvedCheckOutAt(shift: ShiftTime, checkoutRequestedAt: Date | null): Date {
  return checkoutRequestedAt ?? shiftEndInstant(shift);
}

/** What the approval dialog shows: the worked time and both amounts, by worked time and in full. */
export interface CheckOutPreview extends WorkedTime {
  checkOutAt: Date;
  worked: ShiftPay;
  full: ShiftPay;
}

/** The preview of approving a check-out at `checkOutAt` of a shift checked in at `checkInAt`. */
export function checkOutPreview(input: {
  fullChargeCents: number;
  shift: ShiftTime;
  checkInAt: Date;
  checkOutAt: Date;
}): CheckOutPreview {
  const pay = (payBasis: PayBasis) => shiftPay({ ...input, payBasis });
  return {
    ...workedTime(input.shift, input.checkInAt, input.checkOutAt),
    checkOutAt: input.checkOutAt,
    worked: pay('worked'),
    full: pay('full'),
  };
}
