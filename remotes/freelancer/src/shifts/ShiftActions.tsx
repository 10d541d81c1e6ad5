import { ShiftActionResponseSchema, type FreelancerShift } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { Alert, Button } from '@turno/ui';
import { useRef, useState } from 'react';
import { BFF, SendError, sendBff } from '../shared/send-bff';
import { shiftSteps } from './shifts';

type Action = 'on-the-way' | 'checkin' | 'checkout';

const FALLBACKS: Record<Action, string> = {
  'on-the-way': MESSAGES.shifts.onTheWayFailed,
  checkin: MESSAGES.shifts.checkInFailed,
  checkout: MESSAGES.shifts.checkOutFailed,
};

export interface ShiftActionsProps {
  shift: FreelancerShift;
  now: Date;
  /** After a call: the message to show (the server's on success) and the list re-reads. */
  onDone: (message: string) => void;
  fetchImpl?: typeof fetch;
}

/**
 * The buttons of a held shift: "Estou a caminho", "Solicitar check-in", "Solicitar check-out"
 * (or "Reenviar…"), each sent once at a time; a refusal shows the server's text in the card.
 */
export function ShiftActions({ shift, now, onDone, fetchImpl }: ShiftActionsProps) {
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sending = useRef(false);

  async function run(action: Action) {
    if (sending.current) return;
    sending.current = true;
    setBusy(action);
    setError(null);
    try {
      const answer = await sendBff(
        `${BFF}/freelancers/${action}/${shift.id}`,
        ShiftActionResponseSchema,
        FALLBACKS[action],
        {
          fetchImpl,
        },
      );
      onDone(answer.message);
    } catch (failure) {
      setError(failure instanceof SendError ? failure.message : FALLBACKS[action]);
    } finally {
      sending.current = false;
      setBusy(null);
    }
  }

  const steps = shiftSteps(shift, now);
  return (
    <div className="t-stack" style={{ gap: 8 }}>
      {steps.map((step) => {
        switch (step.kind) {
          case 'on-the-way':
          case 'checkin':
            return (
              <div key={step.kind} className="t-stack" style={{ gap: 4 }}>
                <Button
                  variant={step.kind === 'on-the-way' ? 'secondary' : 'primary'}
                  disabled={!step.enabled || (busy !== null && busy !== step.kind)}
                  busy={busy === step.kind}
                  style={{ width: '100%' }}
                  onClick={() => void run(step.kind)}
                >
                  {step.kind === 'on-the-way' ? 'Estou a caminho' : 'Solicitar check-in'}
                </Button>
                {step.hint && (
                  <p className="t-muted" style={{ margin: 0, fontSize: 14 }}>
                    {step.hint}
                  </p>
                )}
              </div>
            );
          case 'checkout':
            return (
              <div key="checkout" className="t-stack" style={{ gap: 4 }}>
                {step.resend && (
                  <p className="t-muted" style={{ margin: 0, fontSize: 14 }}>
                    {MESSAGES.shifts.awaitingCheckOutApproval}
                  </p>
                )}
                <Button
                  variant={step.resend ? 'secondary' : 'primary'}
                  busy={busy === 'checkout'}
                  style={{ width: '100%' }}
                  onClick={() => void run('checkout')}
                >
                  {step.resend ? 'Reenviar solicitação de check-out' : 'Solicitar check-out'}
                </Button>
              </div>
            );
          case 'waiting':
            return (
              <p key="waiting" className="t-muted" style={{ margin: 0, fontSize: 14 }}>
                {step.text}
              </p>
            );
          case 'done':
            return null;
        }
      })}
      {error && (
        <Alert tone="danger" data-testid="shift-error">
          {error}
        </Alert>
      )}
    </div>
  );
}
