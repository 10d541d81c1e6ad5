import {
  useEffect,
  useId,
  useInsertionEffect,
  useRef,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Button } from './Button';

/** The name of the ✕ button (and what Escape does). */
export const DIALOG_CLOSE_LABEL = 'Fechar';

/**
 * The dialog's stylesheet, added to the document the first time a dialog opens: it travels with the
 * first screen that shows a dialog, never in a first screen that has none (weight budgets).
 * The box never outgrows the viewport (360 px wide included): the header and the footer stay, the
 * body scrolls.
 */
export const DIALOG_CSS = `
.t-dialog-backdrop{position:fixed;inset:0;z-index:1000;background:rgba(15,23,42,.55);display:flex;align-items:center;justify-content:center;padding:16px 12px}
.t-dialog{background:var(--t-color-surface);color:var(--t-color-text);border-radius:var(--t-radius);box-shadow:0 20px 40px rgba(15,23,42,.3);width:100%;max-width:640px;max-height:100%;display:flex;flex-direction:column;min-width:0;outline:none}
.t-dialog--small{max-width:460px}
.t-dialog--wide{max-width:900px}
.t-dialog__header{display:flex;align-items:flex-start;justify-content:space-between;gap:8px;padding:8px 8px 8px 20px;border-bottom:1px solid var(--t-color-border)}
.t-dialog__title{font-size:18px;line-height:1.3;margin:0;padding:10px 0;min-width:0;overflow-wrap:anywhere}
.t-dialog__header--bare{padding-right:20px}
.t-dialog__close.t-btn{padding:0;font-size:18px;min-height:44px;min-width:44px;flex:none}
.t-dialog__inner{display:flex;flex-direction:column;min-height:0;flex:1 1 auto}
.t-dialog__body{padding:16px 20px;display:flex;flex-direction:column;gap:14px;overflow-y:auto;min-height:0;flex:1 1 auto;overscroll-behavior:contain;overflow-wrap:anywhere}
.t-dialog__footer{padding:12px 20px 16px;display:flex;flex-wrap:wrap;gap:8px;justify-content:flex-end;border-top:1px solid var(--t-color-border)}
.t-dialog__footer .t-btn{min-height:44px}
@media (max-width:480px){.t-dialog-backdrop{padding:8px}.t-dialog__header{padding-left:14px}.t-dialog__body,.t-dialog__footer{padding-left:14px;padding-right:14px}.t-dialog__footer .t-btn{flex:1 1 auto}}
`;

const STYLE_ID = 'turno-dialog';

function ensureDialogStyles(doc: Document | undefined = globalThis.document): void {
  if (!doc || doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = DIALOG_CSS;
  doc.head.appendChild(style);
}

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';
const FIELD = 'input:not([disabled]),select:not([disabled]),textarea:not([disabled])';

export interface DialogProps {
  /** The heading; the dialog's accessible name (aria-labelledby). */
  title: ReactNode;
  /** Escape, a click on the backdrop and ✕ call it; never while `busy`. */
  onClose: () => void;
  children: ReactNode;
  /** The buttons at the bottom, kept in view while the body scrolls. */
  footer?: ReactNode;
  /** small 460 px, normal 640 px, wide 900 px (a table of lines); never wider than the screen. */
  size?: 'small' | 'normal' | 'wide';
  /** While an action runs the dialog cannot be closed. */
  busy?: boolean;
  /**
   * The body and footer are a form: Enter in a field and a `type="submit"` button of the footer
   * call it (the default submission is prevented).
   */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The ✕ button in the header (on by default; off where the footer has its own "Fechar"). */
  closeButton?: boolean;
  /** Where focus goes on open: the first field (default) or the first control of the body. */
  initialFocus?: 'field' | 'first';
  'data-testid'?: string;
}

/**
 * The modal dialog of every screen: labelled by its title, focus moved inside on open and kept
 * there (Tab wraps), Escape or the backdrop closes it (not while `busy`), focus returns on close
 * to what had it before. Controls are at least 44 px; at 360 px wide it fills the screen and its
 * body scrolls between a fixed header and footer.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  size = 'normal',
  busy = false,
  onSubmit,
  closeButton = true,
  initialFocus = 'field',
  'data-testid': testId,
}: DialogProps) {
  useInsertionEffect(() => ensureDialogStyles(), []);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const busyNow = useRef(busy);
  busyNow.current = busy;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const body = panel.current?.querySelector<HTMLElement>('.t-dialog__body');
    const first =
      (initialFocus === 'field' ? body?.querySelector<HTMLElement>(FIELD) : null) ??
      body?.querySelector<HTMLElement>(FOCUSABLE) ??
      null;
    (first ?? panel.current)?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
    // Focus moves once, on open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const requestClose = () => {
    if (!busyNow.current) close.current();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      requestClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const inner = (
    <>
      <div className="t-dialog__body">{children}</div>
      {footer && <div className="t-dialog__footer">{footer}</div>}
    </>
  );

  return (
    <div
      className="t-dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) requestClose();
      }}
    >
      <div
        ref={panel}
        className={size === 'normal' ? 't-dialog' : `t-dialog t-dialog--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy || undefined}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <div className={closeButton ? 't-dialog__header' : 't-dialog__header t-dialog__header--bare'}>
          <h2 className="t-dialog__title" id={titleId}>
            {title}
          </h2>
          {closeButton && (
            <Button
              variant="ghost"
              className="t-dialog__close"
              onClick={requestClose}
              disabled={busy}
              aria-label={DIALOG_CLOSE_LABEL}
            >
              <span aria-hidden="true">✕</span>
            </Button>
          )}
        </div>
        {onSubmit ? (
          <form
            className="t-dialog__inner"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit(event);
            }}
          >
            {inner}
          </form>
        ) : (
          <div className="t-dialog__inner">{inner}</div>
        )}
      </div>
    </div>
  );
}

export interface ConfirmDialogProps {
  title: string;
  /** The question (spec 02 §5 "Confirmations"). */
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  tone?: 'primary' | 'danger';
}

/** "Tem certeza…?" with Cancelar and the action, in place of `window.confirm`; Escape cancels. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  tone = 'primary',
}: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      size="small"
      busy={busy}
      closeButton={false}
      initialFocus="first"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
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
