import { z } from 'zod';
import { AUDIT_ACTION_GROUPS, AUDIT_OUTCOMES, AUDIT_TARGET_TYPES, isIsoDate } from '@turno/domain';
import { Id, IsoDate, Timestamp } from './common';
import { PageQuery, SearchText, pageSchema } from './lists';

// Auditoria — GET /api/admin/audit-events, GET /api/admin/exports/audit-events.xlsx (issue 12)

/** Records' relevant fields by `"<type>:<id>"` (the trail's before/after values). */
export const AuditSnapshotValuesSchema = z.record(z.string(), z.record(z.string(), z.unknown()));

/** One row of the audit trail as the admins read it. */
export const AdminAuditEventSchema = z.object({
  id: z.number().int(),
  created_at: Timestamp,
  actor_kind: z.string(),
  actor_id: z.number().int().nullable(),
  /** The admin's name and e-mail when the actor is an admin that still exists. */
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  status: z.number().int().nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  /** The record in words ("Supermercado Bom Preço", "Ana Souza · Estoquista"), while it exists. */
  target_name: z.string().nullable().default(null),
  request_id: z.string().nullable(),
  before: AuditSnapshotValuesSchema.nullable(),
  after: AuditSnapshotValuesSchema.nullable(),
  /** Why the action was refused (its pt-BR message), or a security event's reason. */
  refusal: z.string().nullable(),
});
export type AdminAuditEvent = z.infer<typeof AdminAuditEventSchema>;

/** A calendar day that exists (2026-02-30 is a 400, never a database error). */
const AuditDay = IsoDate.refine(isIsoDate, 'Data inválida (use AAAA-MM-DD)');

export const AUDIT_OUTCOME_FILTERS = ['all', ...AUDIT_OUTCOMES] as const;
export const AUDIT_GROUP_FILTERS = ['all', ...AUDIT_ACTION_GROUPS] as const;
export const AUDIT_TARGET_FILTERS = ['all', ...AUDIT_TARGET_TYPES] as const;

/**
 * Newest first. `from`/`to`: days in Sao Paulo time (both included); `actor`: one admin's id, or
 * `system`/`anonymous`; `group`: a group of actions; `action`: one recorded action exactly;
 * `outcome`; `targetType` + `targetId`: one record; `q` searches the action (its pt-BR label or
 * recorded name), a record number and a request id.
 */
export const AdminAuditEventsQuerySchema = z.object({
  ...PageQuery,
  from: AuditDay.optional(),
  to: AuditDay.optional(),
  actor: z.union([z.literal('all'), z.literal('anonymous'), z.literal('system'), Id]).default('all'),
  group: z.enum(AUDIT_GROUP_FILTERS).default('all'),
  action: z.string().trim().max(160).optional(),
  outcome: z.enum(AUDIT_OUTCOME_FILTERS).default('all'),
  targetType: z.enum(AUDIT_TARGET_FILTERS).default('all'),
  targetId: z.string().trim().max(64).optional(),
  q: SearchText,
});
export type AdminAuditEventsQuery = z.input<typeof AdminAuditEventsQuerySchema>;

/** The admins the actor filter offers (every admin, by name). */
export const AuditActorOptionSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
/** `total` stops at 10,000 (`totalCapped` then says there are more: narrow the filters). */
export const AdminAuditEventsPageSchema = pageSchema(AdminAuditEventSchema).extend({
  totalCapped: z.boolean(),
  actors: z.array(AuditActorOptionSchema),
});
export type AdminAuditEventsPage = z.infer<typeof AdminAuditEventsPageSchema>;

export const AdminAuditEventsExportQuerySchema = AdminAuditEventsQuerySchema.omit({
  cursor: true,
  limit: true,
});
