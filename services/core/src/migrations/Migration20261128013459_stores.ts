import { Migration } from '@mikro-orm/migrations';

/**
 * Chains, step 1 (issue 28): a business (`restaurants`) has stores, and a vacancy belongs to one.
 * Every existing business gets one store with the business's own id, named after its business name,
 * and every existing vacancy belongs to it: no id a URL or an invoice shows changes. The stores'
 * sequence then continues after the highest id taken.
 */
export class Migration20261128013459_stores extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "stores" ("id" serial primary key, "restaurant_id" int not null, "name" varchar(80) not null, "is_active" boolean not null default true, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint stores_name_length check (char_length(name) >= 2 and char_length(name) <= 80));`,
    );
    // A business's first store is named after it: its business name trimmed to the store name's 80
    // characters, or "Loja principal" when that is shorter than 2. One definition for the backfill
    // and the trigger below.
    this.addSql(`create or replace function store_default_name(business_name text) returns text
      language sql immutable as $$
        select case when char_length(btrim(business_name)) >= 2 then left(btrim(business_name), 80)
                    else 'Loja principal' end
      $$;`);
    this.addSql(
      `insert into "stores" ("id", "restaurant_id", "name", "created_at", "updated_at")
       select r.id, r.id, store_default_name(r.business_name), r.created_at, r.created_at
       from "restaurants" r;`,
    );
    this.addSql(
      `select setval(pg_get_serial_sequence('stores', 'id'), coalesce((select max(id) from "stores"), 1), (select count(*) > 0 from "stores"));`,
    );
    this.addSql(`create index "stores_restaurant_index" on "stores" ("restaurant_id", "id");`);
    this.addSql(
      `alter table "stores" add constraint "stores_restaurant_id_foreign" foreign key ("restaurant_id") references "restaurants" ("id") on update cascade on delete cascade;`,
    );

    // Every business has a store from its first moment, however it is inserted (the accounts service,
    // the seeders, a bench's or a test's SQL): its first store, named after the business.
    this.addSql(`create or replace function stores_first_of_business() returns trigger
      language plpgsql as $$
      begin
        insert into stores (restaurant_id, name)
        values (new.id, store_default_name(new.business_name));
        return new;
      end $$;`);
    this.addSql(`create trigger "restaurants_first_store" after insert on "restaurants"
      for each row execute function stores_first_of_business();`);

    this.addSql(`alter table "jobs" add column "store_id" int;`);
    this.addSql(`update "jobs" set "store_id" = "restaurant_id";`);
    this.addSql(`alter table "jobs" alter column "store_id" set not null;`);
    this.addSql(
      `alter table "jobs" add constraint "jobs_store_id_foreign" foreign key ("store_id") references "stores" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create index "jobs_store_date_start_index" on "jobs" ("store_id", "date_needed", "start_time", "id");`,
    );
    // A vacancy's store is one of its business's stores (a foreign key cannot say so without a second
    // key on stores). A vacancy inserted without one, by SQL written before stores, is at its business's
    // store when the business has exactly one active store; otherwise the store must be named.
    this.addSql(`create or replace function jobs_store_of_business() returns trigger
      language plpgsql as $$
      declare
        owner_id int;
      begin
        if new.store_id is null then
          select min(s.id) into new.store_id from stores s
          where s.restaurant_id = new.restaurant_id and s.is_active
          having count(*) = 1;
          if new.store_id is null then
            raise exception 'a vacancy of a business with several stores names its store'
              using errcode = 'not_null_violation', column = 'store_id', table = 'jobs';
          end if;
        elsif tg_op = 'INSERT' or new.store_id is distinct from old.store_id
              or new.restaurant_id is distinct from old.restaurant_id then
          select restaurant_id into owner_id from stores where id = new.store_id;
          if owner_id is distinct from new.restaurant_id then
            raise exception 'store % is not a store of business %', new.store_id, new.restaurant_id
              using errcode = 'foreign_key_violation', constraint = 'jobs_store_of_business', table = 'jobs';
          end if;
        end if;
        return new;
      end $$;`);
    this
      .addSql(`create trigger "jobs_store_of_business" before insert or update of "store_id", "restaurant_id"
      on "jobs" for each row execute function jobs_store_of_business();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "jobs_store_of_business" on "jobs";`);
    this.addSql(`drop function if exists jobs_store_of_business();`);
    this.addSql(`drop trigger if exists "restaurants_first_store" on "restaurants";`);
    this.addSql(`drop function if exists stores_first_of_business();`);
    this.addSql(`drop index if exists "jobs_store_date_start_index";`);
    this.addSql(`alter table "jobs" drop constraint if exists "jobs_store_id_foreign";`);
    this.addSql(`alter table "jobs" drop column if exists "store_id";`);
    this.addSql(`drop table if exists "stores" cascade;`);
    this.addSql(`drop function if exists store_default_name(text);`);
  }
}
