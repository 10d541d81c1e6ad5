import { StrikeAppealResponseSchema, type FreelancerStrike } from '@turno/contracts';
import { APPEAL_TEXT_MAX_LENGTH, APPEAL_TEXT_MIN_LENGTH, MESSAGES } from '@turno/domain';
import { Alert, Button, Dialog, TextAreaField, useBffMutation } from '@turno/ui';
import { useState } from 'react';
import { BFF } from '../shared/bff';
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
  const mutation = useBffMutation({ fallback: t.loadFailed, fetchImpl });
  const { pending: busy, error, setError } = mutation;

  async function submit() {
    const trimmed = text.trim();
    if (trimmed.length < APPEAL_TEXT_MIN_LENGTH || trimmed.length > APPEAL_TEXT_MAX_LENGTH) {
      setError(t.appealTextLength);
      return;
    }
    const result = await mutation.send(`${BFF}/freelancers/strikes/${strike.id}/appeal`, {
      body: { text: trimmed },
      schema: StrikeAppealResponseSchema,
      fallback: t.appealTextLength,
    });
    if (result.ok) onAppealed(result.data.strike, result.data.message);
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
