import { useEffect, useRef, type ReactNode } from 'react';

export interface ModalProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** A wider dialog (up to 880 px), for a document. */
  wide?: boolean;
}

const dialogStyle = {
  width: 'min(560px, calc(100vw - 24px))',
  maxHeight: 'calc(100vh - 24px)',
  border: '1px solid var(--t-color-border, #d4d4d8)',
  borderRadius: 12,
  padding: 0,
} as const;

/**
 * A modal dialog on the native `<dialog>` (focus kept inside, Esc closes, the page behind inert),
 * titled for screen readers. Closing by Esc or by the backdrop calls `onClose`.
 */
export function Modal({ title, open, onClose, children, wide }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  const titleId = `modal-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      style={wide ? { ...dialogStyle, width: 'min(880px, calc(100vw - 24px))' } : dialogStyle}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className="t-stack" style={{ padding: 20 }}>
          <h2 id={titleId} className="t-card__title" style={{ margin: 0 }}>
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
