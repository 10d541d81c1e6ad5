import { AccountDeletionScheduledSchema } from '@turno/contracts';
import {
  ACCOUNT_DELETION_CONFIRM_WORD,
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_DELETION_MESSAGES,
} from '@turno/domain';
import { useState, type FormEvent } from 'react';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Field, useFieldIds } from '../forms/Field';
import { sendBff } from '../data/send-bff';

/** The shell BFF's deletion request (issue 27), reached through the gateway's /api. */
export const ACCOUNT_DELETION_URL = '/api/account-deletion';

type State =
  | { step: 'closed' }
  | { step: 'confirm'; error?: string }
  | { step: 'blocked'; text: string }
  | { step: 'scheduled'; text: string };

/**
 * "Excluir minha conta" inside Perfil → "Privacidade" (issue 27): what is deleted and what is kept,
 * the 7-day grace, the confirmation word; refused with the shifts or vacancies still to work (the
 * server's list); once scheduled every session has ended, so the card says so and links home.
 */
export function AccountDeletionSection({
  fetchImpl,
  headingAs: Heading = 'h4',
}: {
  fetchImpl?: typeof fetch;
  headingAs?: 'h3' | 'h4';
}) {
  const [state, setState] = useState<State>({ step: 'closed' });
  const [word, setWord] = useState('');
  const [busy, setBusy] = useState(false);
  const { inputId, messageId } = useFieldIds();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (word.trim().toUpperCase() !== ACCOUNT_DELETION_CONFIRM_WORD) {
      setState({
        step: 'confirm',
        error: ACCOUNT_DELETION_MESSAGES.confirmMismatch(ACCOUNT_DELETION_CONFIRM_WORD),
      });
      return;
    }
    setBusy(true);
    try {
      const answer = await sendBff(ACCOUNT_DELETION_URL, {
        body: { confirmation: word },
        schema: AccountDeletionScheduledSchema,
        fetchImpl,
      });
      setState({ step: 'scheduled', text: answer.message });
    } catch (error) {
      const { serverMessage, status } = error as { serverMessage?: string; status?: number };
      if (status === 409 && serverMessage) setState({ step: 'blocked', text: serverMessage });
      else setState({ step: 'confirm', error: serverMessage ?? ACCOUNT_DELETION_MESSAGES.requestFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="account-deletion-title"
      data-testid="account-deletion"
      style={{ borderTop: '1px solid var(--t-color-border)', paddingTop: 12 }}
      className="t-stack"
    >
      <Heading id="account-deletion-title" style={{ margin: 0, fontSize: 16 }}>
        {ACCOUNT_DELETION_MESSAGES.title}
      </Heading>
      {state.step === 'scheduled' ? (
        <Alert tone="success" data-testid="account-deletion-scheduled">
          <span>{state.text}</span>{' '}
          <a
            href="/"
            className="t-link"
            style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
          >
            Ir para o início
          </a>
        </Alert>
      ) : (
        <>
          <p style={{ margin: 0 }}>{ACCOUNT_DELETION_MESSAGES.intro}</p>
          <p style={{ margin: 0, fontWeight: 600 }}>O que é apagado</p>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {ACCOUNT_DELETION_MESSAGES.deletedItems.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p style={{ margin: 0, fontWeight: 600 }}>O que fica guardado</p>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {ACCOUNT_DELETION_MESSAGES.keptItems.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p style={{ margin: 0 }}>{ACCOUNT_DELETION_MESSAGES.grace(ACCOUNT_DELETION_GRACE_DAYS)}</p>
          {state.step === 'blocked' && (
            <Alert tone="danger" data-testid="account-deletion-blocked">
              <strong>{ACCOUNT_DELETION_MESSAGES.blockedTitle}</strong> <span>{state.text}</span>
            </Alert>
          )}
          {state.step === 'closed' || state.step === 'blocked' ? (
            <div>
              <Button variant="danger" onClick={() => setState({ step: 'confirm' })}>
                {ACCOUNT_DELETION_MESSAGES.open}
              </Button>
            </div>
          ) : (
            <form className="t-stack" onSubmit={(event) => void submit(event)} noValidate>
              <Field
                label={ACCOUNT_DELETION_MESSAGES.confirmLabel(ACCOUNT_DELETION_CONFIRM_WORD)}
                htmlFor={inputId}
                messageId={messageId}
                error={state.error}
              >
                <input
                  id={inputId}
                  className="t-input"
                  autoComplete="off"
                  value={word}
                  aria-invalid={state.error ? true : undefined}
                  aria-describedby={state.error ? messageId : undefined}
                  onChange={(event) => setWord(event.target.value)}
                  style={{ minHeight: 44, maxWidth: 320 }}
                />
              </Field>
              <div className="t-row" style={{ gap: 8, flexWrap: 'wrap' }}>
                <Button type="submit" variant="danger" busy={busy}>
                  {busy ? ACCOUNT_DELETION_MESSAGES.submitting : ACCOUNT_DELETION_MESSAGES.submit}
                </Button>
                <Button variant="secondary" type="button" onClick={() => setState({ step: 'closed' })}>
                  {ACCOUNT_DELETION_MESSAGES.cancel}
                </Button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
