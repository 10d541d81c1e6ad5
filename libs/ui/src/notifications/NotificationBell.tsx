import {
  NotificationsResponseSchema,
  NotificationsUnreadSchema,
  type NotificationItem,
  type NotificationsResponse,
} from '@turno/contracts';
import { NOTIFICATION_MESSAGES } from '@turno/domain';
import { useCallback, useEffect, useId, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { fetchBff } from '../data/fetch-bff';
import { sendBff } from '../data/send-bff';
import { formatTimestampBR } from '../format';
import { useLiveRefresh, type LiveSourceName } from '../live/useLiveRefresh';
import { BrowserPushToggle } from './BrowserPushToggle';
import type { BrowserPushEnv } from './browser-push';

/** The shell BFF's notification centre (issue 26): every signed-in person reaches it through /api. */
export const NOTIFICATIONS_URL = '/api/notifications';
/** While the live stream is down the bell polls this often. */
const NOTIFICATIONS_POLL_MS = 60_000;

const wrapStyle: CSSProperties = { position: 'relative', display: 'inline-flex' };
const bellStyle: CSSProperties = {
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  borderRadius: 'var(--t-radius)',
  border: '1px solid var(--t-color-border)',
  background: 'var(--t-color-surface)',
  color: 'var(--t-color-text)',
  cursor: 'pointer',
};
const countStyle: CSSProperties = {
  position: 'absolute',
  top: -6,
  right: -6,
  minWidth: 20,
  height: 20,
  padding: '0 5px',
  borderRadius: 10,
  background: 'var(--t-color-danger)',
  color: '#fff',
  fontSize: 12,
  fontWeight: 700,
  lineHeight: '20px',
  textAlign: 'center',
};
/** The panel hangs under the bell wherever the header put it (a narrow header wraps onto two rows). */
const panelStyle = (top: number): CSSProperties => ({
  position: 'fixed',
  top,
  right: 8,
  width: 'min(380px, calc(100vw - 16px))',
  maxHeight: `min(70vh, 560px, calc(100vh - ${top + 8}px))`,
  overflowY: 'auto',
  background: 'var(--t-color-surface)',
  border: '1px solid var(--t-color-border)',
  borderRadius: 'var(--t-radius)',
  boxShadow: 'var(--t-shadow)',
  zIndex: 30,
});
const panelHeadStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  flexWrap: 'wrap',
  padding: '8px 12px',
  borderBottom: '1px solid var(--t-color-border)',
};
const textButtonStyle: CSSProperties = {
  minHeight: 44,
  padding: '0 8px',
  border: 'none',
  background: 'transparent',
  color: 'var(--t-color-primary)',
  fontWeight: 600,
  cursor: 'pointer',
  font: 'inherit',
};
const itemStyle = (unread: boolean): CSSProperties => ({
  display: 'block',
  minHeight: 44,
  padding: '10px 12px 10px 24px',
  position: 'relative',
  borderBottom: '1px solid var(--t-color-border)',
  color: 'var(--t-color-text)',
  textDecoration: 'none',
  background: unread ? 'var(--t-color-primary-soft)' : 'transparent',
  overflowWrap: 'anywhere',
});
const dotStyle: CSSProperties = {
  position: 'absolute',
  left: 9,
  top: 16,
  width: 8,
  height: 8,
  borderRadius: 4,
  background: 'var(--t-color-primary)',
};

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: NotificationsResponse };

/** The `audience` a live event's data names, if any. */
const audienceOf = (data: unknown): unknown =>
  typeof data === 'object' && data !== null ? (data as { audience?: unknown }).audience : undefined;

export interface NotificationBellProps {
  /** The live stream of the person's area (`notification_created` arrives on it). */
  source: LiveSourceName;
  /**
   * Where the person's notifications are: `<url>`, `<url>/read-all`, `<url>/:id/read` (default the
   * businesses' and freelancers' NOTIFICATIONS_URL; the admin frame gives `/api/admin/notifications`).
   */
  url?: string;
  /** "Ativar notificações no navegador" at the panel's foot (default true; admins get the bell only). */
  webPush?: boolean;
  /**
   * The `audience` a `notification_created` must name for this bell to read again: the admins'
   * (ADMIN_NOTIFICATIONS_AUDIENCE), whose stream carries everyone's notifications. None (businesses,
   * freelancers): each one on the stream is the reader's.
   */
  audience?: string;
  /** Opens a host path without reloading the page (the host's router); a plain link without it. */
  navigate?: (path: string) => void;
  fetchImpl?: typeof fetch;
  /** The browser's web push parts (tests give fakes; the real ones by default). */
  pushEnv?: BrowserPushEnv;
}

/**
 * The header's bell (issue 26): the unread count ("Notificações, 3 não lidas"), a panel with the
 * newest notifications (each opens its screen and is marked read), "Marcar todas como lidas". New
 * notifications arrive without a reload: the role's live stream says `notification_created`. At
 * the panel's foot, "Ativar notificações no navegador" (web push; BrowserPushToggle).
 */
