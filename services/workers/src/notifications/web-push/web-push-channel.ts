import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import webPush, { WebPushError } from 'web-push';
import {
  claimDelivery,
  finishDelivery,
  pushSubscriptionsOf,
  removeExpiredPushSubscription,
  touchPushSubscriptions,
} from '@turno/core';
import { notificationPushPayload } from '@turno/domain';
import type { NotificationChannel } from '../channels';
import { DeliveryBusyError, type ChannelInput, type EntityManagerSource } from '../channel-context';
import type { WebPushSettings } from './web-push-settings';

/** How long a push service keeps a message for an offline browser (a day: older news is in the bell). */
const TTL_SECONDS = 24 * 3600;

/** The push services' answers that end a subscription (RFC 8030 §7.3: expired or unknown). */
const GONE = new Set([404, 410]);

/**
 * The web push channel: each notification once to every browser its person enabled (at most
 * PUSH_SUBSCRIPTIONS_PER_PERSON), with `web-push` (VAPID, aes128gcm) to each subscription's
 * endpoint. Idempotent per notification through `notification_deliveries`; the topic `n<id>` makes
 * a push service replace, not add, a repeat still waiting for an offline browser. A 404/410 removes
 * the subscription; another 4xx drops that browser for this notification; a 5xx, 429 or network
 * failure throws after the others were sent (the job retries: the browsers that got it may get it
 * again, collapsed by the topic while undelivered). No subscription: `skipped`.
 */
export function createWebPushChannel(options: {
  settings: WebPushSettings;
  em: EntityManagerSource;
  /** A certificate (PEM) to trust besides the system's (tests: the local push service's). */
  extraCa?: string;
}): NotificationChannel {
  const extraCa =
    options.extraCa ??
    (options.settings.extraCaFile ? readFileSync(options.settings.extraCaFile, 'utf8') : undefined);
  // Keep-alive to the few push services there are; the system's roots plus the development one.
  const agent = new Agent({
    keepAlive: true,
    maxSockets: 32,
    ...(extraCa ? { ca: [...rootCertificates, extraCa] } : {}),
  });
  const vapidDetails = {
    subject: options.settings.subject,
    publicKey: options.settings.publicKey,
    privateKey: options.settings.privateKey,
  };
  return {
    name: 'web_push',
    async send(notification: ChannelInput) {
      const em = options.em();
      const claim = await claimDelivery(em, notification.id, 'web_push');
      if (claim.action === 'done') return;
      if (claim.action === 'busy') throw new DeliveryBusyError(notification.id, 'web_push');
      const subscriptions = await pushSubscriptionsOf(em, notification.userId);
      if (subscriptions.length === 0) {
        await finishDelivery(em, notification.id, 'web_push', 'skipped', 'sem inscrição');
        return;
      }
      const payload = JSON.stringify(notificationPushPayload(notification));
      const outcomes = await Promise.allSettled(
        subscriptions.map((subscription) =>
          webPush.sendNotification(
            {
              endpoint: subscription.endpoint,
              keys: { p256dh: subscription.p256dh, auth: subscription.auth },
            },
            payload,
            {
              vapidDetails,
              TTL: TTL_SECONDS,
              urgency: 'normal',
              topic: `n${notification.id}`,
              timeout: 10_000,
              agent,
            },
          ),
        ),
      );
      const delivered: number[] = [];
      const transient: string[] = [];
      for (const [index, outcome] of outcomes.entries()) {
        const subscription = subscriptions[index]!;
        if (outcome.status === 'fulfilled') {
          delivered.push(subscription.id);
          continue;
        }
        const status = outcome.reason instanceof WebPushError ? outcome.reason.statusCode : undefined;
        if (status !== undefined && GONE.has(status))
          await removeExpiredPushSubscription(em, subscription.id);
        else if (status === undefined || status >= 500 || status === 429 || status === 408)
          transient.push(`${status ?? 'rede'}: ${(outcome.reason as Error).message}`);
      }
      await touchPushSubscriptions(em, delivered);
      if (transient.length > 0) {
        await finishDelivery(em, notification.id, 'web_push', 'failed', transient.join('; '));
        throw new Error(`web push of notification ${notification.id}: ${transient.join('; ')}`);
      }
      await finishDelivery(
        em,
        notification.id,
        'web_push',
        delivered.length > 0 ? 'sent' : 'skipped',
        delivered.length > 0 ? `${delivered.length} navegador(es)` : 'inscrições recusadas',
      );
    },
  };
}
