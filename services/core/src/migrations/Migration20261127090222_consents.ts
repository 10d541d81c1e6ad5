import { Migration } from '@mikro-orm/migrations';

export class Migration20261127090222_consents extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "consents" ("id" serial primary key, "user_id" int not null, "kind" text check ("kind" in ('terms', 'privacy_notice', 'location_check_in', 'marketing_notifications')) not null, "version" varchar(40) not null, "action" text check ("action" in ('accepted', 'withdrawn')) not null, "client" varchar(200) null, "ip_hash" varchar(64) null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "consents_user_kind_index" on "consents" ("user_id", "kind", "id");`);

    this.addSql(
      `alter table "consents" add constraint "consents_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "consents" cascade;`);
  }
}
