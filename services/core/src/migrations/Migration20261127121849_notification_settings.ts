import { Migration } from '@mikro-orm/migrations';

export class Migration20261127121849_notification_settings extends Migration {
  /**
   * Issue 26: the fan-out's cursor in PostgreSQL (one row per stream, moved in the transaction that
   * makes the notifications) and the preferences per person, kind and channel (only the choices
   * made; a missing row is the default in libs/domain).
   */
  override async up(): Promise<void> {
    this.addSql(
      `create table "notification_cursors" ("stream" text not null, "last_event_id" bigint not null, "updated_at" timestamptz not null default now(), constraint "notification_cursors_pkey" primary key ("stream"));`,
    );
    this.addSql(
      `create table "notification_preferences" ("user_id" int not null, "kind" text not null, "channel" text check ("channel" in ('in_app', 'web_push', 'email', 'whatsapp')) not null, "enabled" boolean not null, "updated_at" timestamptz not null default now(), constraint "notification_preferences_pkey" primary key ("user_id", "kind", "channel"));`,
    );
    this.addSql(
      `alter table "notification_preferences" add constraint "notification_preferences_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "notification_preferences" cascade;`);
    this.addSql(`drop table if exists "notification_cursors" cascade;`);
  }
}
