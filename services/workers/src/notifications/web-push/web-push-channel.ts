import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { createSecureContext, rootCertificates } from 'node:tls';
import webPush, { WebPushError } from 'web-push';
import {
  claimDeliveries,
  finishDeliveries,
  pushSubscriptionsOfUsers,
  removeExpiredPushSubscriptions,
  touchPushSubscriptions,
  type DeliveryOutcome,
  type StoredPushSubscription,
} from '@turno/core';
import { notificationPushPayload } from '@turno/domain';
import type { NotificationChannel } from '../channels';
import { settleEach } from '../settle-each';
import { DeliveryBusyError, type ChannelInput, type EntityManagerSource } from '../channel-context';
import type { WebPushSettings } from './web-push-settings';

/** How long a push service keeps a message for an offline browser (a day: older news is in the bell). */
const TTL_SECONDS = 24 * 3600;

/** The push services' answers that end a subscription (RFC 8030 §7.3: expired or unknown). */
const GONE = new Set([404, 410]);

/** Push requests in flight at once for one batch (the agent keeps at most 32 sockets per push service). */
const REQUESTS_IN_FLIGHT = 32;

/** A VAPID token is valid for 12 hours (RFC 8292 allows 24) and signed again after one. */
const VAPID_TOKEN_SECONDS = 12 * 3600;
const VAPID_RESIGN_MS = 3600_000;

/**
 * The `Authorization` header of VAPID (RFC 8292) for a push service's origin, signed once an hour
 * per origin rather than per request: the ES256 signature is the costliest step of a push.
 */
function vapidAuthorizations(settings: WebPushSettings, now: () => number) {
  const signed = new Map<string, { authorization: string; signedAt: number }>();
  return (endpoint: string): string => {
    const audience = new URL(endpoint).origin;
    const at = now();
    const cached = signed.get(audience);
    if (cached && at - cached.signedAt < VAPID_RESIGN_MS) return cached.authorization;
    const { Authorization } = webPush.getVapidHeaders(
      audience,
      settings.subject,
      settings.publicKey,
      settings.privateKey,
      'aes128gcm',
      Math.floor(at / 1000) + VAPID_TOKEN_SECONDS,
    ) as { Authorization: string };
    signed.set(audience, { authorization: Authorization, signedAt: at });
    return Authorization;
  };
}

/**
 * The web push channel: each notification once to every browser its person enabled (at most
 * PUSH_SUBSCRIPTIONS_PER_PERSON), with `web-push` (aes128gcm) to each subscription's endpoint and a
 * VAPID token signed once an hour per push service. A batch costs five statements whatever its size
 * (claim, subscriptions, removals, touch, end: core notification-channels). Idempotent per
 * notification through `notification_deliveries`; the topic `n<id>` makes a push service replace,
 * not add, a repeat still waiting for an offline browser. A 404/410 removes the subscription;
 * another 4xx drops that browser for this notification; a 5xx, 429 or network failure ends that
 * notification `failed` and, once the whole batch was tried, throws (the job retries: only the
 * failed ones are claimed again; their browsers that got it may get it again, collapsed by the
 * topic while undelivered). A notification another try is sending throws too, after the rest. No
 * subscription: `skipped`.
 */
