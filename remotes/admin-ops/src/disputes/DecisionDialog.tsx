import { type AdminDispute, type AppealDecision } from '@turno/contracts';
import { APPEAL_NOTE_MAX_LENGTH, APPEAL_NOTE_MIN_LENGTH, MESSAGES } from '@turno/domain';
import { Alert, Button, Dialog, TextAreaField } from '@turno/ui';
import { useState } from 'react';
import { DisputeSummary } from './DisputeSummary';

export interface DecisionDialogProps {
  dispute: AdminDispute;
  busy: boolean;
  /** The server's refusal of the last try, shown inside. */
  error: string | null;
  onDecide: (decision: AppealDecision, note: string) => void;
  onClose: () => void;
}

/**
 * "Decidir recurso": the appeal (freelancer, reason, shift, text) and a note of 5–1000 characters
 * the freelancer will read, then "Manter" or "Remover ocorrência".
 */
export function DecisionDialog({ dispute, busy, error, onDecide, onClose }: DecisionDialogProps) {
  const t = MESSAGES.reliability;
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState(false);
  const decide = (decision: AppealDecision) => {
    const trimmed = note.trim();
    const ok = trimmed.length >= APPEAL_NOTE_MIN_LENGTH && trimmed.length <= APPEAL_NOTE_MAX_LENGTH;
    setInvalid(!ok);
    if (ok) onDecide(decision, trimmed);
  };
  return (
    <Dialog
      title={t.decideTitle}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <Button variant="secondary" onClick={() => decide('uphold')} disabled={busy}>
            {t.keep}
          </Button>
          <Button variant="danger" onClick={() => decide('remove')} disabled={busy}>
            {t.remove}
          </Button>
        </>
      }
    >
      <DisputeSummary dispute={dispute} />
      <TextAreaField
        label={t.noteLabel}
        hint={t.noteHint}
        value={note}
        rows={3}
        maxLength={APPEAL_NOTE_MAX_LENGTH}
        error={invalid ? t.noteLength : undefined}
        onChange={(event) => setNote(event.target.value)}
        disabled={busy}
      />
      {error && (
        <Alert tone="danger" data-testid="decision-error">
          {error}
        </Alert>
      )}
    </Dialog>
  );
}
