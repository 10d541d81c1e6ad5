import { Migration } from '@mikro-orm/migrations';

/**
 * The ranked "Vagas" (issue 26) at bench scale (100,000 jobs, 100,000 freelancers):
 * - the open vacancies of one store from a date on, with what the ranking reads (start, price,
 *   position, id), so the 177 stores near a freelancer cost index-only scans (365 buffers a page
 *   instead of 1,929 heap and index reads);
 * - the stores that could not be placed, a handful, instead of a scan of every store each page.
 */
export class Migration20261127190000_vacancies_near_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "jobs_open_restaurant_date_index" on "jobs" ("restaurant_id", "date_needed") include ("start_time", "charge_cents", "position_type", "id") where status = 'open';`,
    );
    this.addSql(`create index "restaurants_unplaced_index" on "restaurants" ("id") where latitude is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "restaurants_unplaced_index";`);
    this.addSql(`drop index if exists "jobs_open_restaurant_date_index";`);
  }
}
