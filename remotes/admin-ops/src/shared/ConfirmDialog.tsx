import { Button, type ButtonVariant } from '@turno/ui';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  title: string;
  /** The question (spec 02 §5 "Confirmations"). */
  message: string;
  confirmLabel: string;
  tone?: Extract<ButtonVariant, 'primary' | 'danger'>;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no confirmation; the confirming button shows a spinner and is disabled while `busy`. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  tone = 'primary',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      busy={busy}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button variant={tone} onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }}>{message}</p>
    </Dialog>
  );
}
