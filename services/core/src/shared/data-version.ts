/**
 * The data version of a caller (latestEventId of their audience, events/audience.ts) as a SQL
 * expression, so that it is read in the statement that reads the caller instead of a round trip of
 * its own: a list request then costs the session, one statement for caller and version, and one for
 * its page (a 304 poll: the first two only). Same rule as latestEventId: an admin sees every event,
 * a restaurant its own and those marked for every restaurant, a freelancer theirs and those marked
 * for every freelancer; 0 when none.
 */

/** The version of an admin: the latest domain event. */
export const ADMIN_DATA_VERSION_SQL = 'coalesce((select max(id) from domain_events), 0)';

/**
 * The version of a user caller, given the SQL of their restaurant id and freelancer id (null when
 * they have no such profile; a user without a profile reads no list: 0).
 */
export function userDataVersionSql(restaurantId: string, freelancerId: string): string {
  return `coalesce(case
    when ${restaurantId} is not null then greatest(
      (select max(id) from domain_events where restaurant_id = ${restaurantId}),
      (select max(id) from domain_events where all_restaurants))
    when ${freelancerId} is not null then greatest(
      (select max(id) from domain_events where freelancer_id = ${freelancerId}),
      (select max(id) from domain_events where all_freelancers))
  end, 0)`;
}

/**
 * A statement reading the user caller (`callerSql`, one row with `restaurant_id` and
 * `freelancer_id` columns, e.g. identity's USER_CALLER_SQL) and, beside its columns, their
 * `data_version`. Same parameters as `callerSql`.
 */
export function withUserDataVersion(callerSql: string): string {
  return `with caller as (${callerSql}) select caller.*, ${userDataVersionSql(
    'caller.restaurant_id',
    'caller.freelancer_id',
  )} as data_version from caller`;
}

/** The `data_version` column of a row as a number (bigint arrives as text). */
export function dataVersionOf(row: { data_version?: string | number | null } | undefined): number {
  return Number(row?.data_version ?? 0);
}

/**
 * The version of the admins' audit trail ("Auditoria"): its newest entry (audit/audit-events.queries.ts
 * `latestAuditEventId`). Every admin action writes one, refused ones too, which record no domain event.
 */
export const AUDIT_DATA_VERSION_SQL = 'coalesce((select max(id) from audit_events), 0)';

/**
 * A statement reading an enabled admin (parameter: the admin's id; no row when gone or disabled) and,
 * as `data_version`, the version `versionSql` names (ADMIN_DATA_VERSION_SQL, AUDIT_DATA_VERSION_SQL).
 */
export function adminWithVersionSql(versionSql: string): string {
  return `select ${versionSql} as data_version from admins where id = ? and disabled_at is null`;
}
