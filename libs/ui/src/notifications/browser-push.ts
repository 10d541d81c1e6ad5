import {
  PushPublicKeyResponseSchema,
  PushSubscriptionResponseSchema,
  type PushSubscriptionRequest,
} from '@turno/contracts';
import { fetchBff } from '../data/fetch-bff';
import { sendBff } from '../data/send-bff';

/** The shell BFF's web push calls (issue 26). */
export const PUSH_PUBLIC_KEY_URL = '/api/notifications/push/public-key';
export const PUSH_SUBSCRIPTIONS_URL = '/api/notifications/push-subscriptions';

/** What this browser's web push stands at. */
export type BrowserPushState = 'unsupported' | 'denied' | 'off' | 'on';

/** The browser's parts web push needs (the real ones by default; tests give fakes). */
export interface BrowserPushEnv {
  serviceWorker?: ServiceWorkerContainer;
  Notification?: { permission: NotificationPermission; requestPermission(): Promise<NotificationPermission> };
  hasPushManager: boolean;
  fetchImpl?: typeof fetch;
}

export function browserPushEnv(): BrowserPushEnv {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const win = typeof window === 'undefined' ? undefined : window;
  return {
    serviceWorker: nav && 'serviceWorker' in nav ? nav.serviceWorker : undefined,
    Notification: win && 'Notification' in win ? win.Notification : undefined,
    hasPushManager: Boolean(win && 'PushManager' in win),
  };
}

/** A VAPID key (base64url) as `applicationServerKey` wants it. */
export function vapidKeyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = (key + '='.repeat((4 - (key.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

async function registration(env: BrowserPushEnv): Promise<ServiceWorkerRegistration> {
  const existing = await env.serviceWorker!.getRegistration('/');
  if (!existing) await env.serviceWorker!.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  return env.serviceWorker!.ready;
}

/** Where this browser stands, without asking anything of the person. */
export async function browserPushState(env: BrowserPushEnv = browserPushEnv()): Promise<BrowserPushState> {
  if (!env.serviceWorker || !env.Notification || !env.hasPushManager) return 'unsupported';
  if (env.Notification.permission === 'denied') return 'denied';
  if (env.Notification.permission !== 'granted') return 'off';
  const existing = await env.serviceWorker.getRegistration('/');
  const subscription = await existing?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

/**
 * Turns web push on, after the person chose to (the only place the browser's permission prompt is
 * asked for): the BFF's public key (null: off on this server → throws), the permission, this
 * browser's subscription, and the BFF keeps it.
 */
export async function enableBrowserPush(env: BrowserPushEnv = browserPushEnv()): Promise<BrowserPushState> {
  if (!env.serviceWorker || !env.Notification || !env.hasPushManager) return 'unsupported';
  const { publicKey } = await fetchBff(PUSH_PUBLIC_KEY_URL, PushPublicKeyResponseSchema, {
    fetchImpl: env.fetchImpl,
  });
  if (!publicKey) throw new Error('push_off');
  const permission = await env.Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const ready = await registration(env);
  const subscription =
    (await ready.pushManager.getSubscription()) ??
    (await ready.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(publicKey),
    }));
  const json = subscription.toJSON() as PushSubscriptionRequest;
  await sendBff(PUSH_SUBSCRIPTIONS_URL, {
    body: { endpoint: json.endpoint, keys: json.keys },
    schema: PushSubscriptionResponseSchema,
    fetchImpl: env.fetchImpl,
  });
  return 'on';
}

/** Turns web push off in this browser: the BFF forgets the subscription, the browser drops it. */
export async function disableBrowserPush(env: BrowserPushEnv = browserPushEnv()): Promise<BrowserPushState> {
  if (!env.serviceWorker) return 'unsupported';
  const existing = await env.serviceWorker.getRegistration('/');
  const subscription = await existing?.pushManager.getSubscription();
  if (subscription) {
    await sendBff(PUSH_SUBSCRIPTIONS_URL, {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
      schema: PushSubscriptionResponseSchema,
      fetchImpl: env.fetchImpl,
    });
    await subscription.unsubscribe();
  }
  return 'off';
}
