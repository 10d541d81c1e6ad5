import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { NOTIFICATION_CHANNELS } from '@turno/domain';
import { updatedAtColumn } from '../shared/columns';
import { User } from './user.entity';

/**
 * Where a fan-out stream has read the domain events up to (issue 26): one row per stream
 * ('notifications'), moved in the same transaction as the notifications it made, so a crash or an
 * emptied Redis neither loses nor repeats an event (services/core/src/notifications/fan-out.ts).
 */
export const NotificationCursor = defineEntity({
  name: 'NotificationCursor',
  tableName: 'notification_cursors',
  properties: {
    stream: p.text().primary(),
    /** The last domain event id read (every event committed later has a larger id). */
    lastEventId: p.bigint('number'),
    updatedAt: updatedAtColumn(),
  },
});
export type INotificationCursor = InferEntity<typeof NotificationCursor>;

/**
 * A person's choice for one kind and channel (Perfil → "Notificações"): stored only when made; a
 * missing row is libs/domain's default (notification-preferences.ts). `kind` is not checked here:
 * the service accepts only the kinds libs/domain lists.
 */
export const NotificationPreference = defineEntity({
  name: 'NotificationPreference',
  tableName: 'notification_preferences',
  properties: {
    user: p.manyToOne(User).ref().primary().deleteRule('cascade'),
    kind: p.text().primary(),
    channel: p.enum([...NOTIFICATION_CHANNELS]).primary(),
    enabled: p.boolean(),
    updatedAt: updatedAtColumn(),
  },
});
export type INotificationPreference = InferEntity<typeof NotificationPreference>;
