import { PresenceCodeResponseSchema, type PresenceCodeResponse } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { Alert, Card, Loading, SelectField, fetchBff } from '@turno/ui';
import { useContext, useEffect, useState } from 'react';
import { BFF } from '../shared/bff';
import { StoresContext } from '../stores/stores';

export const PRESENCE_CODE_URL = `${BFF}/restaurant/presence-code`;

export interface PresenceScreenProps {
  fetchImpl?: typeof fetch;
}

/**
 * "Código de presença" (issue 23): the store's current 6-digit code, large, its QR code and a
 * countdown to the next one. It asks the server again when the code changes (never cached) and
 * keeps the last code shown while a request fails. Each store has its own code (issue 28): with two
 * stores or more within reach, a "Loja" select chooses whose code is shown (the first store at first).
 */
export function PresenceScreen({ fetchImpl }: PresenceScreenProps) {
  const [shown, setShown] = useState<PresenceCodeResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const stores = useContext(StoresContext)?.data?.items ?? [];
  const [chosenStore, setChosenStore] = useState('');
  const url = chosenStore ? `${PRESENCE_CODE_URL}?storeId=${chosenStore}` : PRESENCE_CODE_URL;

  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const answer = await fetchBff(url, PresenceCodeResponseSchema, { fetchImpl });
        if (!active) return;
        setShown(answer);
        setFailed(false);
        setSecondsLeft(answer.seconds_left);
        // Just after the code changes; each second the countdown moves.
        timer = setTimeout(() => void load(), answer.seconds_left * 1000 + 200);
      } catch {
        if (!active) return;
        setFailed(true);
        timer = setTimeout(() => void load(), 5_000);
      }
    };
    void load();
    const tick = setInterval(() => setSecondsLeft((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => {
      active = false;
      clearTimeout(timer);
      clearInterval(tick);
    };
  }, [fetchImpl, url]);

  return (
    <Card>
      <div className="t-stack" style={{ alignItems: 'center', textAlign: 'center' }}>
        <h2 style={{ fontSize: 20 }}>{MESSAGES.presence.panelTitle}</h2>
        <p className="t-muted" style={{ margin: 0, maxWidth: 520 }}>
          {MESSAGES.presence.panelHelp}
        </p>
        {stores.length > 1 && (
          <div style={{ width: '100%', maxWidth: 360, textAlign: 'left' }}>
            <SelectField
              label="Loja"
              value={chosenStore || String(shown?.store_id ?? '')}
              onChange={(event) => {
                setShown(null);
                setChosenStore(event.target.value);
              }}
              options={stores.map((store) => ({ value: String(store.id), label: store.name }))}
            />
          </div>
        )}
        {failed && <Alert tone="danger">{MESSAGES.presence.panelLoadFailed}</Alert>}
        {shown ? (
          <>
            <output
              data-testid="presence-code"
              aria-live="polite"
              style={{
                fontSize: 'clamp(44px, 14vw, 88px)',
                fontWeight: 700,
                letterSpacing: '0.12em',
                fontVariantNumeric: 'tabular-nums',
                lineHeight: 1.1,
              }}
            >
              {shown.code}
            </output>
            <img
              src={shown.qr_code}
              alt={MESSAGES.presence.qrAlt(shown.code)}
              width={220}
              height={220}
              style={{ maxWidth: '100%', height: 'auto' }}
            />
            <p role="timer" style={{ margin: 0 }} data-testid="presence-countdown">
              {MESSAGES.presence.secondsLeft(Math.max(1, secondsLeft))}
            </p>
          </>
        ) : (
          !failed && <Loading />
        )}
      </div>
    </Card>
  );
}
