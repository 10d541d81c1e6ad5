import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtColumn } from '../shared/columns';
import { Notification } from './notification.entity';
import { User } from './user.entity';

/**
 * One notification's delivery on one channel beyond the in-app centre (issue 26): unique per
 * (notification, channel), so a retried job sends nothing twice. Written in plain SQL by
 * services/core/src/notification-channels/deliveries.ts; the entity keeps the schema in step.
 */
export const NotificationDelivery = defineEntity({
  name: 'NotificationDelivery',
  tableName: 'notification_deliveries',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    notification: p.manyToOne(Notification).ref().deleteRule('cascade'),
    channel: p.enum(['email', 'web_push', 'whatsapp'] as const),
    status: p.enum(['sending', 'sent', 'skipped', 'failed'] as const).default('sending'),
    attempts: p.integer().default(0),
    detail: p.string().length(300).nullable(),
    createdAt: createdAtColumn(),
    sentAt: p.datetime().nullable(),
  },
  uniques: [
    { name: 'notification_deliveries_notification_channel_unique', properties: ['notification', 'channel'] },
  ],
});
export type NotificationDelivery = InferEntity<typeof NotificationDelivery>;

/**
 * A browser a user enabled web push in (issue 26): the PushSubscription's endpoint (unique) and keys.
 * At most PUSH_SUBSCRIPTIONS_PER_PERSON per user; removed by the person or on a 404/410 from the
 * push service (services/core/src/notification-channels/push-subscriptions.ts).
 */
export const PushSubscription = defineEntity({
  name: 'PushSubscription',
  tableName: 'push_subscriptions',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    user: p.manyToOne(User).ref().deleteRule('cascade'),
    endpoint: p.string().length(1000).unique('push_subscriptions_endpoint_unique'),
    p256dh: p.string().length(200),
    auth: p.string().length(100),
    userAgent: p.string().length(200).nullable(),
    createdAt: createdAtColumn(),
    lastUsedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'push_subscriptions_user_index', properties: ['user', 'id'] }],
});
export type PushSubscription = InferEntity<typeof PushSubscription>;
