import type { EntityManager, QueryResult } from '@mikro-orm/postgresql';
import type { EventAudience } from './audience';

/** The PostgreSQL channel the `domain_events` trigger notifies at each commit. */
export const DOMAIN_EVENTS_CHANNEL = 'turno_domain_events';

/** Events are kept this long for `Last-Event-ID` resume, then pruned by a daily job. */
export const DOMAIN_EVENT_RETENTION_DAYS = 3;

/** A recorded event as a stream relays it: its commit-ordered id, its type, audience and payload. */
export interface PublishedEvent {
  id: number;
  type: string;
  restaurantId: number | null;
  freelancerId: number | null;
  allFreelancers: boolean;
  allRestaurants: boolean;
  payload: Record<string, unknown>;
}

/** True when `audience` may see `event` (admins see everything). */
export function concerns(audience: EventAudience, event: PublishedEvent): boolean {
  if (audience.kind === 'admin') return true;
  if (audience.kind === 'restaurant') {
    return event.allRestaurants || event.restaurantId === audience.restaurantId;
  }
  return event.allFreelancers || event.freelancerId === audience.freelancerId;
}

/**
 * The payload of a `turno_domain_events` notification (JSON written by the trigger) as an event, or
 * null when it is not one (the channel is ours, but a listener never trusts what it parses).
 */
export function parseEventNotification(text: string): PublishedEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const row = value as Record<string, unknown>;
  const optionalId = (field: unknown) => (Number.isSafeInteger(field) ? (field as number) : null);
  if (!Number.isSafeInteger(row.id) || typeof row.type !== 'string') return null;
  return {
    id: row.id as number,
    type: row.type,
    restaurantId: optionalId(row.restaurantId),
    freelancerId: optionalId(row.freelancerId),
    allFreelancers: row.allFreelancers === true,
    allRestaurants: row.allRestaurants === true,
    payload:
      typeof row.payload === 'object' && row.payload !== null ? (row.payload as Record<string, unknown>) : {},
  };
}

interface EventRow {
  id: string | number;
  type: string;
  restaurant_id: number | null;
  freelancer_id: number | null;
  all_freelancers: boolean;
  all_restaurants: boolean;
  payload: Record<string, unknown>;
}

const EVENT_COLUMNS = 'id, type, restaurant_id, freelancer_id, all_freelancers, all_restaurants, payload';

/**
 * The events `audience` may see with an id above `afterId`, oldest first, at most `limit`: what a
 * stream missed since the last event its browser received. Each branch is one index range scan.
 */
export async function eventsAfter(
  em: EntityManager,
  audience: EventAudience,
  afterId: number,
  limit: number,
): Promise<PublishedEvent[]> {
  const connection = em.getConnection();
  let rows: EventRow[];
  if (audience.kind === 'admin') {
    rows = await connection.execute(
      `select ${EVENT_COLUMNS} from domain_events where id > ? order by id limit ?`,
      [afterId, limit],
    );
  } else {
    const [own, everyone] =
      audience.kind === 'restaurant'
        ? (['restaurant_id', 'all_restaurants'] as const)
        : (['freelancer_id', 'all_freelancers'] as const);
    const ownerId = audience.kind === 'restaurant' ? audience.restaurantId : audience.freelancerId;
    rows = await connection.execute(
      `select * from (
         (select ${EVENT_COLUMNS} from domain_events where ${own} = ? and id > ? order by id limit ?)
         union all
         (select ${EVENT_COLUMNS} from domain_events
           where ${everyone} and id > ? and ${own} is distinct from ? order by id limit ?)
       ) missed order by id limit ?`,
      [ownerId, afterId, limit, afterId, ownerId, limit, limit],
    );
  }
  return rows.map((row) => ({
    id: Number(row.id),
    type: row.type,
    restaurantId: row.restaurant_id,
    freelancerId: row.freelancer_id,
    allFreelancers: row.all_freelancers,
    allRestaurants: row.all_restaurants,
    payload: row.payload,
  }));
}

/**
 * The oldest and the latest event still kept (null when the log is empty): a resume from below the
 * oldest may have lost pruned events, one from above the latest comes from another history (a
 * restored database). Two index probes.
 */
export async function eventLogBounds(
  em: EntityManager,
): Promise<{ oldestId: number; latestId: number } | null> {
  const rows = await em
    .getConnection()
    .execute<{ oldest: string | number | null; latest: string | number | null }[]>(
      'select min(id) as oldest, max(id) as latest from domain_events',
    );
  const row = rows[0];
  if (!row || row.oldest === null || row.latest === null) return null;
  return { oldestId: Number(row.oldest), latestId: Number(row.latest) };
}

export interface PruneOptions {
  /** Default {@link DOMAIN_EVENT_RETENTION_DAYS}. */
  retentionDays?: number;
  /** Rows deleted per statement (short transactions, no long lock), default 10,000. */
  batchSize?: number;
}

/**
 * Deletes the events older than the retention (the daily maintenance job), a batch at a time.
 * Returns how many went; running it again the same day deletes nothing more.
 */
export async function pruneDomainEvents(
  em: EntityManager,
  now: Date = new Date(),
  options: PruneOptions = {},
): Promise<number> {
  const retentionDays = options.retentionDays ?? DOMAIN_EVENT_RETENTION_DAYS;
  const batchSize = options.batchSize ?? 10_000;
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  let deleted = 0;
  for (;;) {
    const result = await em.getConnection().execute<QueryResult>(
      `delete from domain_events where id in (
         select id from domain_events where created_at < ? order by created_at limit ?
       )`,
      [cutoff, batchSize],
      'run',
    );
    deleted += result.affectedRows;
    if (result.affectedRows < batchSize) return deleted;
  }
}
