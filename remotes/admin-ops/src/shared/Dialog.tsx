import { useEffect, useId, useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';

export interface DialogProps {
  title: string;
  children: ReactNode;
  /** The buttons at the bottom (the last one is usually the confirmation). */
  actions: ReactNode;
  /** Escape, the backdrop and "Cancelar" call it; not called while `busy`. */
  onClose: () => void;
  busy?: boolean;
  /** Wider dialogs for forms. */
  wide?: boolean;
}

const backdropStyle: CSSProperties = {
  position: 'fixed',
  inset: 0,
  background: 'rgba(15, 23, 42, 0.45)',
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  padding: '48px 12px',
  overflowY: 'auto',
  zIndex: 1000,
};
const panelStyle: CSSProperties = {
  background: 'var(--t-color-surface)',
  color: 'var(--t-color-text)',
  borderRadius: 'var(--t-radius)',
  boxShadow: 'var(--t-shadow)',
  width: '100%',
  padding: 20,
  display: 'flex',
  flexDirection: 'column',
  gap: 16,
};

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, a[href]';

/**
 * A modal dialog: labelled by its title, focus moved inside on open and kept there (Tab wraps),
 * Escape or a click on the backdrop closes it, focus returns to where it was on close.
 */
export function Dialog({ title, children, actions, onClose, busy = false, wide = false }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first =
      panel.current?.querySelector<HTMLElement>('input, select, textarea') ??
      panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    return () => previous?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation();
      close.current();
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const [firstItem, lastItem] = [items[0], items[items.length - 1]];
    if (!firstItem || !lastItem) return;
    if (event.shiftKey && document.activeElement === firstItem) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && document.activeElement === lastItem) {
      event.preventDefault();
      firstItem.focus();
    }
  };

  return (
    <div
      style={backdropStyle}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) close.current();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ ...panelStyle, maxWidth: wide ? 640 : 460 }}
        onKeyDown={onKeyDown}
      >
        <h3 id={titleId} style={{ margin: 0, fontSize: 18 }}>
          {title}
        </h3>
        <div className="t-stack" style={{ gap: 12 }}>
          {children}
        </div>
        <div className="t-row" style={{ justifyContent: 'flex-end' }}>
          {actions}
        </div>
      </div>
    </div>
  );
}
