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
import type { EmailChannel } from '../notifications/email/email-channel';
import { settleEach } from '../notifications/settle-each';

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

/** How many notifications one channel delivery job carries (one job, five statements, for a batch of pushes). */
export const NOTIFICATION_DELIVERY_BATCH = 100;
/** A channel without `sendMany`: this many `send`s at a time within a batch. */
const SENDS_IN_FLIGHT = 4;

/** One channel's delivery of a batch of notifications: the job data of `deliver-notifications`. */
export interface ChannelDeliveryJob {
  channel: DeliveryChannelName;
  notifications: MadeNotification[];
}

/** A job of the previous release: one notification on one channel (`deliver-notification`). */
interface SingleChannelDeliveryJob {
  notification: MadeNotification;
  channel: DeliveryChannelName;
}

/**
 * A batch's job id: its channel, first and last notification ids (a notification is in one batch
 * per channel) and, when held by quiet hours, the hour it waits for.
 */
export const channelBatchJobId = (channel: string, ids: readonly number[], holdUntil: Date | null) =>
  `b${Math.min(...ids)}-${Math.max(...ids)}-${channel}${holdUntil ? `-h${holdUntil.getTime()}` : ''}`;

const channelNames = (channels: readonly NotificationChannel[] | undefined) =>
  (channels ?? []).map((channel) => channel.name as DeliveryChannelName);

/**
 * Enqueues the allowed (notification, channel) pairs in batches of NOTIFICATION_DELIVERY_BATCH per
 * channel and hold: now, or delayed until quiet hours end.
 */
async function enqueueChannelDeliveries(queue: Queue, deliveries: readonly ChannelDelivery[], now: Date) {
  if (deliveries.length === 0) return;
  const groups = new Map<string, ChannelDelivery[]>();
  for (const delivery of deliveries) {
    const key = `${delivery.channel}/${delivery.holdUntil?.getTime() ?? 0}`;
    const group = groups.get(key) ?? [];
    group.push(delivery);
    groups.set(key, group);
  }
  const jobs = [...groups.values()].flatMap((group) => {
    const sorted = [...group].sort((a, b) => a.notification.id - b.notification.id);
    const { channel, holdUntil } = sorted[0]!;
    const batches: ChannelDelivery[][] = [];
    for (let start = 0; start < sorted.length; start += NOTIFICATION_DELIVERY_BATCH)
      batches.push(sorted.slice(start, start + NOTIFICATION_DELIVERY_BATCH));
    return batches.map((batch) => ({
      name: JOB_NAMES.deliverNotifications,
      data: {
        channel,
        notifications: batch.map((delivery) => delivery.notification),
      } satisfies ChannelDeliveryJob,
      opts: {
        ...DELIVER_NOTIFICATION_JOB_OPTIONS,
        jobId: channelBatchJobId(
          channel,
          batch.map((delivery) => delivery.notification.id),
          holdUntil,
        ),
        ...(holdUntil ? { delay: Math.max(0, holdUntil.getTime() - now.getTime()) } : {}),
      },
    }));
  });
  await queue.addBulk(jobs);
}

/** `send` each, SENDS_IN_FLIGHT at a time; every one is tried, then the first failure is thrown. */
async function sendEach(channel: NotificationChannel, notifications: readonly MadeNotification[]) {
  const outcomes = await settleEach(notifications, SENDS_IN_FLIGHT, (notification) =>
    channel.send(notification),
  );
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Delivers a batch on its channel: asks `channelsAllowedFor` again at run time (one may have been
 * turned off since); the ones quiet hours hold now (a retry at night) wait in a job of their own,
 * or, when all of them are held, this job goes back to the delayed set; the rest are sent.
 */
async function deliverBatch(
  job: Job,
  em: EntityManager,
  deps: NotificationDeps,
  data: ChannelDeliveryJob,
  now: Date,
): Promise<{ sent: number }> {
  const channel = deps.channels?.find((candidate) => candidate.name === data.channel);
  if (!channel || data.notifications.length === 0) return { sent: 0 };
  const allowed = await channelsAllowedFor(em, data.notifications, now, [data.channel]);
  const held = allowed.filter((delivery) => delivery.holdUntil);
  if (held.length > 0 && held.length === allowed.length) {
    const until = Math.min(...held.map((delivery) => delivery.holdUntil!.getTime()));
    await job.moveToDelayed(until, job.token);
    throw new DelayedError();
  }
  await enqueueChannelDeliveries(deps.queue, held, now);
  const sendNow = allowed.filter((delivery) => !delivery.holdUntil).map((delivery) => delivery.notification);
  if (channel.sendMany) await channel.sendMany(sendNow);
  else await sendEach(channel, sendNow);
  return { sent: sendNow.length };
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
 * - `deliver-notifications` ({ channel, notifications }, NOTIFICATION_DELIVERY_BATCH at most): asks
 *   `channelsAllowedFor` again at run time (a held one may have been turned off since; still in
 *   quiet hours: delayed again) and sends through the adapter of that name, `sendMany` when it has
 *   one. Jobs of previous releases: `deliver-notification` with { notification, channel } is a batch
 *   of one; with a `NotificationToMake` (no channel) it makes its notification as before.
 */
/**
 * A team invitation's link by e-mail (issue 28) through the e-mail channel: nothing without one
 * (SMTP not configured: the owner copies the link), nothing once the invitation is no longer open.
 */
async function sendTeamInvitation(
  deps: NotificationDeps,
  data: { token: string },
  now: Date,
): Promise<{ sent: number }> {
  const email = deps.channels?.find(
    (channel): channel is NotificationChannel & Pick<EmailChannel, 'sendMemberInvitation'> =>
      'sendMemberInvitation' in channel,
  );
  if (!email) return { sent: 0 };
  return { sent: (await email.sendMemberInvitation(data.token, now)) === 'sent' ? 1 : 0 };
}

export async function processNotificationJob(
  job: Job,
  em: EntityManager,
  deps: NotificationDeps,
): Promise<{ events?: number; made?: number; deliveries?: number; sent?: number }> {
  const now = deps.now?.() ?? new Date();
  if (job.name === JOB_NAMES.deliverNotifications)
    return deliverBatch(job, em, deps, job.data as ChannelDeliveryJob, now);
  if (job.name === JOB_NAMES.deliverNotification) {
    const data = job.data as SingleChannelDeliveryJob | NotificationToMake;
    if (!('channel' in data)) return { made: (await createNotifications(em, [data])).length };
    return deliverBatch(job, em, deps, { channel: data.channel, notifications: [data.notification] }, now);
  }
  if (job.name === JOB_NAMES.sendTeamInvitation)
    return sendTeamInvitation(deps, job.data as { token: string }, now);
  if (job.name !== JOB_NAMES.scanNotificationEvents) throw new Error(`unknown notifications job ${job.name}`);
  const { events, made } = await fanOutNotifications(em, { batch: SCAN_BATCH, rounds: SCAN_ROUNDS });
  const names = channelNames(deps.channels);
  const deliveries = names.length > 0 ? await channelsAllowedFor(em, made, now, names) : [];
  await enqueueChannelDeliveries(deps.queue, deliveries, now);
  return { events, made: made.length, deliveries: deliveries.length };
}
