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

/** Removes expired subscriptions (the push service answered 404 or 410), whoever's they are. */
export async function removeExpiredPushSubscriptions(
  em: EntityManager,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await em
    .getConnection()
    .execute(`delete from push_subscriptions where id = any(?::bigint[])`, [`{${ids.join(',')}}`]);
}

/**
 * The subscriptions of each of these users, newest first (at most PUSH_SUBSCRIPTIONS_PER_PERSON
 * each), in one statement (an index probe per user); a user without any is absent from the map.
 */
export async function pushSubscriptionsOfUsers(
  em: EntityManager,
  userIds: readonly number[],
): Promise<Map<number, StoredPushSubscription[]>> {
  const byUser = new Map<number, StoredPushSubscription[]>();
  if (userIds.length === 0) return byUser;
  const rows = await em
    .getConnection()
    .execute<{ user_id: number; id: string | number; endpoint: string; p256dh: string; auth: string }[]>(
      `select wanted.user_id, s.id, s.endpoint, s.p256dh, s.auth
       from unnest(?::int[]) as wanted(user_id)
       cross join lateral (
         select id, endpoint, p256dh, auth from push_subscriptions
          where user_id = wanted.user_id order by id desc limit ?
       ) s
      order by wanted.user_id, s.id desc`,
      [`{${[...new Set(userIds)].join(',')}}`, PUSH_SUBSCRIPTIONS_PER_PERSON],
    );
  for (const { user_id: userId, id, endpoint, p256dh, auth } of rows) {
    const own = byUser.get(userId) ?? [];
    own.push({ id: Number(id), endpoint, p256dh, auth });
    byUser.set(userId, own);
  }
  return byUser;
}

/** A user's subscriptions, newest first (at most PUSH_SUBSCRIPTIONS_PER_PERSON). */
export async function pushSubscriptionsOf(
  em: EntityManager,
  userId: number,
): Promise<StoredPushSubscription[]> {
  return (await pushSubscriptionsOfUsers(em, [userId])).get(userId) ?? [];
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
