import { Migration } from '@mikro-orm/migrations';

export class Migration20261127121728_data_exports extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "data_exports" ("id" serial primary key, "user_id" int not null, "requested_by_admin_id" int null, "status" text check ("status" in ('queued', 'running', 'ready', 'downloaded', 'expired', 'failed')) not null default 'queued', "progress" smallint not null default 0, "storage_key" varchar(255) null, "size_bytes" bigint null, "requested_at" timestamptz not null default now(), "started_at" timestamptz null, "ready_at" timestamptz null, "expires_at" timestamptz null, "downloaded_at" timestamptz null, "due_at" timestamptz not null, "failed_at" timestamptz null, "updated_at" timestamptz not null default now(), constraint data_exports_progress_range check (progress >= 0 and progress <= 100), constraint data_exports_ready_has_file check (status <> 'ready' or (storage_key is not null and ready_at is not null and expires_at is not null)));`,
    );
    this.addSql(`create index "data_exports_user_index" on "data_exports" ("user_id", "id");`);
    this.addSql(
      `create index "data_exports_open_by_due" on "data_exports" ("due_at", "id") where status in ('queued', 'running', 'ready');`,
    );
    this.addSql(
      `create index "data_exports_expiring" on "data_exports" ("expires_at") where storage_key is not null;`,
    );
    this.addSql(
      `create unique index "data_exports_one_open_per_user" on "data_exports" ("user_id") where status in ('queued', 'running', 'ready');`,
    );

    this.addSql(
      `alter table "data_exports" add constraint "data_exports_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "data_exports" add constraint "data_exports_requested_by_admin_id_foreign" foreign key ("requested_by_admin_id") references "admins" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "data_exports" cascade;`);
  }
}
