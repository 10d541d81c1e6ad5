import { NotificationPreferencesResponseSchema } from '@turno/contracts';
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_PREFERENCE_TEXTS,
  type NotificationChannelName,
} from '@turno/domain';
import { useState, type CSSProperties } from 'react';
import { Alert } from '../components/Alert';
import { ExpandableCard } from '../components/ExpandableCard';
import { Skeleton } from '../components/Skeleton';
import { LoadErrorAlert } from '../data/LoadErrorAlert';
import { sendBff } from '../data/send-bff';
import { useReadWhenOpened } from '../data/useReadWhenOpened';
import { BrowserPushToggle } from './BrowserPushToggle';

/** The shell BFF's preferences (issue 26): every profile reaches it through the gateway's /api. */
export const NOTIFICATION_PREFERENCES_URL = '/api/notifications/preferences';

const kindStyle: CSSProperties = {
  border: 0,
  borderTop: '1px solid var(--t-color-border)',
  margin: 0,
  padding: '12px 0 0',
  minWidth: 0,
};
const channelsStyle: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: '4px 16px' };
/** A whole label is the target: at least 44 px high. */
const choiceStyle: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 8,
  minHeight: 44,
  minWidth: 44,
  cursor: 'pointer',
};
const boxStyle: CSSProperties = { width: 20, height: 20, margin: 0, accentColor: 'var(--t-color-primary)' };

/**
 * Perfil → "Notificações" (issue 26), for businesses and freelancers alike: each kind the person
 * receives, and per channel (no app, push, e-mail; WhatsApp when offered) on or off, saved at each
 * change. The in-app box of a shift-critical kind is checked and disabled (libs/domain says why).
 * Above the kinds, "Ativar notificações no navegador" (BrowserPushToggle): push reaches this browser
 * only once it is enabled here or in the bell's panel.
 * Quiet hours are explained in the intro. Read when opened, as Privacidade.
 */
export function NotificationPreferencesCard({
  fetchImpl,
  titleAs = 'h3',
}: {
  fetchImpl?: typeof fetch;
  titleAs?: 'h2' | 'h3';
}) {
  const {
    open,
    toggle,
    read: load,
    setRead: setLoad,
    refresh,
    flash,
    setFlash,
  } = useReadWhenOpened(NOTIFICATION_PREFERENCES_URL, NotificationPreferencesResponseSchema, {
    fetchImpl,
    failedText: NOTIFICATION_PREFERENCE_TEXTS.loadFailed,
  });
  const [saving, setSaving] = useState<string | null>(null);

  const choose = async (kind: string, channel: NotificationChannelName, enabled: boolean) => {
    if (saving) return;
    setSaving(`${kind}:${channel}`);
    setFlash(null);
    // The box moves at once; the server's answer (or, on a refusal, its previous state) follows.
    const before = load;
    if (load.status === 'ready') {
      setLoad({
        status: 'ready',
        data: {
          ...load.data,
          kinds: load.data.kinds.map((row) =>
            row.kind !== kind
              ? row
              : {
                  ...row,
                  channels: row.channels.map((choice) =>
                    choice.channel === channel ? { ...choice, enabled } : choice,
                  ),
                },
          ),
        },
      });
    }
    try {
      const data = await sendBff(NOTIFICATION_PREFERENCES_URL, {
        method: 'PUT',
        body: { notification_kind: kind, channel, enabled },
        schema: NotificationPreferencesResponseSchema,
        fetchImpl,
      });
      setLoad({ status: 'ready', data });
      setFlash({ tone: 'success', text: NOTIFICATION_PREFERENCE_TEXTS.saved });
    } catch (error) {
      setLoad(before);
      const server = (error as { serverMessage?: string }).serverMessage;
      setFlash({ tone: 'danger', text: server ?? NOTIFICATION_PREFERENCE_TEXTS.saveFailed });
    } finally {
      setSaving(null);
    }
  };

  return (
    <ExpandableCard
      testId="notification-preferences-card"
      detailsId="notification-preferences-details"
      title={NOTIFICATION_PREFERENCE_TEXTS.cardTitle}
      titleAs={titleAs}
      intro={NOTIFICATION_PREFERENCE_TEXTS.cardIntro}
      open={open}
      onToggle={toggle}
      openLabel={NOTIFICATION_PREFERENCE_TEXTS.openButton}
      closeLabel={NOTIFICATION_PREFERENCE_TEXTS.closeButton}
    >
      {!open ? null : load.status === 'loading' ? (
        <Skeleton height={160} label={NOTIFICATION_PREFERENCE_TEXTS.loading} />
      ) : load.status === 'error' ? (
        <LoadErrorAlert detail={load.detail} onRetry={refresh} />
      ) : (
        <>
          {load.data.channels.includes('web_push') && <BrowserPushToggle />}
          {load.data.kinds.map((row) => (
            <fieldset key={row.kind} style={kindStyle} data-testid={`notification-kind-${row.kind}`}>
              <legend style={{ padding: 0, fontWeight: 600 }}>{row.label}</legend>
              <div style={channelsStyle}>
                {row.channels.map((choice) => (
                  <label key={choice.channel} style={choiceStyle}>
                    <input
                      type="checkbox"
                      style={boxStyle}
                      checked={choice.enabled}
                      disabled={choice.locked || saving !== null}
                      aria-describedby={choice.locked ? `locked-${row.kind}` : undefined}
                      onChange={(event) => void choose(row.kind, choice.channel, event.target.checked)}
                    />
                    {NOTIFICATION_CHANNEL_LABELS[choice.channel]}
                  </label>
                ))}
              </div>
              {row.channels.some((choice) => choice.locked) && (
                <p id={`locked-${row.kind}`} className="t-muted" style={{ margin: 0, fontSize: 14 }}>
                  {NOTIFICATION_PREFERENCE_TEXTS.locked}
                </p>
              )}
            </fieldset>
          ))}
        </>
      )}
      {open && flash && (
        <Alert tone={flash.tone} data-testid="notification-preferences-flash">
          {flash.text}
        </Alert>
      )}
    </ExpandableCard>
  );
}
