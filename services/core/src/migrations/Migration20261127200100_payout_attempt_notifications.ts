import { Migration } from '@mikro-orm/migrations';

/**
 * The admins' "payout failed" / "payout held" once per attempt of the payout, not once per payout
 * (issue 26): after an admin's retry fails again, the second failure is news. `subject_attempt` (the
 * payout's `attempt`; 0 for every other kind) joins the admins' unique key. The users' key stays as
 * it is: no user kind is told twice about one subject.
 */
export class Migration20261127200100_payout_attempt_notifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "notifications" add column "subject_attempt" smallint not null default 0;`);
    this.addSql(`drop index if exists "notifications_admin_kind_subject_unique";`);
    this.addSql(
      `create unique index "notifications_admin_kind_subject_unique" on "notifications" ("admin_id", "kind", "subject_type", "subject_id", "subject_attempt") where admin_id is not null;`,
    );
  }

  override async down(): Promise<void> {
    // Only the first attempt's notification of a subject fits the narrower key.
    this.addSql(`delete from "notifications" where "subject_attempt" <> 0;`);
    this.addSql(`drop index if exists "notifications_admin_kind_subject_unique";`);
    this.addSql(
      `create unique index "notifications_admin_kind_subject_unique" on "notifications" ("admin_id", "kind", "subject_type", "subject_id") where admin_id is not null;`,
    );
    this.addSql(`alter table "notifications" drop column if exists "subject_attempt";`);
  }
}
