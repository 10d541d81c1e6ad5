import { PUSH_MESSAGES } from '@turno/domain';
import { useEffect, useState, type CSSProperties } from 'react';
import {
  browserPushEnv,
  browserPushState,
  disableBrowserPush,
  enableBrowserPush,
  type BrowserPushEnv,
  type BrowserPushState,
} from './browser-push';

const rowStyle: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  padding: '8px 12px',
  borderTop: '1px solid var(--t-color-border)',
};
const buttonStyle: CSSProperties = {
  minHeight: 44,
  padding: '0 12px',
  border: '1px solid var(--t-color-border)',
  borderRadius: 'var(--t-radius)',
  background: 'var(--t-color-surface)',
  color: 'var(--t-color-primary)',
  fontWeight: 600,
  cursor: 'pointer',
  font: 'inherit',
  textAlign: 'left',
};

/**
 * "Ativar notificações no navegador" (issue 26): the browser asks its permission only when the
 * person presses it; then this browser receives the person's notifications by web push. Pressed
 * again ("Desativar…"), the subscription is removed. In the bell's panel until Perfil →
 * Notificações shows it.
 */
export function BrowserPushToggle({ env }: { env?: BrowserPushEnv }) {
  const [state, setState] = useState<BrowserPushState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  useEffect(() => {
    let live = true;
    browserPushState(env ?? browserPushEnv()).then(
      (found) => live && setState(found),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, [env]);
  if (state === 'loading') return null;
  if (state === 'unsupported')
    return (
      <p style={{ ...rowStyle, margin: 0 }} className="t-muted">
        {PUSH_MESSAGES.unsupported}
      </p>
    );
  const toggle = async () => {
    setBusy(true);
    setMessage('');
    try {
      const next =
        state === 'on'
          ? await disableBrowserPush(env ?? browserPushEnv())
          : await enableBrowserPush(env ?? browserPushEnv());
      setState(next);
      setMessage(
        next === 'on'
          ? PUSH_MESSAGES.enabled
          : next === 'denied'
            ? PUSH_MESSAGES.denied
            : state === 'on'
              ? PUSH_MESSAGES.disabled
              : '',
      );
    } catch (error) {
      setMessage((error as Error).message === 'push_off' ? PUSH_MESSAGES.unavailable : PUSH_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={rowStyle} data-testid="browser-push">
      {state === 'denied' ? (
        <p style={{ margin: 0 }}>{PUSH_MESSAGES.denied}</p>
      ) : (
        <button
          type="button"
          style={buttonStyle}
          onClick={() => void toggle()}
          disabled={busy}
          aria-busy={busy}
        >
          {state === 'on' ? PUSH_MESSAGES.disable : PUSH_MESSAGES.enable}
        </button>
      )}
      <p role="status" style={{ margin: 0, fontSize: 14 }}>
        {state === 'denied' ? '' : message}
      </p>
    </div>
  );
}
