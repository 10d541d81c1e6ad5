import type { EntityManager } from '@mikro-orm/postgresql';
import type { LiveEventPayload, LiveEventType } from '@turno/domain';

/**
 * One change as the live streams and the list versions see it: its type, whom it concerns and the
 * ids of what changed. Admins see every event whatever its audience.
 */
export interface EventRecord {
  type: LiveEventType;
  /** The restaurant whose screens show the change (its jobs, applications, shifts, invoices). */
  restaurantId?: number | null;
  /** The freelancer whose screens show the change (their applications, shifts, payments). */
  freelancerId?: number | null;
  /** Every freelancer: the set of open vacancies they may see changed. */
  allFreelancers?: boolean;
  /** Every restaurant: the freelancers they may pick (block dialog) changed. */
  allRestaurants?: boolean;
  /** Ids only (jobId, applicationId…), never personal data. */
  payload: LiveEventPayload;
}

/**
 * Records the events of a change in the caller's transaction (one statement, whatever their
 * number): they become visible, and are announced to every BFF, exactly when the change commits,
 * and never when it rolls back. Refuses to run outside a transaction, where the event and the
 * change could part.
 */
export async function recordEvents(em: EntityManager, events: readonly EventRecord[]): Promise<void> {
  if (events.length === 0) return;
  if (!em.isInTransaction()) {
    throw new Error('recordEvents runs inside the transaction of the change it records');
  }
  const rows = events.map((event) => ({
    type: event.type,
    restaurant_id: event.restaurantId ?? null,
    freelancer_id: event.freelancerId ?? null,
    all_freelancers: event.allFreelancers ?? false,
    all_restaurants: event.allRestaurants ?? false,
    payload: event.payload,
  }));
  await em.execute(
    `insert into domain_events (type, restaurant_id, freelancer_id, all_freelancers, all_restaurants, payload)
     select e.item->>'type', (e.item->>'restaurant_id')::int, (e.item->>'freelancer_id')::int,
            (e.item->>'all_freelancers')::boolean, (e.item->>'all_restaurants')::boolean, e.item->'payload'
       from jsonb_array_elements(?::jsonb) with ordinality as e(item, position)
      order by e.position`,
    [JSON.stringify(rows)],
    'run',
  );
}

/** Records one event in the caller's transaction (see {@link recordEvents}). */
export function recordEvent(em: EntityManager, event: EventRecord): Promise<void> {
  return recordEvents(em, [event]);
}

/** One change that concerns several restaurants and freelancers. */
export interface SharedEvent extends Omit<EventRecord, 'restaurantId' | 'freelancerId'> {
  restaurantIds?: Iterable<number | null | undefined>;
  freelancerIds?: Iterable<number | null | undefined>;
}

/**
 * The rows of one change seen by several restaurants and freelancers: as few as the audience needs
 * (one restaurant and one freelancer per row, the `all…` flags on the first), at least one. Admins
 * hear the change once per row; their screens coalesce the burst.
 */
export function eventRows(event: SharedEvent): EventRecord[] {
  const { restaurantIds = [], freelancerIds = [], ...shared } = event;
  const restaurants = distinctIds(restaurantIds);
  const freelancers = distinctIds(freelancerIds);
  const count = Math.max(1, restaurants.length, freelancers.length);
  return Array.from({ length: count }, (_unused, index) => ({
    ...shared,
    allFreelancers: index === 0 ? (shared.allFreelancers ?? false) : false,
    allRestaurants: index === 0 ? (shared.allRestaurants ?? false) : false,
    restaurantId: restaurants[index] ?? null,
    freelancerId: freelancers[index] ?? null,
  }));
}

function distinctIds(ids: Iterable<number | null | undefined>): number[] {
  const distinct = new Set<number>();
  for (const id of ids) if (typeof id === 'number') distinct.add(id);
  return [...distinct];
}
