import { FreelancerShiftsQuerySchema, type FreelancerShift } from '@turno/contracts';
import {
  checkInRequestAllowed,
  CHECK_IN_MINUTES_BEFORE_START,
  formatDateBR,
  freelancerShiftBadge,
  MESSAGES,
  MS_PER_MINUTE,
  onTheWayAllowed,
  onTheWayWindow,
  relativeDayLabel,
  saoPauloDate,
  saoPauloTime,
  shiftStartInstant,
  type FreelancerShiftBadge,
} from '@turno/domain';
import { type Tone } from '@turno/ui';
import { SHIFTS_URL } from '../shared/bff';

export { SHIFTS_URL };
export const SHIFTS_QUERY_DEFAULTS = FreelancerShiftsQuerySchema.parse({});

export const SHIFT_BADGE_TONES: Record<FreelancerShiftBadge, Tone> = {
  Alocado: 'info',
  'A caminho': 'info',
  'Check-in solicitado': 'warning',
  'Em trabalho': 'success',
  'Check-out solicitado': 'warning',
  Concluído: 'neutral',
};

/** The badge of a shift (spec 01 §2): Alocado, A caminho, Check-in solicitado, Em trabalho, Check-out solicitado, Concluído. */
export const shiftBadge = (shift: FreelancerShift) =>
  freelancerShiftBadge({
    status: shift.assignment_status === 'completed' ? 'completed' : 'assigned',
    ...shift,
  });

/** A link that opens the address in a maps site (a new tab). */
export function mapsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

type Shift = Pick<FreelancerShift, 'date_needed' | 'start_time'>;

/** "hoje às 05:00", "amanhã às 05:00", "em 26/11/2026 às 05:00" (Sao Paulo). */
export function whenText(instant: Date, now: Date): string {
  const date = saoPauloDate(instant);
  const relative = relativeDayLabel(date, now);
  const day = relative ? relative.toLowerCase() : `em ${formatDateBR(date)}`;
  return `${day} às ${saoPauloTime(instant)}`;
}
const shiftOf = (shift: Shift) => ({ date: shift.date_needed, start: shift.start_time });

/** What the shift's action area offers at `now`; `hint` explains a button not offered yet. */
export type ShiftStep =
  | { kind: 'on-the-way' | 'checkin'; enabled: boolean; hint: string | null }
  | { kind: 'checkout'; resend: boolean }
  | { kind: 'waiting'; text: string }
  | { kind: 'done' };

/**
 * The next steps of a shift for the freelancer (spec 01 §4 "Shift flow"): "Estou a caminho" from
 * 3 h before to 1 h after the start, "Solicitar check-in" from 1 h before the start, then waiting for
 * the business, "Solicitar check-out" once checked in (may be resent).
 */
export function shiftSteps(shift: FreelancerShift, now: Date): ShiftStep[] {
  if (shift.assignment_status === 'completed' || shift.assignment_status === 'cancelled')
    return [{ kind: 'done' }];
  if (shift.check_in_time)
    return [{ kind: 'checkout', resend: shift.freelancer_checkout_request_time !== null }];
  const steps: ShiftStep[] = [];
  if (!shift.on_the_way_time && !shift.freelancer_checkin_request_time) {
    const allowed = onTheWayAllowed(shiftOf(shift), now);
    let hint: string | null = null;
    if (!allowed) {
      const window = onTheWayWindow(shiftOf(shift));
      hint = now < window.opensAt ? `"Estou a caminho" disponível ${whenText(window.opensAt, now)}.` : null;
    }
    if (allowed || hint) steps.push({ kind: 'on-the-way', enabled: allowed, hint });
  }
  if (shift.freelancer_checkin_request_time) {
    steps.push({ kind: 'waiting', text: MESSAGES.shifts.awaitingCheckInApproval });
  } else {
    const allowed = checkInRequestAllowed(shiftOf(shift), now);
    const opensAt = new Date(
      shiftStartInstant(shiftOf(shift)).getTime() - CHECK_IN_MINUTES_BEFORE_START * MS_PER_MINUTE,
    );
    steps.push({
      kind: 'checkin',
      enabled: allowed,
      hint: allowed ? null : `Check-in disponível ${whenText(opensAt, now)}.`,
    });
  }
  return steps;
}
