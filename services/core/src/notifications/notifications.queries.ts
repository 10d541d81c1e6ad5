import type { EntityManager } from '@mikro-orm/postgresql';
import { NOTIFICATION_MESSAGES, type NotificationKind } from '@turno/domain';
import { decodeCursor, pageOf } from '../shared/keyset';
import { notFound } from '../shared/domain-error';
import type { NotificationPerson } from './notifications.service';

/** One notification as the bell's panel shows it. */
export interface NotificationItem {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  createdAt: Date;
  readAt: Date | null;
}

export interface NotificationsPage {
  items: NotificationItem[];
  nextCursor: string | null;
  unread: number;
}

const personColumn = (person: NotificationPerson) => (person.kind === 'user' ? 'user_id' : 'admin_id');
const personId = (person: NotificationPerson) => (person.kind === 'user' ? person.userId : person.adminId);

/**
 * The person's notifications, newest first (keyset on id: a page is a range scan of
 * `notifications_user_list_index`), and their unread count, in one statement.
 */
export async function notificationsPage(
  em: EntityManager,
  person: NotificationPerson,
  query: { cursor?: string; limit: number },
): Promise<NotificationsPage> {
  const after = decodeCursor(query.cursor, ['number']);
  const column = personColumn(person);
  const id = personId(person);
  const rows = await em.getConnection().execute<
    {
      id: string | number | null;
      kind: NotificationKind;
      title: string;
      body: string;
      link: string;
      created_at: Date;
      read_at: Date | null;
      unread: string | number;
    }[]
  >(
    `with unread as (
       select count(*) as unread from notifications where ${column} = ? and read_at is null
     )
     select page.*, unread.unread
       from unread left join lateral (
         select id, kind, title, body, link, created_at, read_at from notifications
          where ${column} = ? ${after ? 'and id < ?' : ''}
          order by id desc limit ?
       ) page on true`,
    after ? [id, id, after[0], query.limit + 1] : [id, id, query.limit + 1],
  );
  const unread = Number(rows[0]?.unread ?? 0);
  const present = rows.filter((row) => row.id !== null);
  const page = pageOf(
    present,
    query.limit,
    (row) => [Number(row.id)],
    (row) => ({
      id: Number(row.id),
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: row.link,
      createdAt: new Date(row.created_at),
      readAt: row.read_at ? new Date(row.read_at) : null,
    }),
  );
  return { ...page, unread };
}

/**
 * Marks one of the person's notifications read (reading it again keeps the first time); another
 * person's notification, or none, is a 404. Returns the unread count left.
 */
export async function markNotificationRead(
  em: EntityManager,
  person: NotificationPerson,
  notificationId: number,
  now: Date = new Date(),
): Promise<{ unread: number }> {
  const column = personColumn(person);
  const id = personId(person);
  const rows = await em.getConnection().execute<{ found: boolean; unread: string | number }[]>(
    `with old as (
       select id, read_at is null as was_unread from notifications where id = ? and ${column} = ? for update
     ), target as (
       update notifications n set read_at = coalesce(n.read_at, ?) from old where n.id = old.id returning n.id
     )
     select exists (select 1 from old) as found,
            (select count(*) from notifications where ${column} = ? and read_at is null)
              - (select count(*) from old where was_unread) as unread`,
    [notificationId, id, now, id],
  );
  if (!rows[0]?.found) throw notFound('notification_not_found', NOTIFICATION_MESSAGES.notFound);
  return { unread: Math.max(0, Number(rows[0].unread)) };
}

/** Marks every unread notification of the person read; returns how many changed. */
export async function markAllNotificationsRead(
  em: EntityManager,
  person: NotificationPerson,
  now: Date = new Date(),
): Promise<{ marked: number }> {
  const column = personColumn(person);
  const rows = await em
    .getConnection()
    .execute<{ id: number }[]>(
      `update notifications set read_at = ? where ${column} = ? and read_at is null returning id`,
      [now, personId(person)],
    );
  return { marked: rows.length };
}
