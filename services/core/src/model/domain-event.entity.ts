import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtColumn } from '../shared/columns';

/**
 * The outbox of live updates: one row per change a screen should see, written in the same
 * transaction as the change (`recordEvent`) and announced with `pg_notify` (delivered only at
 * commit). Every BFF replica listens and relays each event on `GET /api/events` to the callers it
 * concerns: admins see every event, a restaurant the events with its `restaurant_id` and those
 * marked `all_restaurants` (a freelancer account changed), a freelancer the events with their
 * `freelancer_id` and those marked `all_freelancers` (the list of open vacancies changed). Rows are
 * kept a short while for `Last-Event-ID` resume, then pruned.
 *
 * Ids follow commit order: a deferred trigger (migration `live_events`) gives each row its final
 * id at commit, one committing transaction at a time, so whoever sees event N also sees every event
 * below N. That makes `max(id)` a safe data version (list ETags) and `id > N` a complete resume.
 * Rows are written with `recordEvent` only (plain SQL), never through the unit of work: the id an
 * insert returns is provisional.
 * Ids of other rows are plain integers, not foreign keys: an event outlives a deleted job.
 */
export const DomainEvent = defineEntity({
  name: 'DomainEvent',
  tableName: 'domain_events',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    type: p.string().length(40),
    restaurantId: p.integer().nullable(),
    freelancerId: p.integer().nullable(),
    allFreelancers: p.boolean().default(false),
    allRestaurants: p.boolean().default(false),
    /** Ids of what changed (jobId, applicationId, assignmentId, invoiceId…), never personal data. */
    payload: p.json<Record<string, unknown>>(),
    createdAt: createdAtColumn(),
  },
  indexes: [
    // Pruning by age.
    { name: 'domain_events_created_at_index', properties: ['createdAt'] },
    // One audience's latest event (list versions) and its events after an id (resume).
    { name: 'domain_events_restaurant_index', properties: ['restaurantId', 'id'] },
    { name: 'domain_events_freelancer_index', properties: ['freelancerId', 'id'] },
    {
      name: 'domain_events_all_freelancers_index',
      expression:
        'create index "domain_events_all_freelancers_index" on "domain_events" ("id") where all_freelancers',
    },
    {
      name: 'domain_events_all_restaurants_index',
      expression:
        'create index "domain_events_all_restaurants_index" on "domain_events" ("id") where all_restaurants',
    },
  ],
});
export type DomainEvent = InferEntity<typeof DomainEvent>;
