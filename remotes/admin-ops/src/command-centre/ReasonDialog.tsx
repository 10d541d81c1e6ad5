import {
  CORRECTION_REASON_MAX_LENGTH,
  CORRECTION_REASON_MIN_LENGTH,
  MESSAGES,
  isValidCorrectionReason,
} from '@turno/domain';
import { Button, Dialog, TextAreaField } from '@turno/ui';
import { useState } from 'react';

export interface ReasonDialogProps {
  title: string;
  /** Why this is a correction (outside the shift's window). */
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * A manual check-in or check-out outside the shift's window: the admin says why (5–500 characters,
 * required), and the reason goes with the action into the audit trail.
 */
export function ReasonDialog({
  title,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = isValidCorrectionReason(reason);
  const lengthText = MESSAGES.shifts.correctionReasonLength(
    CORRECTION_REASON_MIN_LENGTH,
    CORRECTION_REASON_MAX_LENGTH,
  );
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      busy={busy}
      size="small"
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button
            variant="primary"
            busy={busy}
            disabled={!valid}
            onClick={() => (valid ? onConfirm(reason.trim()) : setTouched(true))}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }} data-testid="reason-dialog-message">
        {message}
      </p>
      <TextAreaField
        label="Motivo da correção"
        rows={3}
        maxLength={CORRECTION_REASON_MAX_LENGTH}
        value={reason}
        required
        onChange={(e) => setReason(e.target.value)}
        onBlur={() => setTouched(true)}
        hint={touched && !valid ? undefined : lengthText}
        error={touched && !valid ? lengthText : undefined}
      />
    </Dialog>
  );
}
