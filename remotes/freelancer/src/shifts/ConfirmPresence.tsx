import { ConfirmShiftResponseSchema, type FreelancerShift } from '@turno/contracts';
import { SHIFT_CONFIRMATION_MESSAGES, confirmationStepDue, shiftHasStarted } from '@turno/domain';
import { Alert, Badge, Button, useBffMutation } from '@turno/ui';
import { useEffect, useRef } from 'react';
import { BFF } from '../shared/bff';

export interface ConfirmPresenceProps {
  shift: FreelancerShift;
  now: Date;
  /** The confirmation went through: the server's message (the list re-reads). */
  onDone: (message: string) => void;
  /** The shift the notification's link names (`?turno=<id>`): its button takes the focus. */
  focus?: boolean;
  fetchImpl?: typeof fetch;
}

/** True when the card asks for the confirmation: allocated, not checked in, asked (or 24 h before), not started. */
export function confirmationOffered(shift: FreelancerShift, now: Date): boolean {
  const start = { date: shift.date_needed, start: shift.start_time };
  return (
    shift.assignment_status === 'assigned' &&
    !shift.check_in_time &&
    !shift.confirmed_time &&
    !shiftHasStarted(start, now) &&
    (Boolean(shift.confirmation_requested_time) || confirmationStepDue(start, 'request', now))
  );
}

/**
 * "Confirma presença amanhã às 07:00?" with a one-tap "Confirmar presença" (issue 26), on the
 * Trabalhos card from the request on (24 h before the start, or at acceptance when later); once
 * confirmed, "Presença confirmada". A refusal shows the server's pt-BR text in the card.
 */
export function ConfirmPresence({ shift, now, onDone, focus, fetchImpl }: ConfirmPresenceProps) {
  const mutation = useBffMutation({ fetchImpl });
  const area = useRef<HTMLDivElement>(null);
  const offered = confirmationOffered(shift, now);
  useEffect(() => {
    if (focus && offered) area.current?.querySelector('button')?.focus();
  }, [focus, offered]);
  if (shift.confirmed_time && shift.assignment_status === 'assigned' && !shift.check_in_time) {
    return (
      <p style={{ margin: '0 0 8px' }}>
        <Badge tone="success">{SHIFT_CONFIRMATION_MESSAGES.confirmed}</Badge>
      </p>
    );
  }
  if (!offered) return null;
  async function confirm() {
    const result = await mutation.send(`${BFF}/freelancers/confirm-shift/${shift.id}`, {
      body: {},
      schema: ConfirmShiftResponseSchema,
      key: 'confirm',
      fallback: SHIFT_CONFIRMATION_MESSAGES.confirmFailed,
    });
    if (result.ok) onDone(result.data.message);
  }
  return (
    <div ref={area} className="t-stack" style={{ gap: 6, marginBottom: 8 }} data-testid="confirm-presence">
      <p style={{ margin: 0, fontWeight: 600 }}>
        {SHIFT_CONFIRMATION_MESSAGES.question(shift.date_needed, shift.start_time.slice(0, 5), now)}
      </p>
      {mutation.error && <Alert tone="danger">{mutation.error}</Alert>}
      <Button
        style={{ width: '100%' }}
        busy={mutation.pending}
        disabled={mutation.pending}
        onClick={() => void confirm()}
      >
        {SHIFT_CONFIRMATION_MESSAGES.confirm}
        <span className="t-visually-hidden"> {shift.title}</span>
      </Button>
    </div>
  );
}
