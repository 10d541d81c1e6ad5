import { Migration } from '@mikro-orm/migrations';

/**
 * Chains, step 2 (issue 28): the people who run a business. Every business's account becomes its
 * owner member; the database adds the owner member of every business inserted from now on, and
 * refuses to give a member a store of another business.
 */
export class Migration20261128014338_members extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "restaurant_members" ("id" serial primary key, "restaurant_id" int not null, "user_id" int not null, "role" text check ("role" in ('owner', 'manager', 'supervisor')) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "restaurant_members" add constraint "restaurant_members_user_unique" unique ("user_id");`,
    );
    this.addSql(
      `create index "restaurant_members_restaurant_index" on "restaurant_members" ("restaurant_id", "id");`,
    );
    this.addSql(
      `create unique index "restaurant_members_one_owner" on "restaurant_members" ("restaurant_id") where role = 'owner';`,
    );

    this.addSql(
      `create table "restaurant_member_stores" ("member_id" int not null, "store_id" int not null, constraint "restaurant_member_stores_pkey" primary key ("member_id", "store_id"));`,
    );
    this.addSql(
      `create index "restaurant_member_stores_store_index" on "restaurant_member_stores" ("store_id");`,
    );

    this.addSql(
      `alter table "restaurant_members" add constraint "restaurant_members_restaurant_id_foreign" foreign key ("restaurant_id") references "restaurants" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "restaurant_members" add constraint "restaurant_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "restaurant_member_stores" add constraint "restaurant_member_stores_member_id_foreign" foreign key ("member_id") references "restaurant_members" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "restaurant_member_stores" add constraint "restaurant_member_stores_store_id_foreign" foreign key ("store_id") references "stores" ("id") on update cascade on delete cascade;`,
    );

    this
      .addSql(`insert into "restaurant_members" ("restaurant_id", "user_id", "role", "created_at", "updated_at")
      select r.id, r.user_id, 'owner', r.created_at, r.created_at from "restaurants" r where r.user_id is not null order by r.id;`);
    this.addSql(`create or replace function restaurant_members_owner() returns trigger
      language plpgsql as $$
      begin
        if new.user_id is not null then
          insert into restaurant_members (restaurant_id, user_id, role) values (new.id, new.user_id, 'owner');
        end if;
        return new;
      end $$;`);
    this.addSql(`create trigger "restaurants_owner_member" after insert on "restaurants"
      for each row execute function restaurant_members_owner();`);
    this.addSql(`create or replace function restaurant_member_stores_of_business() returns trigger
      language plpgsql as $$
      begin
        if not exists (select 1 from restaurant_members m join stores s on s.restaurant_id = m.restaurant_id
                       where m.id = new.member_id and s.id = new.store_id) then
          raise exception 'store % is not a store of the business of member %', new.store_id, new.member_id
            using errcode = 'foreign_key_violation', constraint = 'restaurant_member_stores_of_business',
                  table = 'restaurant_member_stores';
        end if;
        return new;
      end $$;`);
    this
      .addSql(`create trigger "restaurant_member_stores_of_business" before insert or update on "restaurant_member_stores"
      for each row execute function restaurant_member_stores_of_business();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "restaurants_owner_member" on "restaurants";`);
    this.addSql(`drop function if exists restaurant_members_owner();`);
    this.addSql(`drop table if exists "restaurant_member_stores" cascade;`);
    this.addSql(`drop function if exists restaurant_member_stores_of_business();`);
    this.addSql(`drop table if exists "restaurant_members" cascade;`);
  }
}
