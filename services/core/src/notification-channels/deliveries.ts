import type { EntityManager } from '@mikro-orm/postgresql';

/** The channels beyond the in-app centre (the `notification_deliveries.channel` values). */
export type DeliveryChannel = 'email' | 'web_push' | 'whatsapp';

/**
 * What a channel finds when it starts a delivery: `send` (new, an earlier try failed, or one died
 * mid-way more than DELIVERY_LEASE_SECONDS ago), `busy` (another try is sending right now: retry
 * later) or `done` (it ended: `sent` or `skipped`).
 */
export type DeliveryClaim =
  { action: 'send'; attempts: number } | { action: 'busy' } | { action: 'done'; status: string };

/** How long a try may be `sending` before another may take it over (it died mid-way). */
export const DELIVERY_LEASE_SECONDS = 120;

/**
 * Starts the delivery of notifications on one channel, once each, in one statement: the first call
 * makes the row (`sending`, attempt 1); a retry after a failure (or after a try that died, its
 * lease past) counts another attempt and sends again; a try sending right now answers `busy`; a
 * delivery that ended (`sent`, `skipped`) answers `done`, so a retried job or a notification handed
 * over twice sends nothing more. The unique (notification, channel) is the guard, whatever the
 * queue does; `created_at` is the current try's start. Rows are taken in id order (two batches
 * sharing ids do not deadlock); a row another try made after this statement's snapshot is `busy`.
 */
export async function claimDeliveries(
  em: EntityManager,
  notificationIds: readonly number[],
  channel: DeliveryChannel,
): Promise<Map<number, DeliveryClaim>> {
  if (notificationIds.length === 0) return new Map();
  const ids = `{${[...new Set(notificationIds)].join(',')}}`;
  const rows = await em
    .getConnection()
    .execute<{ notification_id: string | number; status: string; attempts: number; claimed: boolean }[]>(
      `with claimed as (
       insert into notification_deliveries (notification_id, channel, status, attempts)
       select id, ?, 'sending', 1 from unnest(?::bigint[]) as wanted(id) order by id
       on conflict (notification_id, channel) do update
          set attempts = notification_deliveries.attempts + 1, status = 'sending', created_at = now()
        where notification_deliveries.status = 'failed'
           or (notification_deliveries.status = 'sending'
               and notification_deliveries.created_at < now() - make_interval(secs => ?))
       returning notification_id, status, attempts, true as claimed
     )
     select notification_id, status, attempts, claimed from claimed
     union all
     select d.notification_id, d.status, d.attempts, false from notification_deliveries d
      where d.notification_id = any(?::bigint[]) and d.channel = ?
        and d.notification_id not in (select notification_id from claimed)`,
      [channel, ids, DELIVERY_LEASE_SECONDS, ids, channel],
    );
  const claims = new Map<number, DeliveryClaim>(
    notificationIds.map((id) => [id, { action: 'busy' }] as const),
  );
  for (const row of rows) {
    const claim: DeliveryClaim = row.claimed
      ? { action: 'send', attempts: row.attempts }
      : row.status === 'sending'
        ? { action: 'busy' }
        : { action: 'done', status: row.status };
    claims.set(Number(row.notification_id), claim);
  }
  return claims;
}

/** `claimDeliveries` of one notification. */
export async function claimDelivery(
  em: EntityManager,
  notificationId: number,
  channel: DeliveryChannel,
): Promise<DeliveryClaim> {
  return (await claimDeliveries(em, [notificationId], channel)).get(notificationId)!;
}

/** How a delivery ended: `sent` (with `sent_at`), `skipped` (nothing to send to: no address, no subscription) or `failed`. */
export interface DeliveryOutcome {
  notificationId: number;
  status: 'sent' | 'skipped' | 'failed';
  detail?: string;
}

