import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction } from '../shared/transaction';
import type { MadeNotification } from './channel-permissions';
import { insertNotifications, notificationsOfEvents, notifyingEventsAfter } from './notifications.service';
import { withInAppChoice } from './preferences.service';
import { insertAdminNotifications } from './admin-notifications';
import { insertVacancyNearbyNotifications } from './vacancy-nearby';

/** The in-app fan-out's stream name in `notification_cursors`. */
export const NOTIFICATIONS_STREAM = 'notifications';

export interface FanOutOptions {
  /** How many events one round reads (one transaction per round). */
  batch: number;
  /** At most this many rounds per call (the next call goes on). */
  rounds: number;
}

export interface FanOutResult {
  /** Events read. */
  events: number;
  /** Notifications made now (never one that existed already), for the other channels. */
  made: MadeNotification[];
  /** Another fan-out of the stream was in its round: this one left the events to it. */
  busy: boolean;
}

/**
 * Where the stream has read up to, locked for this transaction; null while another fan-out of the
 * stream holds it (it is in its round: waiting behind its inserts would only find the cursor
 * moved). The first call of a stream starts from the latest event: nothing older is announced.
 */
async function lockedCursor(tx: EntityManager, stream: string): Promise<number | null> {
  await tx.execute(
    `insert into notification_cursors (stream, last_event_id)
     select ?, coalesce(max(id), 0) from domain_events
     on conflict (stream) do nothing`,
    [stream],
  );
  const [row] = await tx.execute<{ last_event_id: string | number }[]>(
    'select last_event_id from notification_cursors where stream = ? for update skip locked',
    [stream],
  );
  return row ? Number(row.last_event_id) : null;
}

/**
 * One pass of the in-app fan-out: per round, in one transaction, reads the committed events after
 * the cursor kept in PostgreSQL (`notification_cursors`), makes their notifications
 * (`insert … on conflict do nothing`) and moves the cursor. The cursor and the rows it made commit
 * together: a crash before the commit redoes the round, after it nothing is redone, and Redis holds
 * no state of it (an emptied Redis loses nothing).
 *
 * The cursor's row lock is held for the whole round, inserts included, on purpose: it makes the
 * fan-out the only writer of its rows, which the "new vacancy" rate limit counts on (two inserting
 * statements at once would not see each other's rows and could each give a person their hour's
 * quota), and spares the heavy statements being run twice over the same events. Nobody waits on
 * it: a fan-out that finds the cursor locked returns at once (`busy`), and the one holding it goes
 * on round after round until one reads nothing, so the events committed during its inserts are
 * its next round's.
 */
export async function fanOutNotifications(
  em: EntityManager,
  options: FanOutOptions,
  stream: string = NOTIFICATIONS_STREAM,
): Promise<FanOutResult> {
  const made: MadeNotification[] = [];
  let events = 0;
  for (let round = 0; round < options.rounds; round += 1) {
    const read = await inTransaction(em, async (tx) => {
      const cursor = await lockedCursor(tx, stream);
      if (cursor === null) return null;
      const page = await notifyingEventsAfter(tx, cursor, options.batch);
      // A kind whose in-app the person turned off is made read (the other channels still go).
      const items = await withInAppChoice(tx, await notificationsOfEvents(tx, page.events));
      made.push(...(await insertNotifications(tx, items)));
      made.push(...(await insertVacancyNearbyNotifications(tx, page.events)));
      // Admins' bell only (no other channel): a dispute, a payout failed or held.
      await insertAdminNotifications(tx, page.events);
      if (page.resumeAfter > cursor) {
        await tx.execute(
          'update notification_cursors set last_event_id = ?, updated_at = now() where stream = ?',
          [page.resumeAfter, stream],
        );
      }
      return page.events.length;
    });
    if (read === null) return { events, made, busy: true };
    events += read;
    if (read === 0) break;
  }
  return { events, made, busy: false };
}

/** Where the stream has read up to (null before its first pass). */
export async function notificationCursor(
  em: EntityManager,
  stream: string = NOTIFICATIONS_STREAM,
): Promise<number | null> {
  const [row] = await em
    .getConnection()
    .execute<{ last_event_id: string | number }[]>(
      'select last_event_id from notification_cursors where stream = ?',
      [stream],
    );
  return row ? Number(row.last_event_id) : null;
}
