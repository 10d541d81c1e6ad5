import { PresenceResponseSchema, ShiftActionResponseSchema } from '@turno/contracts';
import { MESSAGES, normalizePresenceCode } from '@turno/domain';
import { Alert, Button, Dialog, useBffMutation } from '@turno/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { BFF } from '../shared/bff';
import { locate } from './geolocation';
import { QrScanner } from './QrScanner';

export type PresenceStep = 'check-in' | 'check-out';

export interface PresenceDialogProps {
  assignmentId: number;
  step: PresenceStep;
  onClose: () => void;
  /** After the server recorded the step (or took the request for approval): its message. */
  onDone: (message: string) => void;
  fetchImpl?: typeof fetch;
  geolocation?: Geolocation;
}

const FAILED: Record<PresenceStep, string> = {
  'check-in': MESSAGES.shifts.checkInFailed,
  'check-out': MESSAGES.shifts.checkOutFailed,
};
const LOCATE_REFUSALS = {
  denied: MESSAGES.presence.permissionDenied,
  unavailable: MESSAGES.presence.positionUnavailable,
  unsupported: MESSAGES.presence.geolocationUnsupported,
} as const;

/**
 * "Fazer check-in" / "Fazer check-out" (issue 23): first the browser's position — inside the store's
 * geofence the step is recorded at once. Otherwise (outside, no permission, a store not yet placed)
 * the reason in pt-BR and the store's presence code: typed, or read from its QR code where the
 * browser can. "Pedir aprovação ao gerente" stays as the fallback (the request the business approves).
 */
export function PresenceDialog({
  assignmentId,
  step,
  onClose,
  onDone,
  fetchImpl,
  geolocation,
}: PresenceDialogProps) {
  const [phase, setPhase] = useState<'locating' | 'code'>('locating');
  const [reason, setReason] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const mutation = useBffMutation({ fallback: FAILED[step], fetchImpl });
  const busy = mutation.pending;
  const [scanning, setScanning] = useState(false);
  const codeId = useId();
  const hintId = useId();
  const codeInput = useRef<HTMLInputElement>(null);

  async function send(body: object, url = `${BFF}/freelancers/presence/${assignmentId}/${step}`) {
    const result = await mutation.send(url, { body, schema: PresenceResponseSchema });
    if (result.ok) onDone(result.data.message);
    else if (result.message !== null) setReason(result.message);
    return result.ok;
  }

  useEffect(() => {
    let active = true;
    void (async () => {
      const located = await locate(geolocation ?? globalThis.navigator?.geolocation);
      if (!active) return;
      if (located.ok) await send({ position: located.position });
      else setReason(LOCATE_REFUSALS[located.reason]);
      if (active) setPhase('code');
    })();
    return () => {
      active = false;
    };
    // Once, on open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (phase === 'code') codeInput.current?.focus();
  }, [phase]);

  async function submitCode(value = code) {
    const normalized = normalizePresenceCode(value);
    if (!normalized) {
      setReason(MESSAGES.presence.codeFormat);
      return;
    }
    await send({ code: normalized });
  }

  async function askManager() {
    const action = step === 'check-in' ? 'checkin' : 'checkout';
    const result = await mutation.send(`${BFF}/freelancers/${action}/${assignmentId}`, {
      body: {},
      schema: ShiftActionResponseSchema,
    });
    if (result.ok) onDone(result.data.message);
    else if (result.message !== null) setReason(result.message);
  }

  return (
    <Dialog
      title={step === 'check-in' ? MESSAGES.presence.checkInButton : MESSAGES.presence.checkOutButton}
      onClose={onClose}
      busy={busy}
      size="small"
      onSubmit={() => {
        if (phase === 'code') void submitCode();
      }}
    >
      {phase === 'locating' ? (
        <p role="status" style={{ margin: 0 }}>
          {MESSAGES.presence.locating}
        </p>
      ) : (
        <>
          {reason && (
            <Alert tone="warning" data-testid="presence-reason">
              {reason}
            </Alert>
          )}
          <div className="t-stack" style={{ gap: 4 }}>
            <label className="t-label" htmlFor={codeId}>
              {MESSAGES.presence.codeLabel}
            </label>
            <input
              ref={codeInput}
              id={codeId}
              className="t-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={code}
              aria-describedby={hintId}
              onChange={(event) => setCode(event.target.value)}
              style={{ fontSize: 24, letterSpacing: 4, minHeight: 48 }}
            />
            <p id={hintId} className="t-muted" style={{ margin: 0, fontSize: 14 }}>
              {MESSAGES.presence.codeHint}
            </p>
          </div>
          {scanning && (
            <QrScanner
              onCode={(read) => {
                setScanning(false);
                setCode(read);
                void submitCode(read);
              }}
              onFail={(message) => {
                setScanning(false);
                setReason(message);
              }}
            />
          )}
          <Button type="submit" busy={busy} style={{ width: '100%' }}>
            {MESSAGES.presence.confirmCode}
          </Button>
          {QrScanner.available() && !scanning && (
            <Button
              variant="secondary"
              disabled={busy}
              style={{ width: '100%' }}
              onClick={() => setScanning(true)}
            >
              {MESSAGES.presence.scanQr}
            </Button>
          )}
          <Button
            variant="secondary"
            disabled={busy}
            style={{ width: '100%' }}
            onClick={() => void askManager()}
          >
            {MESSAGES.presence.requestApproval}
          </Button>
          <Button variant="ghost" disabled={busy} style={{ width: '100%' }} onClick={onClose}>
            {MESSAGES.presence.cancel}
          </Button>
        </>
      )}
    </Dialog>
  );
}
