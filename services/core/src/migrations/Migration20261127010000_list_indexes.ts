import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes three lists were missing at bench scale (100,000 jobs, 52,000 invoices; EXPLAIN ANALYZE
 * before/after in the commit):
 * - the admin's pending actions (check-in/out requests waiting): a partial index on exactly the
 *   waiting requests, keyed by the page's order (when asked, id), instead of a sequential scan of
 *   every assignment for the page and again for the count;
 * - the freelancer's vacancies: the open-jobs index also carries restaurant_id, so the count (every
 *   open job from today on, less blocked and unapproved businesses) is an index-only scan;
 * - the business's invoices: by restaurant in the page's order (latest issue date first) with the
 *   status and amount the stat cards sum, so the page needs no sort and the counts no table reads.
 */
export class Migration20261127010000_list_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "assignments_pending_requests_index" on "assignments" ((case when checkout_requested_at is not null and check_out_at is null then checkout_requested_at else checkin_requested_at end), "id") where status in ('assigned', 'in_progress') and ((checkin_requested_at is not null and check_in_at is null) or (checkout_requested_at is not null and check_out_at is null and check_in_at is not null));`,
    );
    this.addSql(`drop index if exists "jobs_open_date_start_index";`);
    this.addSql(
      `create index "jobs_open_date_start_index" on "jobs" ("date_needed", "start_time", "id") include ("restaurant_id") where status = 'open';`,
    );
    this.addSql(
      `create index "invoices_restaurant_issue_date_index" on "invoices" ("restaurant_id", "issue_date", "id") include ("status", "amount_cents");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "invoices_restaurant_issue_date_index";`);
    this.addSql(`drop index if exists "jobs_open_date_start_index";`);
    this.addSql(
      `create index "jobs_open_date_start_index" on "jobs" ("date_needed", "start_time", "id") where status = 'open';`,
    );
    this.addSql(`drop index if exists "assignments_pending_requests_index";`);
  }
}
