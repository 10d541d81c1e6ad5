import { ShiftActionResponseSchema, type FreelancerShift } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { Alert, Button, useBffMutation } from '@turno/ui';
import { lazy, Suspense, useState } from 'react';
import { BFF } from '../shared/bff';
import { shiftSteps } from './shifts';
import type { PresenceStep } from './PresenceDialog';

/** "Fazer check-in/check-out" opens a dialog of its own chunk (geolocation, code entry, QR reader). */
const PresenceDialog = lazy(() => import('./PresenceDialog').then((m) => ({ default: m.PresenceDialog })));

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
 * Above them "Fazer check-in" / "Fazer check-out" (issue 23): proof of presence by position or the
 * store's code, recorded at once; the requests for the manager's approval stay as the fallback.
 */
export function ShiftActions({ shift, now, onDone, fetchImpl }: ShiftActionsProps) {
  const mutation = useBffMutation({ fetchImpl });
  const busy = mutation.pending ? (mutation.pendingKey as Action) : null;
  const { error, setError } = mutation;
  const [presence, setPresence] = useState<PresenceStep | null>(null);

  const presenceButton = (step: PresenceStep) => (
    <Button
      key={`presence-${step}`}
      disabled={busy !== null}
      style={{ width: '100%' }}
      onClick={() => {
        setError(null);
        setPresence(step);
      }}
    >
      {step === 'check-in' ? MESSAGES.presence.checkInButton : MESSAGES.presence.checkOutButton}
    </Button>
  );

  async function run(action: Action) {
    const result = await mutation.send(`${BFF}/freelancers/${action}/${shift.id}`, {
      body: {},
      schema: ShiftActionResponseSchema,
      key: action,
      fallback: FALLBACKS[action],
    });
    if (result.ok) onDone(result.data.message);
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
                {step.kind === 'checkin' && step.enabled && presenceButton('check-in')}
                <Button
                  variant={step.kind === 'on-the-way' || step.enabled ? 'secondary' : 'primary'}
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
                {presenceButton('check-out')}
                {step.resend && (
                  <p className="t-muted" style={{ margin: 0, fontSize: 14 }}>
                    {MESSAGES.shifts.awaitingCheckOutApproval}
                  </p>
                )}
                <Button
                  variant="secondary"
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
              <div key="waiting" className="t-stack" style={{ gap: 4 }}>
                <p className="t-muted" style={{ margin: 0, fontSize: 14 }}>
                  {step.text}
                </p>
                {/* Still waiting for the manager: proof of presence checks in at once. */}
                {shift.freelancer_checkin_request_time && !shift.check_in_time && presenceButton('check-in')}
              </div>
            );
          case 'done':
            return null;
        }
      })}
      {presence && (
        <Suspense fallback={null}>
          <PresenceDialog
            assignmentId={shift.id}
            step={presence}
            fetchImpl={fetchImpl}
            onClose={() => setPresence(null)}
            onDone={(message) => {
              setPresence(null);
              onDone(message);
            }}
          />
        </Suspense>
      )}
      {error && (
        <Alert tone="danger" data-testid="shift-error">
          {error}
        </Alert>
      )}
    </div>
  );
}
