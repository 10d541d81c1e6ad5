import { Button } from '@turno/ui';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question (spec 02 §5 "Confirmations"). */
  message: string;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in the page's own dialog (never the browser's `confirm()`): Esc cancels. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  tone = 'primary',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} open={open} onClose={onCancel}>
      <p style={{ margin: 0 }}>{message}</p>
      <div className="t-row" style={{ justifyContent: 'flex-end' }}>
        <Button variant="ghost" onClick={onCancel}>
          Cancelar
        </Button>
        <Button variant={tone} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
