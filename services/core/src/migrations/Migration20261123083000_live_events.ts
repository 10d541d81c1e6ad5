import { Migration } from '@mikro-orm/migrations';

/**
 * Live updates over the `domain_events` outbox:
 * - `all_restaurants`: an event for every restaurant (the freelancers they may pick changed);
 * - the indexes of one audience's latest event and of its events after an id;
 * - `domain_events_publish`, a constraint trigger deferred to commit: it gives each row its final,
 *   commit-ordered id (one committing transaction at a time, under a transaction-scoped advisory
 *   lock held only while that transaction commits), then `pg_notify`s it on `turno_domain_events`.
 *   PostgreSQL delivers notifications only at commit, never after a rollback; every BFF replica
 *   listens. A payload over 4,000 bytes is announced without it (the row keeps it).
 */
export class Migration20261123083000_live_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "domain_events" add column "all_restaurants" boolean not null default false;`);
    this.addSql(`create index "domain_events_restaurant_index" on "domain_events" ("restaurant_id", "id");`);
    this.addSql(`create index "domain_events_freelancer_index" on "domain_events" ("freelancer_id", "id");`);
    this.addSql(
      `create index "domain_events_all_freelancers_index" on "domain_events" ("id") where all_freelancers;`,
    );
    this.addSql(
      `create index "domain_events_all_restaurants_index" on "domain_events" ("id") where all_restaurants;`,
    );
    this.addSql(`create or replace function domain_events_publish() returns trigger
      language plpgsql as $$
      declare
        committed_id bigint;
      begin
        -- 1953656431 = 'trno': the one lock of committing events. Held from here to the end of the
        -- commit, so ids are handed out in commit order.
        perform pg_advisory_xact_lock(1953656431);
        committed_id := nextval('domain_events_id_seq');
        update domain_events set id = committed_id where id = new.id;
        perform pg_notify('turno_domain_events', json_build_object(
          'id', committed_id,
          'type', new.type,
          'restaurantId', new.restaurant_id,
          'freelancerId', new.freelancer_id,
          'allFreelancers', new.all_freelancers,
          'allRestaurants', new.all_restaurants,
          'payload', case when octet_length(new.payload::text) <= 4000 then new.payload else '{}'::jsonb end
        )::text);
        return null;
      end
      $$;`);
    this.addSql(`create constraint trigger "domain_events_publish" after insert on "domain_events"
      deferrable initially deferred for each row execute function domain_events_publish();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "domain_events_publish" on "domain_events";`);
    this.addSql(`drop function if exists domain_events_publish();`);
    this.addSql(`drop index if exists "domain_events_all_restaurants_index";`);
    this.addSql(`drop index if exists "domain_events_all_freelancers_index";`);
    this.addSql(`drop index if exists "domain_events_freelancer_index";`);
    this.addSql(`drop index if exists "domain_events_restaurant_index";`);
    this.addSql(`alter table "domain_events" drop column if exists "all_restaurants";`);
  }
}
