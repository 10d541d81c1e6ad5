import type { EntityManager } from '@mikro-orm/postgresql';
import { PUSH_SUBSCRIPTIONS_PER_PERSON } from '@turno/domain';

/** A browser's Web Push subscription (the PushSubscription's JSON: endpoint and keys). */
export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent?: string | null;
}

export interface StoredPushSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Keeps a browser's subscription for a user: the same endpoint again updates its keys (and moves it
 * to this user: a shared browser belongs to whoever enabled push last); beyond
 * PUSH_SUBSCRIPTIONS_PER_PERSON the user's oldest ones are removed in the same statement, so a person
 * has a bounded number whatever they do.
 */
export async function savePushSubscription(
  em: EntityManager,
  userId: number,
  input: PushSubscriptionInput,
): Promise<{ id: number }> {
  const rows = await em.getConnection().execute<{ id: string | number }[]>(
    `with saved as (
       insert into push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
       values (?, ?, ?, ?, ?)
       on conflict (endpoint) do update
          set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
              user_agent = excluded.user_agent, created_at = now()
       returning id
     ), trimmed as (
       delete from push_subscriptions
        where user_id = ? and id not in (select id from saved) and id in (
          select id from push_subscriptions where user_id = ? order by id desc offset ?
        )
     )
     select id from saved`,
    [
      userId,
      input.endpoint,
      input.p256dh,
      input.auth,
      input.userAgent?.slice(0, 200) ?? null,
      userId,
      userId,
      PUSH_SUBSCRIPTIONS_PER_PERSON - 1,
    ],
  );
  return { id: Number(rows[0]!.id) };
}

/** Removes one of the user's subscriptions (another person's endpoint: nothing). True when one was removed. */
export async function removePushSubscription(
  em: EntityManager,
  userId: number,
  endpoint: string,
): Promise<boolean> {
  const rows = await em
    .getConnection()
    .execute<{ id: number }[]>(
      `delete from push_subscriptions where user_id = ? and endpoint = ? returning id`,
      [userId, endpoint],
    );
  return rows.length > 0;
}

/** Removes an expired subscription (the push service answered 404 or 410), whoever's it is. */
export async function removeExpiredPushSubscription(em: EntityManager, id: number): Promise<void> {
  await em.getConnection().execute(`delete from push_subscriptions where id = ?`, [id]);
}

/** A user's subscriptions, newest first (at most PUSH_SUBSCRIPTIONS_PER_PERSON). */
export async function pushSubscriptionsOf(
  em: EntityManager,
  userId: number,
): Promise<StoredPushSubscription[]> {
  const rows = await em
    .getConnection()
    .execute<{ id: string | number; endpoint: string; p256dh: string; auth: string }[]>(
      `select id, endpoint, p256dh, auth from push_subscriptions where user_id = ? order by id desc limit ?`,
      [userId, PUSH_SUBSCRIPTIONS_PER_PERSON],
    );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** Marks the subscriptions a push was handed to (`last_used_at`). */
export async function touchPushSubscriptions(em: EntityManager, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await em
    .getConnection()
    .execute(`update push_subscriptions set last_used_at = now() where id = any(?::bigint[])`, [
      `{${ids.join(',')}}`,
    ]);
}
