import { StrikeAppealResponseSchema, type FreelancerStrike } from '@turno/contracts';
import { APPEAL_TEXT_MAX_LENGTH, APPEAL_TEXT_MIN_LENGTH, MESSAGES } from '@turno/domain';
import { Alert, Button, TextAreaField } from '@turno/ui';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { BFF, SendError, sendBff } from '../shared/send-bff';
import { strikeTitle } from './strike-text';

export interface AppealDialogProps {
  strike: FreelancerStrike;
  onClose: () => void;
  /** After the server took the appeal: the strike as it now stands, and the message. */
  onAppealed: (strike: FreelancerStrike, message: string) => void;
  fetchImpl?: typeof fetch;
}

const FOCUSABLE = 'button:not([disabled]), textarea:not([disabled])';

/**
 * "Recorrer da ocorrência": the strike it is about and a text of 5–1000 characters, sent once to
 * POST /api/freelancers/strikes/:id/appeal. Focus stays inside (Tab wraps); Escape or "Cancelar"
 * closes it and focus returns to the button that opened it.
 */
export function AppealDialog({ strike, onClose, onAppealed, fetchImpl }: AppealDialogProps) {
  const t = MESSAGES.reliability;
  const [text, setText] = useState('');
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
    const trimmed = text.trim();
    if (trimmed.length < APPEAL_TEXT_MIN_LENGTH || trimmed.length > APPEAL_TEXT_MAX_LENGTH) {
      setError(t.appealTextLength);
      return;
    }
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const answer = await sendBff(
        `${BFF}/freelancers/strikes/${strike.id}/appeal`,
        StrikeAppealResponseSchema,
        t.appealTextLength,
        { body: { text: trimmed }, fetchImpl },
      );
      onAppealed(answer.strike, answer.message);
    } catch (failure) {
      setError(failure instanceof SendError ? failure.message : t.loadFailed);
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
        data-testid="appeal-dialog"
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
              {t.appealTitle}
            </h2>
            <p style={{ margin: '4px 0 0', overflowWrap: 'anywhere' }}>{strikeTitle(strike)}</p>
          </div>
          <TextAreaField
            label={t.appealTextLabel}
            hint={t.appealHint}
            value={text}
            maxLength={APPEAL_TEXT_MAX_LENGTH}
            rows={5}
            onChange={(event) => setText(event.target.value)}
            disabled={busy}
          />
          <p className="t-muted" style={{ margin: 0 }} aria-live="polite">
            {text.trim().length}/{APPEAL_TEXT_MAX_LENGTH}
          </p>
          {error && (
            <Alert tone="danger" data-testid="appeal-error">
              {error}
            </Alert>
          )}
          <div className="t-row" style={{ justifyContent: 'flex-end' }}>
            <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? t.sending : t.appealSubmit}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
