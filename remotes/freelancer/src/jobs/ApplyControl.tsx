import { type FreelancerMe } from '@turno/contracts';
import {
  APPLICATION_MESSAGE_MAX_LENGTH,
  MESSAGES,
  missingApplyRequirement,
  type ApplyRequirement,
} from '@turno/domain';
import { Alert, Badge, Button, TextAreaField, useBffMutation } from '@turno/ui';
import { useId, useState } from 'react';
import { APPLY_RESPONSE } from '../shared/answers';
import { BFF } from '../shared/bff';

/** What the apply button says when a requirement is missing (spec 01 §5: never a silent failure). */
const REQUIREMENT_LABELS: Record<ApplyRequirement, string> = {
  availability: MESSAGES.freelancers.applyNeedsAvailability,
  approval: MESSAGES.freelancers.applyNeedsApproval,
  photo: MESSAGES.freelancers.applyNeedsPhoto,
};

export interface ApplyControlProps {
  jobId: number;
  jobTitle: string;
  /** The signed-in freelancer; undefined while loading (the button waits). */
  me: FreelancerMe | undefined;
  hasApplied: boolean;
  /** After a successful application: the list re-reads (the card then says "Candidatura enviada"). */
  onApplied: () => void;
  fetchImpl?: typeof fetch;
}

type Outcome = { kind: 'idle' } | { kind: 'sent' } | { kind: 'refused'; text: string; conflict: boolean };

/**
 * "Candidatar-se" on a vacancy card: opens an optional message, sends POST /api/jobs/:id/apply
 * once (the button is busy meanwhile), and shows the server's answer — its "CONFLITO DE HORÁRIO"
 * text as a warning. With a requirement missing the button says which, disabled.
 */
export function ApplyControl({ jobId, jobTitle, me, hasApplied, onApplied, fetchImpl }: ApplyControlProps) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const mutation = useBffMutation({ fallback: MESSAGES.applications.applyFailed, fetchImpl });
  const busy = mutation.pending;
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const formId = useId();

  if (hasApplied || outcome.kind === 'sent') {
    return (
      <div className="t-stack" style={{ gap: 8 }} data-testid="applied">
        {outcome.kind === 'sent' && (
          <Alert tone="success" title={MESSAGES.applications.applied}>
            Acompanhe a resposta em Candidaturas.
          </Alert>
        )}
        <div>
          <Badge tone="success">Candidatura enviada</Badge>
        </div>
      </div>
    );
  }

  const missing = me ? missingApplyRequirement(me) : null;
  if (!me || missing) {
    return (
      <Button variant="secondary" disabled style={{ width: '100%', whiteSpace: 'normal' }}>
        {missing ? REQUIREMENT_LABELS[missing] : 'Candidatar-se'}
      </Button>
    );
  }

  async function submit() {
    const result = await mutation.send(`${BFF}/jobs/${jobId}/apply`, {
      body: { message: message.trim() === '' ? null : message.trim() },
      schema: APPLY_RESPONSE,
    });
    if (result.ok) {
      setOutcome({ kind: 'sent' });
      onApplied();
    } else if (result.message !== null) {
      const text = result.message;
      setOutcome({
        kind: 'refused',
        text,
        conflict: text.includes(MESSAGES.applications.scheduleConflictMarker),
      });
    }
  }

  const refusal =
    outcome.kind === 'refused' ? (
      <Alert
        tone={outcome.conflict ? 'warning' : 'danger'}
        title={
          outcome.conflict ? MESSAGES.applications.conflictAlertTitle : MESSAGES.applications.applyFailed
        }
        data-testid="apply-error"
      >
        {outcome.text === MESSAGES.applications.applyFailed ? undefined : outcome.text}
      </Alert>
    ) : null;

  if (!open) {
    return (
      <div className="t-stack" style={{ gap: 8 }}>
        {refusal}
        <Button
          style={{ width: '100%' }}
          aria-expanded={false}
          aria-controls={formId}
          onClick={() => setOpen(true)}
        >
          Candidatar-se
        </Button>
      </div>
    );
  }

  return (
    <form
      id={formId}
      className="t-stack"
      style={{ gap: 10 }}
      aria-label={`Candidatura: ${jobTitle}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextAreaField
        label="Mensagem para o mercado"
        optional
        rows={3}
        maxLength={APPLICATION_MESSAGE_MAX_LENGTH}
        value={message}
        hint={`${message.length}/${APPLICATION_MESSAGE_MAX_LENGTH} caracteres`}
        onChange={(event) => setMessage(event.target.value)}
        autoFocus
      />
      {refusal}
      <div className="t-row">
        <Button type="submit" busy={busy} style={{ flex: '1 1 auto' }}>
          {busy ? 'Enviando...' : 'Enviar candidatura'}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => setOpen(false)}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
