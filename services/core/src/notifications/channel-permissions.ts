import type { EntityManager } from '@mikro-orm/postgresql';
import { channelOn, quietHoursHoldUntil, type DeliveryChannelName } from '@turno/domain';
import type { NotificationToMake } from './notifications.service';
import { preferenceChoicesOf } from './preferences.service';

/** A notification as the in-app insert made it (its row id), handed to the other channels. */
export type MadeNotification = NotificationToMake & { id: number };

/** One (notification, channel) pair allowed: send now (`holdUntil` null) or not before `holdUntil`. */
export interface ChannelDelivery {
  notification: MadeNotification;
  channel: DeliveryChannelName;
  /** null: send now. Else the instant (07:00 in Sao Paulo) quiet hours hold it until: a delayed job. */
  holdUntil: Date | null;
}

/**
 * For the channel adapters (web push, e-mail, WhatsApp — services/workers/src/notifications):
 * call this before sending. Given the notifications just made and the channels configured, it
 * answers which (notification, channel) pairs to send and when — the person's preferences per kind
 * and channel (a pair turned off is absent from the answer), quiet hours 22:00–07:00 Sao Paulo
 * (`holdUntil` = the next 07:00, unless the shift starts within 12 hours: `shiftStartsAt`), libs/domain
 * notification-preferences.ts. One read of the preferences for the whole batch. A held pair is
 * re-asked at `holdUntil` (a person may have turned the channel off meanwhile): call again with
 * `now` = the job's run time (the workers' `deliver-notification` does).
 */
export async function channelsAllowedFor(
  em: EntityManager,
  notifications: readonly MadeNotification[],
  now: Date,
  channels: readonly DeliveryChannelName[],
): Promise<ChannelDelivery[]> {
  if (notifications.length === 0 || channels.length === 0) return [];
  const choices = await preferenceChoicesOf(
    em,
    notifications.map((notification) => notification.userId),
  );
  return notifications.flatMap((notification) => {
    const own = choices.get(notification.userId) ?? [];
    const startsAt = notification.shiftStartsAt ? new Date(notification.shiftStartsAt) : null;
    const holdUntil = quietHoursHoldUntil(now, startsAt);
    return channels
      .filter((channel) => channelOn(notification.kind, channel, own))
      .map((channel) => ({ notification, channel, holdUntil }));
  });
}
