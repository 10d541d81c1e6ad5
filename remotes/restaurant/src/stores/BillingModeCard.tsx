import { BillingModeSavedSchema } from '@turno/contracts';
import {
  BILLING_MODES,
  BILLING_MODE_HINTS,
  BILLING_MODE_LABELS,
  MESSAGES,
  STORE_BILLING_MESSAGES,
  SUCCESS_MESSAGE_MS,
  type BillingMode,
} from '@turno/domain';
import { Alert, bffErrorMessage, Button, Card, sendBff } from '@turno/ui';
import { useRef, useState } from 'react';
import { BFF } from '../shared/bff';
import { useTimedMessage } from '../shared/useTimedMessage';
import type { StoresResource } from './stores';

export const BILLING_MODE_URL = `${BFF}/restaurant/billing-mode`;

interface BillingModeCardProps {
  stores: StoresResource;
  fetchImpl?: typeof fetch;
}

/**
 * "Faturamento" (issue 28), on the owner's "Lojas" tab: one weekly invoice for the business (lines
 * grouped by store, with subtotals) or one per store. The choice applies from the next invoice
 * generated; the issued ones stay as they are.
 */
export function BillingModeCard({ stores, fetchImpl }: BillingModeCardProps) {
  const current = stores.data?.billing_mode;
  const [chosen, setChosen] = useState<BillingMode | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const flash = useTimedMessage();
  const selected = chosen ?? current;

  async function save() {
    if (inFlight.current || !selected || selected === current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const saved = await sendBff(BILLING_MODE_URL, {
        method: 'PUT',
        body: { billingMode: selected },
        schema: BillingModeSavedSchema,
        fetchImpl,
      });
      flash.show({ tone: 'success', text: saved.message }, SUCCESS_MESSAGE_MS);
      setChosen(null);
      stores.refresh();
    } catch (error) {
      const text = bffErrorMessage(error, MESSAGES.common.saveFailed, MESSAGES.common.saveConnection);
      flash.show({ tone: 'danger', text }, SUCCESS_MESSAGE_MS);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  if (!current) return null;
  return (
    <Card title={STORE_BILLING_MESSAGES.title} titleAs="h2">
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
        {flash.message && (
          <Alert tone={flash.message.tone} data-testid="billing-mode-message">
            {flash.message.text}
          </Alert>
        )}
        <div>
          <Button type="submit" busy={busy} disabled={selected === current}>
            Salvar faturamento
          </Button>
        </div>
      </form>
    </Card>
  );
}
