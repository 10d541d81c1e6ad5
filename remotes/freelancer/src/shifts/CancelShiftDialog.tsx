import {
  CANCELLATION_REASON_MAX_LENGTH,
  ShiftReleaseResponseSchema,
  type FreelancerShift,
} from '@turno/contracts';
import { MESSAGES, formatDayBR, isLateCancellation } from '@turno/domain';
import { Alert, Button, Dialog, TextAreaField, formatTimeRange, useBffMutation } from '@turno/ui';
import { useState } from 'react';
import { BFF } from '../shared/bff';

export interface CancelShiftDialogProps {
  shift: FreelancerShift;
  now: Date;
  onClose: () => void;
  onDone: (message: string) => void;
  fetchImpl?: typeof fetch;
}

/**
 * "Cancelar turno": the shift, the warning BEFORE confirming ("Cancelar agora gera uma
 * ocorrência…" less than 12 h before the start, else that it costs nothing), an optional reason,
 * sent once to POST /api/freelancers/cancel-shift/:id. Focus stays inside; Escape closes.
 */
export function CancelShiftDialog({ shift, now, onClose, onDone, fetchImpl }: CancelShiftDialogProps) {
  const t = MESSAGES.shiftRelease;
  const late = isLateCancellation({ date: shift.date_needed, start: shift.start_time }, now);
  const [reason, setReason] = useState('');
  const mutation = useBffMutation({ fallback: t.cancelShiftFailed, fetchImpl });
  const { pending: busy, error } = mutation;

  async function submit() {
    const result = await mutation.send(`${BFF}/freelancers/cancel-shift/${shift.id}`, {
      body: { reason: reason.trim() || null },
      schema: ShiftReleaseResponseSchema,
    });
    if (result.ok) onDone(result.data.message);
  }

  return (
    <Dialog
      title={t.cancelShiftTitle}
      onClose={onClose}
      busy={busy}
      size="small"
      data-testid="cancel-shift-dialog"
      onSubmit={() => void submit()}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            {t.keepShift}
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            {t.cancelShiftConfirm}
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }}>
        {shift.title} · {formatDayBR(shift.date_needed, now)},{' '}
        {formatTimeRange(shift.start_time, shift.end_time)}
      </p>
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
    </Dialog>
  );
}
