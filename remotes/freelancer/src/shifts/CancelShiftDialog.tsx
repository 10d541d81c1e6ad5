import {
  CANCELLATION_REASON_MAX_LENGTH,
  ShiftReleaseResponseSchema,
  type FreelancerShift,
} from '@turno/contracts';
import { MESSAGES, formatDayBR, isLateCancellation } from '@turno/domain';
import { Alert, Button, TextAreaField, formatTimeRange } from '@turno/ui';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { BFF, SendError, sendBff } from '../shared/send-bff';

export interface CancelShiftDialogProps {
  shift: FreelancerShift;
  now: Date;
  onClose: () => void;
  onDone: (message: string) => void;
  fetchImpl?: typeof fetch;
}

const FOCUSABLE = 'button:not([disabled]), textarea:not([disabled])';

/**
 * "Cancelar turno": the shift, the warning BEFORE confirming ("Cancelar agora gera uma
 * ocorrência…" less than 12 h before the start, else that it costs nothing), an optional reason,
 * sent once to POST /api/freelancers/cancel-shift/:id. Focus stays inside; Escape closes.
 */
export function CancelShiftDialog({ shift, now, onClose, onDone, fetchImpl }: CancelShiftDialogProps) {
  const t = MESSAGES.shiftRelease;
  const late = isLateCancellation({ date: shift.date_needed, start: shift.start_time }, now);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('textarea')?.focus();
    return () => previous?.focus?.();
  }, []);

  async function submit() {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const answer = await sendBff(
        `${BFF}/freelancers/cancel-shift/${shift.id}`,
        ShiftReleaseResponseSchema,
        t.cancelShiftFailed,
        { body: { reason: reason.trim() || null }, fetchImpl },
      );
      onDone(answer.message);
    } catch (failure) {
      setError(failure instanceof SendError ? failure.message : t.cancelShiftFailed);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) onClose();
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const [first, last] = [items[0], items[items.length - 1]];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      style={{
        position: 'fixed',
        inset: 0,
        background: 'rgba(15, 23, 42, 0.45)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        zIndex: 50,
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="t-card"
        data-testid="cancel-shift-dialog"
        onKeyDown={onKeyDown}
        style={{ width: '100%', maxWidth: 480, maxHeight: '100%', overflowY: 'auto' }}
      >
        <form
          className="t-card__body t-stack"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div>
            <h2 id={titleId} style={{ fontSize: 18 }}>
              {t.cancelShiftTitle}
            </h2>
            <p style={{ margin: '4px 0 0', overflowWrap: 'anywhere' }}>
              {shift.title} · {formatDayBR(shift.date_needed, now)},{' '}
              {formatTimeRange(shift.start_time, shift.end_time)}
            </p>
          </div>
          {late ? (
            <Alert tone="warning" data-testid="strike-warning">
              {t.cancelShiftLateWarning}
            </Alert>
          ) : (
            <p style={{ margin: 0 }}>{t.cancelShiftNoStrike}</p>
          )}
          <TextAreaField
            label="Motivo"
            optional
            value={reason}
            maxLength={CANCELLATION_REASON_MAX_LENGTH}
            rows={3}
            onChange={(event) => setReason(event.target.value.slice(0, CANCELLATION_REASON_MAX_LENGTH))}
            disabled={busy}
          />
          {error && (
            <Alert tone="danger" data-testid="cancel-shift-error">
              {error}
            </Alert>
          )}
          <div className="t-row" style={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
              {t.keepShift}
            </Button>
            <Button type="submit" variant="danger" busy={busy}>
              {t.cancelShiftConfirm}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
