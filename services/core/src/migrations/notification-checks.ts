/**
 * The SQL of the `notifications` checks (kind, subject type) from a migration's own frozen lists: a
 * migration that adds a kind passes the previous migration's list plus the new kind (never
 * libs/domain's live NOTIFICATION_KINDS, which would change what an old migration does). The test
 * notification-checks.test.ts compares the migrated constraint with NOTIFICATION_KINDS, so a kind
 * added to libs/domain without its migration fails it.
 */
const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** Drops and adds `notifications_kind_check` and `notifications_subject_type_check` from the lists. */
export function notificationChecksSql(kinds: readonly string[], subjectTypes: readonly string[]): string[] {
  return [
    `alter table "notifications" drop constraint if exists "notifications_kind_check";`,
    `alter table "notifications" add constraint "notifications_kind_check" check ("kind" in (${quoted(kinds)}));`,
    `alter table "notifications" drop constraint if exists "notifications_subject_type_check";`,
    `alter table "notifications" add constraint "notifications_subject_type_check" check ("subject_type" in (${quoted(subjectTypes)}));`,
  ];
}
