import type { EntityManager } from '@mikro-orm/postgresql';
import { UTC_ISO } from '../shared/wire';

/**
 * Before/after values of the audit trail: the relevant fields of the records an admin action
 * changes, read set-based (one query per kind of record) just before and just after the action.
 * Each kind names its fields explicitly: CPF, Pix key, phone, address, e-mail and every secret stay
 * out, so the trail never copies personal data it does not need.
 */
export const AUDIT_RECORD_TYPES = [
  'jobs',
  'applications',
  'assignments',
  'restaurants',
  'freelancers',
  'invoices',
  'blocks',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

/** One record of the trail: its kind and id. */
export interface AuditRecordRef {
  type: AuditRecordType;
  id: number;
}

/** Fields of records by `"<type>:<id>"` (e.g. `"jobs:12"`): what `details.before`/`after` hold. */
export type AuditSnapshot = Record<string, Record<string, unknown>>;

/** At most this many records per side of one action (a bulk create keeps its first 50). */
export const AUDIT_SNAPSHOT_MAX_RECORDS = 50;

const DATE = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** The select list of each kind (aliases are the field names the screen labels). */
const SNAPSHOT_SQL: Record<AuditRecordType, string> = {
  jobs: `select id, restaurant_id, title, position_type, ${DATE('date_needed')} as date_needed, start_time,
      end_time, workload_minutes, charge_cents, meal_time, recommended_attire, description, status
    from jobs where id = any(?::int[])`,
  applications: `select id, job_id, freelancer_id, status, ${UTC_ISO('reviewed_at')} as reviewed_at
    from applications where id = any(?::int[])`,
  assignments: `select id, job_id, freelancer_id, status, ${UTC_ISO('check_in_at')} as check_in_at,
      ${UTC_ISO('check_out_at')} as check_out_at, ${UTC_ISO('checkin_requested_at')} as checkin_requested_at,
      ${UTC_ISO('checkout_requested_at')} as checkout_requested_at, restaurant_charge_cents,
      freelancer_payout_cents, commission_cents, ${UTC_ISO('completed_at')} as completed_at
    from assignments where id = any(?::int[])`,
  restaurants: `select id, business_name, name, cuisine_type, is_approved, is_active,
      ${UTC_ISO('approved_at')} as approved_at, latitude, longitude, geocode_status, geofence_radius_m
    from restaurants where id = any(?::int[])`,
  freelancers: `select id, name, experience_years, specialties, is_approved, is_available,
      ${UTC_ISO('approved_at')} as approved_at, vetting_status, vetting_rejection_reason, vetting_rejection_note
    from freelancers where id = any(?::int[])`,
  invoices: `select id, invoice_number, invoice_type, restaurant_id, amount_cents, status,
      ${DATE('issue_date')} as issue_date, ${DATE('due_date')} as due_date,
      ${DATE('payment_date')} as payment_date, ${DATE('week_start')} as week_start, ${DATE('week_end')} as week_end
    from invoices where id = any(?::int[])`,
  blocks: `select id, freelancer_id, restaurant_id, blocked_by, block_reason
    from blocks where id = any(?::int[])`,
};

export const auditRecordKey = (ref: AuditRecordRef) => `${ref.type}:${ref.id}`;

/**
 * The current fields of `refs` (deduplicated, at most 50), one query per kind; a record that does
 * not exist (not yet created, or deleted) is simply absent.
 */
export async function readAuditSnapshot(
  em: EntityManager,
  refs: readonly AuditRecordRef[],
): Promise<AuditSnapshot> {
  const byType = new Map<AuditRecordType, Set<number>>();
  let count = 0;
  for (const ref of refs) {
    if (!AUDIT_RECORD_TYPES.includes(ref.type) || !Number.isSafeInteger(ref.id)) continue;
    const ids = byType.get(ref.type) ?? new Set<number>();
    if (!ids.has(ref.id) && count < AUDIT_SNAPSHOT_MAX_RECORDS) {
      ids.add(ref.id);
      count++;
    }
    byType.set(ref.type, ids);
  }
  const snapshot: AuditSnapshot = {};
  const connection = em.getConnection();
  for (const [type, ids] of byType) {
    if (ids.size === 0) continue;
    const rows = await connection.execute<Record<string, unknown>[]>(SNAPSHOT_SQL[type], [
      `{${[...ids].join(',')}}`,
    ]);
    for (const { id, ...fields } of rows) snapshot[`${type}:${id as number}`] = fields;
  }
  return snapshot;
}

/** Ids of `table`'s rows whose `column` is one of `ids` (a related record of an action, e.g. a job's). */
export async function relatedAuditIds(
  em: EntityManager,
  sql: 'jobOfApplication' | 'jobOfAssignment' | 'blockOfPair' | 'assignmentOfTimesheet',
  params: readonly (number | null | undefined)[],
): Promise<number[]> {
  if (params.some((value) => value === null || value === undefined)) return [];
  const query = {
    jobOfApplication: 'select job_id as id from applications where id = ?',
    jobOfAssignment: 'select job_id as id from assignments where id = ?',
    blockOfPair: 'select id from blocks where freelancer_id = ? and restaurant_id = ?',
    assignmentOfTimesheet: 'select assignment_id as id from timesheet_proposals where id = ?',
  }[sql];
  const rows = await em.getConnection().execute<{ id: number }[]>(query, [...params]);
  return rows.map((row) => row.id);
}
