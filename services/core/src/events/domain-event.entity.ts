import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtColumn } from '../shared/columns';

/**
 * The outbox of live updates: one row per change a screen should see, written in the same
 * transaction as the change and announced with `pg_notify` (delivered only at commit). Every BFF
 * replica listens and relays each event on `GET /api/events` to the callers it concerns:
 * admins see every event, a restaurant the events with its `restaurant_id`, a freelancer those with
 * their `freelancer_id`, and every freelancer the ones marked `all_freelancers` (the list of open
 * vacancies changed). Rows are kept a short while for `Last-Event-ID` resume, then pruned.
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
    /** Ids of what changed (jobId, applicationId, assignmentId, invoiceId…), never personal data. */
    payload: p.json<Record<string, unknown>>(),
    createdAt: createdAtColumn(),
  },
  indexes: [{ name: 'domain_events_created_at_index', properties: ['createdAt'] }],
});
export type DomainEvent = InferEntity<typeof DomainEvent>;
