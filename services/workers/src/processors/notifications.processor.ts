import { DelayedError, type Job, type Queue } from 'bullmq';
import {
  channelsAllowedFor,
  createNotifications,
  fanOutNotifications,
  type ChannelDelivery,
  type EntityManager,
  type MadeNotification,
  type NotificationToMake,
} from '@turno/core';
import type { DeliveryChannelName } from '@turno/domain';
import { DELIVER_NOTIFICATION_JOB_OPTIONS, JOB_NAMES } from '../queues';
import type { NotificationChannel } from '../notifications/channels';

/** How many events one scan round reads (one transaction per round; a scan loops until it has caught up). */
const SCAN_BATCH = 500;
/** At most this many rounds per scan job (the next job goes on). */
const SCAN_ROUNDS = 20;

export interface NotificationDeps {
  queue: Queue;
  /** Web push, e-mail, WhatsApp when built and configured (none: the in-app centre only). */
  channels?: readonly NotificationChannel[];
  /** The clock (tests move it); quiet hours read it. */
  now?: () => Date;
}

/** One channel's delivery of one notification: the job data of `deliver-notification`. */
export interface ChannelDeliveryJob {
  notification: MadeNotification;
  channel: DeliveryChannelName;
}

/** The channel delivery job's id: one per notification and channel, whatever the retries. */
export const channelJobId = (delivery: Pick<ChannelDelivery, 'notification' | 'channel'>) =>
  `n${delivery.notification.id}-${delivery.channel}`;

const channelNames = (channels: readonly NotificationChannel[] | undefined) =>
  (channels ?? []).map((channel) => channel.name as DeliveryChannelName);

/** Enqueues the allowed (notification, channel) pairs: now, or delayed until quiet hours end. */
async function enqueueChannelDeliveries(queue: Queue, deliveries: readonly ChannelDelivery[], now: Date) {
  if (deliveries.length === 0) return;
  await queue.addBulk(
    deliveries.map((delivery) => ({
      name: JOB_NAMES.deliverNotification,
      data: { notification: delivery.notification, channel: delivery.channel } satisfies ChannelDeliveryJob,
      opts: {
        ...DELIVER_NOTIFICATION_JOB_OPTIONS,
        jobId: channelJobId(delivery),
        ...(delivery.holdUntil ? { delay: Math.max(0, delivery.holdUntil.getTime() - now.getTime()) } : {}),
      },
    })),
  );
}

/**
 * The `notifications` queue:
 * - `scan-notification-events` (LISTEN shortcut and every 5 s): core's `fanOutNotifications` reads
 *   the committed domain events after the cursor kept in PostgreSQL and makes the in-app
 *   notifications, moving the cursor in the same transaction (a crash or an emptied Redis neither
 *   loses nor repeats one). One scan at a time: a scan that finds another in its round returns at
 *   once, leaving the events to it (it reads until nothing is left). Then, for what was made, `channelsAllowedFor` (preferences, quiet hours)
 *   says which channel deliveries to enqueue now or delayed to 07:00 (job id = notification +
 *   channel). A crash between the commit and this enqueue loses those pushes/e-mails, never the
 *   in-app row.
 * - `deliver-notification` ({ notification, channel }): asks `channelsAllowedFor` again at run time
 *   (a held one may have been turned off since; still in quiet hours: delayed again) and sends
 *   through the adapter of that name. A job of the previous release (a `NotificationToMake`, no
 *   channel) makes its notification as before.
 */
export async function processNotificationJob(
  job: Job,
  em: EntityManager,
  deps: NotificationDeps,
): Promise<{ events?: number; made?: number; deliveries?: number; sent?: number }> {
  const now = deps.now?.() ?? new Date();
  if (job.name === JOB_NAMES.deliverNotification) {
    const data = job.data as ChannelDeliveryJob | NotificationToMake;
    if (!('channel' in data)) return { made: (await createNotifications(em, [data])).length };
    const channel = deps.channels?.find((candidate) => candidate.name === data.channel);
    if (!channel) return { sent: 0 };
    const [allowed] = await channelsAllowedFor(em, [data.notification], now, [data.channel]);
    if (!allowed) return { sent: 0 };
    if (allowed.holdUntil) {
      // Still in quiet hours (a retry at night): back to the delayed set until they end.
      await job.moveToDelayed(allowed.holdUntil.getTime(), job.token);
      throw new DelayedError();
    }
    await channel.send(data.notification);
    return { sent: 1 };
  }
  if (job.name !== JOB_NAMES.scanNotificationEvents) throw new Error(`unknown notifications job ${job.name}`);
  const { events, made } = await fanOutNotifications(em, { batch: SCAN_BATCH, rounds: SCAN_ROUNDS });
  const names = channelNames(deps.channels);
  const deliveries = names.length > 0 ? await channelsAllowedFor(em, made, now, names) : [];
  await enqueueChannelDeliveries(deps.queue, deliveries, now);
  return { events, made: made.length, deliveries: deliveries.length };
}
