/**
 * Shift confirmations and reminders (issue 26): 24 h before an accepted shift (or at acceptance when
 * later) the freelancer is asked to confirm; 2 h before, a reminder; not confirmed 12 h before, the
 * business is told (and the shift released automatically when the business chose that). Every rule
 * takes `now`; the workers and the services read the thresholds from here.
 */
import { shiftStartInstant, type ShiftTime } from './shifts';
import { MS_PER_HOUR, addDays, isClockTime, isIsoDate, saoPauloDate } from './time';

type ShiftStart = Pick<ShiftTime, 'date' | 'start'>;

/** The confirmation request is due this long before the start (or at acceptance, when later). */
export const CONFIRMATION_REQUEST_HOURS = 24;
/** The reminder is due this long before the start. */
export const SHIFT_REMINDER_HOURS = 2;
/** Not confirmed this long before the start: the business is told (or the shift released). */
export const UNCONFIRMED_DEADLINE_HOURS = 12;

/** The steps a worker takes for an accepted shift, in the order they fall due. */
export const CONFIRMATION_STEPS = ['request', 'unconfirmed', 'reminder'] as const;
export type ConfirmationStep = (typeof CONFIRMATION_STEPS)[number];

const HOURS_BEFORE: Record<ConfirmationStep, number> = {
  request: CONFIRMATION_REQUEST_HOURS,
  unconfirmed: UNCONFIRMED_DEADLINE_HOURS,
  reminder: SHIFT_REMINDER_HOURS,
};

/**
 * When a step falls due: its hours before the start. A step due before the acceptance is due at
 * once (the worker acts when it runs); the start itself is returned unchanged for invalid input.
 */
export function confirmationStepDueAt(shift: ShiftStart, step: ConfirmationStep): Date {
  return new Date(shiftStartInstant(shift).getTime() - HOURS_BEFORE[step] * MS_PER_HOUR);
}

/** True once `step` is due at `now` (its instant included) and the shift has not started. */
export function confirmationStepDue(shift: ShiftStart, step: ConfirmationStep, now: Date): boolean {
  if (!isIsoDate(shift.date) || !isClockTime(shift.start)) return false;
  const start = shiftStartInstant(shift).getTime();
  return confirmationStepDueAt(shift, step).getTime() <= now.getTime() && now.getTime() < start;
}

/** The delay (ms, ≥ 0) from `now` until `step` is due: what a delayed job waits. */
export function confirmationStepDelayMs(shift: ShiftStart, step: ConfirmationStep, now: Date): number {
  return Math.max(0, confirmationStepDueAt(shift, step).getTime() - now.getTime());
}

/** Why a confirmation is refused, or null when the freelancer may confirm at `now`. */
export function confirmationRefusal(
  state: { status: string; shift: ShiftStart },
  now: Date,
): 'cancelled' | 'started' | null {
  if (state.status === 'cancelled') return 'cancelled';
  if (state.status !== 'assigned') return 'started';
  if (shiftStartInstant(state.shift).getTime() <= now.getTime()) return 'started';
  return null;
}

/** 'hoje', 'amanhã' or 'em 12/12' — the shift's day as seen from `now` (São Paulo). */
export function shiftDayWords(date: string, now: Date): string {
  const today = saoPauloDate(now);
  if (date === today) return 'hoje';
  if (date === addDays(today, 1)) return 'amanhã';
  const [, month, day] = date.split('-');
  return `em ${day}/${month}`;
}

/** pt-BR texts of confirmations and reminders (`MESSAGES.shiftConfirmation`). */
export const SHIFT_CONFIRMATION_MESSAGES = {
  /** "Confirma presença amanhã às 07:00?" */
  question: (date: string, start: string, now: Date) =>
    `Confirma presença ${shiftDayWords(date, now)} às ${start}?`,
  confirm: 'Confirmar presença',
  confirming: 'Confirmando...',
  confirmed: 'Presença confirmada',
  confirmedMessage: 'Presença confirmada. Até lá!',
  confirmFailed: 'Não foi possível confirmar a presença. Tente novamente.',
  notConfirmed: 'Presença não confirmada',
  /** The business's agenda: the freelancer confirmed. */
  agendaConfirmed: 'Confirmado',
  agendaAwaiting: 'Aguardando confirmação',
  agendaUnconfirmed: 'Não confirmou presença',
  release: 'Liberar vaga',
  releasing: 'Liberando...',
  releasedMessage: 'Vaga liberada: ela voltou a receber candidaturas.',
  releaseFailed: 'Não foi possível liberar a vaga.',
  /** The business's Perfil setting. */
  autoReleaseLabel: 'Liberar automaticamente turnos não confirmados',
  autoReleaseHint: `Se o freelancer não confirmar presença até ${UNCONFIRMED_DEADLINE_HOURS} horas antes do turno, a vaga volta a receber candidaturas sem custo.`,
  autoReleaseSaved: 'Preferência salva.',
  /** The reason recorded on a released assignment. */
  releaseReason: 'Presença não confirmada',
  // Refusals (409/403) of the services.
  refusedCancelled: 'Este turno foi cancelado: não há presença a confirmar.',
  refusedStarted: 'O turno já começou: não é mais possível confirmar presença.',
  releaseConfirmed: 'O freelancer já confirmou presença: a vaga não pode ser liberada.',
  releaseTooEarly: `A vaga só pode ser liberada a partir de ${UNCONFIRMED_DEADLINE_HOURS} horas antes do turno, se o freelancer não confirmar presença.`,
  releaseNotAllowed:
    'Este turno não pode mais ser liberado: o check-in já foi feito, ele começou ou foi cancelado.',
} as const;

/**
 * True when an unconfirmed shift may be released ("Liberar vaga", or automatically): not confirmed,
 * from 12 h before the start (its instant included) until the start.
 */
export function unconfirmedReleaseAllowed(
  shift: ShiftStart,
  confirmedAt: Date | string | null | undefined,
  now: Date,
): boolean {
  return !confirmedAt && confirmationStepDue(shift, 'unconfirmed', now);
}

/**
 * True when the 12 h step applies to a shift accepted at `acceptedAt`: accepted before the
 * deadline (a freelancer accepted 5 h before the start had no time to confirm: the business is not
 * told they did not, and the shift cannot be released for it).
 */
export function unconfirmedStepApplies(shift: ShiftStart, acceptedAt: Date): boolean {
  return acceptedAt.getTime() < confirmationStepDueAt(shift, 'unconfirmed').getTime();
}