export function NotificationBell({
  source,
  url = NOTIFICATIONS_URL,
  webPush = true,
  audience,
  navigate,
  fetchImpl,
  pushEnv,
}: NotificationBellProps) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [open, setOpen] = useState(false);
  const [panelTop, setPanelTop] = useState(64);
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const refresh = useCallback(() => {
    fetchBff(url, NotificationsResponseSchema, { fetchImpl }).then(
      (data) => setLoad({ status: 'ready', data }),
      () => setLoad((current) => (current.status === 'ready' ? current : { status: 'error' })),
    );
  }, [url, fetchImpl]);
  useEffect(refresh, [refresh]);
  useLiveRefresh(source, refresh, {
    pollIntervalMs: NOTIFICATIONS_POLL_MS,
    types: ['notification_created'],
    accept: audience === undefined ? undefined : (message) => audienceOf(message.data) === audience,
  });

  useEffect(() => {
    if (!open) return undefined;
    // A turned phone or a resized window rewraps the header: the open panel follows the bell.
    const place = () => {
      const bottom = buttonRef.current?.getBoundingClientRect().bottom;
      if (bottom !== undefined) setPanelTop(Math.round(bottom + 8));
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (wrapRef.current && !wrapRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('resize', place);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('resize', place);
    };
  }, [open]);

  const unread = load.status === 'ready' ? load.data.unread : 0;
  const markRead = (item: NotificationItem) => {
    if (item.read_at !== null) return Promise.resolve();
    setLoad((current) =>
      current.status === 'ready'
        ? {
            status: 'ready',
            data: {
              ...current.data,
              unread: Math.max(0, current.data.unread - 1),
              items: current.data.items.map((other) =>
                other.id === item.id ? { ...other, read_at: new Date().toISOString() } : other,
              ),
            },
          }
        : current,
    );
    return sendBff(`${url}/${item.id}/read`, {
      body: {},
      schema: NotificationsUnreadSchema,
      fetchImpl,
    }).then(
      () => undefined,
      () => refresh(),
    );
  };
  const openItem = (event: MouseEvent<HTMLAnchorElement>, item: NotificationItem) => {
    void markRead(item);
    setOpen(false);
    if (navigate && !event.metaKey && !event.ctrlKey && !event.shiftKey && event.button === 0) {
      event.preventDefault();
      navigate(item.link);
    }
  };
  const markAll = () => {
    setLoad((current) =>
      current.status === 'ready'
        ? {
            status: 'ready',
            data: {
              ...current.data,
              unread: 0,
              items: current.data.items.map((item) => ({
                ...item,
                read_at: item.read_at ?? new Date().toISOString(),
              })),
            },
          }
        : current,
    );
    sendBff(`${url}/read-all`, { body: {}, schema: NotificationsUnreadSchema, fetchImpl }).then(
      () => undefined,
      () => refresh(),
    );
  };

  return (
    <div ref={wrapRef} style={wrapStyle} data-testid="notification-bell">
      <button
        ref={buttonRef}
        type="button"
        style={bellStyle}
        aria-label={NOTIFICATION_MESSAGES.bellLabel(unread)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (!open) {
            const bottom = buttonRef.current?.getBoundingClientRect().bottom ?? 56;
            setPanelTop(Math.round(bottom + 8));
            refresh();
          }
          setOpen((was) => !was);
        }}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {unread > 0 && (
          <span style={countStyle} aria-hidden="true" data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label={NOTIFICATION_MESSAGES.panelTitle}
          style={panelStyle(panelTop)}
        >
          <div style={panelHeadStyle}>
            <h2 style={{ margin: 0, fontSize: 16 }}>{NOTIFICATION_MESSAGES.panelTitle}</h2>
            {unread > 0 && (
              <button type="button" style={textButtonStyle} onClick={markAll}>
                {NOTIFICATION_MESSAGES.markAllRead}
              </button>
            )}
          </div>
          {load.status === 'error' && (
            <p style={{ padding: 12, margin: 0 }}>{NOTIFICATION_MESSAGES.loadFailed}</p>
          )}
          {load.status === 'ready' && load.data.items.length === 0 && (
            <p style={{ padding: 12, margin: 0 }} className="t-muted">
              {NOTIFICATION_MESSAGES.empty}
            </p>
          )}
          {load.status === 'ready' && load.data.items.length > 0 && (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {load.data.items.map((item) => (
                <li key={item.id}>
                  <a
                    href={item.link}
                    style={itemStyle(item.read_at === null)}
                    onClick={(event) => openItem(event, item)}
                    data-testid="notification-item"
                  >
                    {item.read_at === null && (
                      <span style={dotStyle} role="img" aria-label={NOTIFICATION_MESSAGES.unread} />
                    )}
                    <strong style={{ display: 'block' }}>{item.title}</strong>
                    <span style={{ display: 'block' }}>{item.body}</span>
                    <span className="t-muted" style={{ display: 'block', fontSize: 13 }}>
                      {formatTimestampBR(item.created_at)}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
          {webPush && <BrowserPushToggle env={pushEnv} />}
        </div>
      )}
    </div>
  );
}