export function createWebPushChannel(options: {
  settings: WebPushSettings;
  em: EntityManagerSource;
  /** A certificate (PEM) to trust besides the system's (tests: the local push service's). */
  extraCa?: string;
  /** The clock of the VAPID tokens (tests). */
  now?: () => number;
}): NotificationChannel {
  const extraCa =
    options.extraCa ??
    (options.settings.extraCaFile ? readFileSync(options.settings.extraCaFile, 'utf8') : undefined);
  // Keep-alive to the few push services there are. An extra root goes in a secure context made
  // once: a `ca` option would be parsed per connection and stringified into every request's agent key.
  const agent = new Agent({
    keepAlive: true,
    maxSockets: 32,
    ...(extraCa ? { secureContext: createSecureContext({ ca: [...rootCertificates, extraCa] }) } : {}),
  });
  const authorizationFor = vapidAuthorizations(options.settings, options.now ?? Date.now);

  async function sendMany(notifications: readonly ChannelInput[]): Promise<void> {
    if (notifications.length === 0) return;
    const em = options.em();
    const claims = await claimDeliveries(
      em,
      notifications.map((notification) => notification.id),
      'web_push',
    );
    const toSend = notifications.filter((notification) => claims.get(notification.id)?.action === 'send');
    const busy = notifications.filter((notification) => claims.get(notification.id)?.action === 'busy');
    const subscriptionsByUser = await pushSubscriptionsOfUsers(
      em,
      toSend.map((notification) => notification.userId),
    );
    const requests: { notification: ChannelInput; subscription: StoredPushSubscription; payload: string }[] =
      [];
    const outcomes = new Map<number, DeliveryOutcome>();
    for (const notification of toSend) {
      const subscriptions = subscriptionsByUser.get(notification.userId) ?? [];
      if (subscriptions.length === 0)
        outcomes.set(notification.id, {
          notificationId: notification.id,
          status: 'skipped',
          detail: 'sem inscrição',
        });
      const payload = JSON.stringify(notificationPushPayload(notification));
      for (const subscription of subscriptions) requests.push({ notification, subscription, payload });
    }
    const answers = await settleEach(
      requests,
      REQUESTS_IN_FLIGHT,
      ({ notification, subscription, payload }) =>
        webPush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          payload,
          {
            headers: { Authorization: authorizationFor(subscription.endpoint) },
            TTL: TTL_SECONDS,
            urgency: 'normal',
            topic: `n${notification.id}`,
            timeout: 10_000,
            agent,
          },
        ),
    );
    const delivered: number[] = [];
    const gone: number[] = [];
    const deliveredTo = new Map<number, number>();
    const transient = new Map<number, string[]>();
    for (const [index, answer] of answers.entries()) {
      const { notification, subscription } = requests[index]!;
      if (answer.status === 'fulfilled') {
        delivered.push(subscription.id);
        deliveredTo.set(notification.id, (deliveredTo.get(notification.id) ?? 0) + 1);
        continue;
      }
      const status = answer.reason instanceof WebPushError ? answer.reason.statusCode : undefined;
      if (status !== undefined && GONE.has(status)) gone.push(subscription.id);
      else if (status === undefined || status >= 500 || status === 429 || status === 408) {
        const messages = transient.get(notification.id) ?? [];
        messages.push(`${status ?? 'rede'}: ${(answer.reason as Error).message}`);
        transient.set(notification.id, messages);
      }
    }
    for (const notification of toSend) {
      if (outcomes.has(notification.id)) continue;
      const failures = transient.get(notification.id);
      const count = deliveredTo.get(notification.id) ?? 0;
      outcomes.set(
        notification.id,
        failures
          ? { notificationId: notification.id, status: 'failed', detail: failures.join('; ') }
          : count > 0
            ? { notificationId: notification.id, status: 'sent', detail: `${count} navegador(es)` }
            : { notificationId: notification.id, status: 'skipped', detail: 'inscrições recusadas' },
      );
    }
    await removeExpiredPushSubscriptions(em, gone);
    await touchPushSubscriptions(em, delivered);
    await finishDeliveries(em, 'web_push', [...outcomes.values()]);
    if (transient.size > 0) {
      const [firstId, messages] = [...transient.entries()][0]!;
      throw new Error(
        `web push of ${transient.size} notification(s), first ${firstId}: ${messages.join('; ')}`,
      );
    }
    if (busy.length > 0) throw new DeliveryBusyError(busy[0]!.id, 'web_push');
  }

  return {
    name: 'web_push',
    send: (notification) => sendMany([notification]),
    sendMany,
  };
}
