import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtColumn } from '../shared/columns';

/**
 * The audit trail: one row per admin action and per security event, append-only (a trigger of
 * migration `audit_trail` refuses UPDATE and DELETE, so not even the application can rewrite it).
 * Written with `recordAudit` (plain SQL), read by the admins' "Auditoria".
 * - `actorKind`/`actorId`: who (an admin, a user, or nobody yet for a failed sign-in);
 * - `action`: what, e.g. `POST /api/admin/restaurants/:id/approve` or `admin.sign_in.refused`;
 * - `targetType`/`targetId`: which record, when there is one;
 * - `details`: the request's input with secrets removed, and `before`/`after` values where the
 *   action gives them; never a password, token or session id;
 * - `requestId`: the X-Request-Id of the request (joins the logs); `ipHash`: SHA-256 of the address.
 */
export const AuditEvent = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_events',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    actorKind: p.string().length(16),
    actorId: p.integer().nullable(),
    action: p.string().length(160),
    outcome: p.string().length(16),
    status: p.integer().nullable(),
    targetType: p.string().length(40).nullable(),
    targetId: p.string().length(64).nullable(),
    details: p.json<Record<string, unknown>>(),
    requestId: p.string().length(64).nullable(),
    ipHash: p.string().length(64).nullable(),
    createdAt: createdAtColumn(),
  },
  indexes: [
    { name: 'audit_events_created_at_index', properties: ['createdAt'] },
    { name: 'audit_events_actor_index', properties: ['actorKind', 'actorId', 'createdAt'] },
    { name: 'audit_events_target_id_index', properties: ['targetType', 'targetId', 'id'] },
    { name: 'audit_events_action_id_index', properties: ['action', 'id'] },
    { name: 'audit_events_outcome_id_index', properties: ['outcome', 'id'] },
    { name: 'audit_events_request_id_index', properties: ['requestId'] },
    { name: 'audit_events_target_id_only_index', properties: ['targetId'] },
  ],
});
export type AuditEvent = InferEntity<typeof AuditEvent>;
