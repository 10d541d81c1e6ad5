import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26, the channels beyond the in-app centre: `notification_deliveries` (one row per
 * notification and channel: a retried job sends nothing twice) and `push_subscriptions` (the
 * browsers a user enabled web push in; the endpoint is unique, a 404/410 from the push service
 * removes it). Read and written in plain SQL (services/core/src/notification-channels); entities in model/notification-channel.entity.ts.
 */
export class Migration20261127121856_notification_channels extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "notification_deliveries" ("id" bigserial primary key, "notification_id" bigint not null, "channel" text not null check ("channel" in ('email', 'web_push', 'whatsapp')), "status" text not null default 'sending' check ("status" in ('sending', 'sent', 'skipped', 'failed')), "attempts" int not null default 0, "detail" varchar(300) null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null, constraint "notification_deliveries_notification_channel_unique" unique ("notification_id", "channel"));`,
    );
    this.addSql(
      `create table "push_subscriptions" ("id" bigserial primary key, "user_id" int not null, "endpoint" varchar(1000) not null, "p256dh" varchar(200) not null, "auth" varchar(100) not null, "user_agent" varchar(200) null, "created_at" timestamptz not null default now(), "last_used_at" timestamptz null, constraint "push_subscriptions_endpoint_unique" unique ("endpoint"));`,
    );
    this.addSql(`create index "push_subscriptions_user_index" on "push_subscriptions" ("user_id", "id");`);
    this.addSql(
      `alter table "notification_deliveries" add constraint "notification_deliveries_notification_id_foreign" foreign key ("notification_id") references "notifications" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "push_subscriptions" add constraint "push_subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "push_subscriptions" cascade;`);
    this.addSql(`drop table if exists "notification_deliveries" cascade;`);
  }
}
