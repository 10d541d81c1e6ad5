import { Migration } from '@mikro-orm/migrations';

export class Migration20261127121810_account_deletions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "account_deletions" ("id" serial primary key, "user_id" int null, "profile_type" text check ("profile_type" in ('restaurant', 'freelancer')) not null, "profile_id" int not null, "requested_at" timestamptz not null, "requested_by" text check ("requested_by" in ('self', 'admin')) not null, "requested_by_admin_id" int null, "admin_note" varchar(500) null, "scheduled_for" timestamptz not null, "due_at" timestamptz not null, "status" text check ("status" in ('pending', 'cancelled', 'done')) not null default 'pending', "cancelled_at" timestamptz null, "cancelled_by" text check ("cancelled_by" in ('sign_in', 'admin')) null, "cancelled_by_admin_id" int null, "cancel_notice_pending" boolean not null default false, "done_at" timestamptz null, "outcome" text check ("outcome" in ('deleted', 'anonymized')) null);`,
    );
    this.addSql(`create index "account_deletions_user_index" on "account_deletions" ("user_id", "id");`);
    this.addSql(
      `create index "account_deletions_pending_scheduled_index" on "account_deletions" ("scheduled_for", "id") where status = 'pending';`,
    );
    this.addSql(
      `create index "account_deletions_pending_due_index" on "account_deletions" ("due_at", "id") where status = 'pending';`,
    );
    this.addSql(
      `create unique index "account_deletions_one_pending_per_user" on "account_deletions" ("user_id") where status = 'pending';`,
    );

    this.addSql(
      `alter table "account_deletions" add constraint "account_deletions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "account_deletions" add constraint "account_deletions_requested_by_admin_id_foreign" foreign key ("requested_by_admin_id") references "admins" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "account_deletions" add constraint "account_deletions_cancelled_by_admin_id_foreign" foreign key ("cancelled_by_admin_id") references "admins" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "account_deletions" cascade;`);
  }
}
