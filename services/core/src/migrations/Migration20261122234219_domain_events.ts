import { Migration } from '@mikro-orm/migrations';

export class Migration20261122234219_domain_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "domain_events" ("id" bigserial primary key, "type" varchar(40) not null, "restaurant_id" int null, "freelancer_id" int null, "all_freelancers" boolean not null default false, "payload" jsonb not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "domain_events_created_at_index" on "domain_events" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "domain_events" cascade;`);
  }
}
