import { MESSAGES } from '@turno/domain';
import { Alert, Button } from '@turno/ui';
import { useState } from 'react';

/**
 * The alerts of new check-in/check-out requests (issue 23), a chunk of its own: loaded when the
 * Dashboard shows pending requests or a new request arrives, never on the panel's first load.
 */

/** Where the business's choice "Ativar avisos" is kept (this browser only). */
const ALERTS_KEY = 'turno.restaurant.requestAlerts';

function alertsOn(): boolean {
  try {
    return globalThis.localStorage?.getItem(ALERTS_KEY) === 'on';
  } catch {
    return false;
  }
}

/** A new request arrived: a short beep and, where allowed, a notification; nothing unless turned on. */
export function announce(count: number): void {
  if (!alertsOn()) return;
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    tone.frequency.value = 880;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.2);
    tone.onended = () => void audio.close();
  } catch {
    // No sound in this browser: the notification and the badges remain.
  }
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    new Notification(MESSAGES.requestAlerts.newRequestTitle, {
      body: MESSAGES.requestAlerts.pendingDashboard(count),
    });
  }
}

type AlertsState = 'off' | 'on' | 'blocked' | 'unsupported';

function alertsState(): AlertsState {
  if (typeof Notification === 'undefined') return alertsOn() ? 'on' : 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return alertsOn() && Notification.permission === 'granted' ? 'on' : 'off';
}

/**
 * "Ativar avisos": asks the browser's permission only when pressed, then keeps the choice; says so
 * when the browser blocked or does not support notifications (the sound still plays where it can).
 */
export function AlertsToggle() {
  const [state, setState] = useState<AlertsState>(alertsState);
  const enable = async () => {
    try {
      globalThis.localStorage?.setItem(ALERTS_KEY, 'on');
    } catch {
      // Private mode without storage: the alerts last for this page only.
    }
    if (typeof Notification === 'undefined') return setState('unsupported');
    const answer = await Notification.requestPermission();
    setState(answer === 'granted' ? 'on' : answer === 'denied' ? 'blocked' : 'off');
  };
  if (state === 'on') return <span className="t-muted">{MESSAGES.requestAlerts.alertsOn}</span>;
  return (
    <span className="t-row">
      <Button size="sm" variant="secondary" onClick={() => void enable()}>
        {MESSAGES.requestAlerts.enableAlerts}
      </Button>
      {state === 'blocked' && <span className="t-muted">{MESSAGES.requestAlerts.alertsBlocked}</span>}
      {state === 'unsupported' && <span className="t-muted">{MESSAGES.requestAlerts.alertsUnsupported}</span>}
    </span>
  );
}

/** The Dashboard's notice of requests waiting, with "Ver na agenda" and "Ativar avisos". */
export function PendingNotice({ count, onOpenAgenda }: { count: number; onOpenAgenda?: () => void }) {
  return (
    <Alert
      tone="warning"
      title={MESSAGES.requestAlerts.pendingTitle}
      data-testid="pending-requests"
      action={
        <span className="t-row">
          {onOpenAgenda && (
            <Button size="sm" onClick={onOpenAgenda}>
              {MESSAGES.requestAlerts.openAgenda}
            </Button>
          )}
          <AlertsToggle />
        </span>
      }
    >
      {MESSAGES.requestAlerts.pendingDashboard(count)}
    </Alert>
  );
}
