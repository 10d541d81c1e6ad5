import { Migration } from '@mikro-orm/migrations';

export class Migration20261128044228_member_invitations extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "member_invitations" ("id" serial primary key, "restaurant_id" int not null, "email" varchar(254) not null, "role" text check ("role" in ('manager', 'supervisor')) not null, "store_ids" jsonb not null, "token_hash" varchar(64) not null, "invited_by_id" int null, "expires_at" timestamptz not null, "accepted_at" timestamptz null, "accepted_by_id" int null, "revoked_at" timestamptz null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "member_invitations" add constraint "member_invitations_token_unique" unique ("token_hash");`,
    );
    this.addSql(
      `create index "member_invitations_restaurant_index" on "member_invitations" ("restaurant_id", "id");`,
    );

    this.addSql(
      `alter table "member_invitations" add constraint "member_invitations_restaurant_id_foreign" foreign key ("restaurant_id") references "restaurants" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "member_invitations" add constraint "member_invitations_invited_by_id_foreign" foreign key ("invited_by_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "member_invitations" add constraint "member_invitations_accepted_by_id_foreign" foreign key ("accepted_by_id") references "users" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "member_invitations" cascade;`);
  }
}
