import {
  BILLING_MODES,
  BILLING_MODE_HINTS,
  BILLING_MODE_LABELS,
  MESSAGES,
  SUCCESS_MESSAGE_MS,
  type BillingMode,
} from '@turno/domain';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { bffErrorMessage } from '../data/useBffMutation';

export interface BillingModeChoiceProps {
  /** How the business is billed now. */
  current: BillingMode;
  /** Saves the mode chosen; resolves to the sentence to show (the server's), rejects with its error. */
  onSave: (mode: BillingMode) => Promise<string>;
}

/**
 * How a chain is billed (issue 28): "Centralizado" or "Por loja", each with what it means, and
 * "Salvar faturamento" (enabled once the choice differs from the current one). The business's
 * "Lojas" tab and the admins' Controle Mercado both show it; each says where it saves.
 */
export function BillingModeChoice({ current, onSave }: BillingModeChoiceProps) {
  const [chosen, setChosen] = useState<BillingMode | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const inFlight = useRef(false);
  const selected = chosen ?? current;
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  async function save() {
    if (inFlight.current || selected === current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      setMessage({ tone: 'success', text: await onSave(selected) });
      setChosen(null);
    } catch (error) {
      setMessage({
        tone: 'danger',
        text: bffErrorMessage(error, MESSAGES.common.saveFailed, MESSAGES.common.saveConnection),
      });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <form
      className="t-stack"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset className="t-stack" style={{ border: 0, margin: 0, padding: 0, gap: 8 }}>
        <legend className="t-hint" style={{ marginBottom: 8 }}>
          Como o Mercado recebe as faturas semanais. Vale a partir da próxima fatura gerada.
        </legend>
        {BILLING_MODES.map((mode) => (
          <label className="t-choice" key={mode}>
            <input
              type="radio"
              name="billingMode"
              value={mode}
              checked={selected === mode}
              disabled={busy}
              onChange={() => setChosen(mode)}
            />
            <span>
              <span className="t-choice__title">{BILLING_MODE_LABELS[mode]}</span>
              <span className="t-choice__text">{BILLING_MODE_HINTS[mode]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {message && (
        <Alert tone={message.tone} data-testid="billing-mode-message">
          {message.text}
        </Alert>
      )}
      <div>
        <Button type="submit" busy={busy} disabled={selected === current}>
          Salvar faturamento
        </Button>
      </div>
    </form>
  );
}
