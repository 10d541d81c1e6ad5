import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 28: a vacancy written without its store goes to its business's main store, the first of its
 * active stores (lowest id: for every business set up before chains, the store with the business's
 * own id). SQL written before stores, the API of older clients and the demo data keep working when a
 * business adds stores; the panel's form names the store whenever the person reaches several.
 */
export class Migration20261128051000_vacancy_main_store extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function jobs_store_of_business() returns trigger
      language plpgsql as $$
      declare
        owner_id int;
      begin
        if new.store_id is null then
          select min(s.id) into new.store_id from stores s
          where s.restaurant_id = new.restaurant_id and s.is_active;
          if new.store_id is null then
            raise exception 'business % has no active store', new.restaurant_id
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
  }

  override async down(): Promise<void> {
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
  }
}