/** Ends deliveries on one channel, in one statement. */
export async function finishDeliveries(
  em: EntityManager,
  channel: DeliveryChannel,
  outcomes: readonly DeliveryOutcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  await em.getConnection().execute(
    `update notification_deliveries d
        set status = x.status, detail = x.detail,
            sent_at = case when x.status = 'sent' then now() else d.sent_at end
       from jsonb_to_recordset(?::jsonb) as x(id bigint, status text, detail text)
      where d.notification_id = x.id and d.channel = ?`,
    [
      JSON.stringify(
        outcomes.map(({ notificationId, status, detail }) => ({
          id: notificationId,
          status,
          detail: detail ? detail.slice(0, 300) : null,
        })),
      ),
      channel,
    ],
  );
}

/** Ends the delivery of one notification (`finishDeliveries` of one). */
export async function finishDelivery(
  em: EntityManager,
  notificationId: number,
  channel: DeliveryChannel,
  status: 'sent' | 'skipped' | 'failed',
  detail?: string,
): Promise<void> {
  await finishDeliveries(em, channel, [{ notificationId, status, ...(detail ? { detail } : {}) }]);
}

export interface DeliveryRow {
  channel: DeliveryChannel;
  status: string;
  attempts: number;
  detail: string | null;
  sentAt: Date | null;
}

/** The deliveries of one notification (tests, support). */
export async function deliveriesOf(em: EntityManager, notificationId: number): Promise<DeliveryRow[]> {
  const rows = await em.getConnection().execute<
    {
      channel: DeliveryChannel;
      status: string;
      attempts: number;
      detail: string | null;
      sent_at: Date | null;
    }[]
  >(
    `select channel, status, attempts, detail, sent_at from notification_deliveries
      where notification_id = ? order by channel`,
    [notificationId],
  );
  return rows.map((row) => ({
    channel: row.channel,
    status: row.status,
    attempts: row.attempts,
    detail: row.detail,
    sentAt: row.sent_at === null ? null : new Date(row.sent_at),
  }));
}

/** Whom a notification goes to, as the channels need it: the user's e-mail address and name. */
export interface NotificationRecipient {
  userId: number;
  email: string | null;
  name: string | null;
  /** The freelancer's or business's phone as typed (WhatsApp normalises it). */
  phone: string | null;
}

/** The recipient of each notification id (one statement). Admin notifications have none here yet. */
export async function recipientsOf(
  em: EntityManager,
  notificationIds: readonly number[],
): Promise<Map<number, NotificationRecipient>> {
  if (notificationIds.length === 0) return new Map();
  const rows = await em.getConnection().execute<
    {
      id: string | number;
      user_id: number;
      email: string | null;
      name: string | null;
      phone: string | null;
    }[]
  >(
    `select n.id, u.id as user_id, u.email, coalesce(f.name, nullif(r.business_name, ''), r.name, u.name) as name,
            coalesce(f.phone, r.phone) as phone
       from notifications n
       join users u on u.id = n.user_id
       left join freelancers f on f.user_id = u.id
       left join restaurants r on r.user_id = u.id
      where n.id = any(?::bigint[])`,
    [`{${notificationIds.join(',')}}`],
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { userId: row.user_id, email: row.email, name: row.name, phone: row.phone },
    ]),
  );
}

/**
 * The ids of the in-app notifications of these (person, kind, subject) keys, made now or before:
 * the delivery job hands them to the channels even on a retry whose insert made nothing new
 * (the deliveries' unique row keeps that from sending twice).
 */
export async function notificationIdsOf(
  em: EntityManager,
  items: readonly { userId: number; kind: string; subjectType: string; subjectId: number }[],
): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await em.getConnection().execute<{ id: string | number }[]>(
    `select n.id from jsonb_array_elements(?::jsonb) x
       join notifications n on n.user_id = (x->>'userId')::int and n.kind = x->>'kind'
        and n.subject_type = x->>'subjectType' and n.subject_id = (x->>'subjectId')::int
      order by n.id`,
    [
      JSON.stringify(
        items.map(({ userId, kind, subjectType, subjectId }) => ({ userId, kind, subjectType, subjectId })),
      ),
    ],
  );
  return rows.map((row) => Number(row.id));
}
