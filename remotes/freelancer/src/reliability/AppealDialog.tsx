import { StrikeAppealResponseSchema, type FreelancerStrike } from '@turno/contracts';
import { APPEAL_TEXT_MAX_LENGTH, APPEAL_TEXT_MIN_LENGTH, MESSAGES } from '@turno/domain';
import { Alert, Button, Dialog, TextAreaField } from '@turno/ui';
import { useRef, useState } from 'react';
import { BFF, SendError, sendBff } from '../shared/send-bff';
import { strikeTitle } from './strike-text';

export interface AppealDialogProps {
  strike: FreelancerStrike;
  onClose: () => void;
  /** After the server took the appeal: the strike as it now stands, and the message. */
  onAppealed: (strike: FreelancerStrike, message: string) => void;
  fetchImpl?: typeof fetch;
}

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

  return (
    <Dialog
      title={t.appealTitle}
      onClose={onClose}
      busy={busy}
      size="small"
      data-testid="appeal-dialog"
      onSubmit={() => void submit()}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t.sending : t.appealSubmit}
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }}>{strikeTitle(strike)}</p>
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
    </Dialog>
  );
}
