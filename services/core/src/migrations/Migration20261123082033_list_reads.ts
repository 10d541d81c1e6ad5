import { Migration } from '@mikro-orm/migrations';

/**
 * What the list read models need: `turno_fold(text)`, the one rule of case- and accent-insensitive
 * search (lower case, Portuguese accents removed; immutable), the folded `search_text` each
 * searchable row keeps (a stored generated column: folded once per write, not once per row read —
 * folding on the fly cost ~7 µs a value), and the indexes that keep every list page an index range
 * scan at 100,000 jobs.
 */
export class Migration20261123082033_list_reads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function turno_fold(value text) returns text
      language sql immutable parallel safe returns null on null input as $$
        select translate(lower(value),
          'áàâãäåéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ',
          'aaaaaaeeeeiiiiooooouuuucnaaaaaaeeeeiiiiooooouuuucn')
      $$;`);
    this.addSql(
      `alter table "jobs" add column "search_text" text generated always as (turno_fold(title || ' ' || position_type)) stored;`,
    );
    this.addSql(
      `alter table "restaurants" add column "search_text" text generated always as (turno_fold(business_name || ' ' || name || ' ' || coalesce(cuisine_type::text, '') || ' ' || coalesce(contact_person::text, ''))) stored;`,
    );
    this.addSql(
      `alter table "freelancers" add column "search_text" text generated always as (turno_fold(name)) stored;`,
    );
    // The agenda: one restaurant's jobs by date and start time (replaces restaurant + date).
    this.addSql(`drop index if exists "jobs_restaurant_date_index";`);
    this.addSql(
      `create index "jobs_restaurant_date_start_index" on "jobs" ("restaurant_id", "date_needed", "start_time", "id");`,
    );
    // The command centre: every job by date and start time, in both directions.
    this.addSql(`create index "jobs_date_start_index" on "jobs" ("date_needed", "start_time", "id");`);
    // The freelancer's vacancies: open jobs from today on.
    this.addSql(
      `create index "jobs_open_date_start_index" on "jobs" ("date_needed", "start_time", "id") where status = 'open';`,
    );
    this.addSql(`create index "restaurants_created_at_index" on "restaurants" ("created_at", "id");`);
    this.addSql(`create index "invoices_issue_date_index" on "invoices" ("issue_date", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "invoices_issue_date_index";`);
    this.addSql(`drop index if exists "restaurants_created_at_index";`);
    this.addSql(`drop index if exists "jobs_open_date_start_index";`);
    this.addSql(`drop index if exists "jobs_date_start_index";`);
    this.addSql(`drop index if exists "jobs_restaurant_date_start_index";`);
    this.addSql(`create index "jobs_restaurant_date_index" on "jobs" ("restaurant_id", "date_needed");`);
    this.addSql(`alter table "freelancers" drop column "search_text";`);
    this.addSql(`alter table "restaurants" drop column "search_text";`);
    this.addSql(`alter table "jobs" drop column "search_text";`);
    this.addSql(`drop function if exists turno_fold(text);`);
  }
}
