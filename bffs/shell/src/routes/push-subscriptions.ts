import { route } from '@turno/bff-kit';
import {
  PushPublicKeyResponseSchema,
  PushSubscriptionRequestSchema,
  PushSubscriptionResponseSchema,
  PushUnsubscribeRequestSchema,
} from '@turno/contracts';
import { invalid, removePushSubscription, savePushSubscription } from '@turno/core';

/** Web push as the shell BFF serves it: the VAPID public key, and endpoints on local addresses or not. */
export interface PushRouteSettings {
  /** VAPID_PUBLIC_KEY (the workers hold the private one); null: web push is off. */
  publicKey: string | null;
  /**
   * PUSH_ALLOW_LOCAL_ENDPOINTS=true (development and tests only): accept an endpoint on a loopback or
   * private address (the local push service). Otherwise refused, so no one makes the workers post to
   * an internal address.
   */
  allowLocalEndpoints: boolean;
}

export function pushRouteSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): PushRouteSettings {
  const allowLocalEndpoints = env.PUSH_ALLOW_LOCAL_ENDPOINTS === 'true';
  if (allowLocalEndpoints && env.NODE_ENV === 'production')
    throw new Error('PUSH_ALLOW_LOCAL_ENDPOINTS is for development only');
  return { publicKey: env.VAPID_PUBLIC_KEY?.trim() || null, allowLocalEndpoints };
}

/** A host the workers must not be made to post to: loopback, private, link-local, or not a public name. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal')
  )
    return true;
  if (!host.includes('.') && !host.includes(':')) return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a >= 224
    );
  }
  if (host.includes(':'))
    return (
      host === '::1' || host === '::' || /^(fc|fd|fe8|fe9|fea|feb)/.test(host) || host.startsWith('::ffff:')
    );
  return false;
}

export function pushSubscriptionRoutes(settings: PushRouteSettings = pushRouteSettingsFromEnv()) {
  /** GET /api/notifications/push/public-key — the key `pushManager.subscribe` needs (null: off). */
  const publicKey = route({
    method: 'get',
    path: '/api/notifications/push/public-key',
    access: 'user',
    response: PushPublicKeyResponseSchema,
    handler: () => ({ publicKey: settings.publicKey }),
  });

  /**
   * POST /api/notifications/push-subscriptions — this browser receives the caller's notifications
   * (the same endpoint again: its keys updated; beyond PUSH_SUBSCRIPTIONS_PER_PERSON the oldest goes).
   */
  const subscribe = route({
    method: 'post',
    path: '/api/notifications/push-subscriptions',
    access: 'user',
    body: PushSubscriptionRequestSchema,
    response: PushSubscriptionResponseSchema,
    handler: async ({ em, actor, body, ctx }) => {
      if (!settings.publicKey)
        throw invalid('push_off', 'As notificações no navegador não estão disponíveis agora.');
      if (!settings.allowLocalEndpoints && isLocalHost(new URL(body.endpoint).hostname))
        throw invalid('push_endpoint', 'Endereço de notificação inválido.');
      await savePushSubscription(em, actor.userId, {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        userAgent: ctx.get('user-agent') || null,
      });
      return { subscribed: true };
    },
  });

  /** DELETE /api/notifications/push-subscriptions — this browser no longer receives them (idempotent). */
  const unsubscribe = route({
    method: 'delete',
    path: '/api/notifications/push-subscriptions',
    access: 'user',
    body: PushUnsubscribeRequestSchema,
    response: PushSubscriptionResponseSchema,
    handler: async ({ em, actor, body }) => {
      await removePushSubscription(em, actor.userId, body.endpoint);
      return { subscribed: false };
    },
  });

  return [publicKey, subscribe, unsubscribe];
}
