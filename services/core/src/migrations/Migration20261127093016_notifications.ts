import { Migration } from '@mikro-orm/migrations';

export class Migration20261127093016_notifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "notifications" ("id" bigserial primary key, "user_id" int null, "admin_id" int null, "kind" text check ("kind" in ('application_accepted', 'application_rejected', 'check_in_approved', 'check_out_approved', 'payment_sent', 'new_application', 'freelancer_cancelled')) not null, "subject_type" text check ("subject_type" in ('application', 'assignment', 'payout')) not null, "subject_id" int not null, "title" varchar(120) not null, "body" text not null, "link" varchar(200) not null, "created_at" timestamptz not null default now(), "read_at" timestamptz null, constraint notifications_one_person check ((user_id is null) <> (admin_id is null)));`,
    );
    this.addSql(
      `create index "notifications_user_list_index" on "notifications" ("user_id", "id" desc) where user_id is not null;`,
    );
    this.addSql(
      `create index "notifications_user_unread_index" on "notifications" ("user_id") where user_id is not null and read_at is null;`,
    );
    this.addSql(
      `create index "notifications_admin_list_index" on "notifications" ("admin_id", "id" desc) where admin_id is not null;`,
    );
    this.addSql(
      `create unique index "notifications_user_kind_subject_unique" on "notifications" ("user_id", "kind", "subject_type", "subject_id") where user_id is not null;`,
    );
    this.addSql(
      `create unique index "notifications_admin_kind_subject_unique" on "notifications" ("admin_id", "kind", "subject_type", "subject_id") where admin_id is not null;`,
    );

    this.addSql(
      `alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "notifications" add constraint "notifications_admin_id_foreign" foreign key ("admin_id") references "admins" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "notifications" cascade;`);
  }
}
