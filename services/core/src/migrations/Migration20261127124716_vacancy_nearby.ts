import { Migration } from '@mikro-orm/migrations';

/** The notification kinds this migration finds (libs/domain's list before 'vacancy_nearby'); down puts them back. */
const KINDS_BEFORE = [
  'application_accepted',
  'application_rejected',
  'check_in_approved',
  'check_out_approved',
  'payment_sent',
  'vacancy_invitation',
  'new_application',
  'freelancer_cancelled',
  'shift_confirmation_request',
  'shift_reminder',
  'shift_unconfirmed',
  'shift_released_unconfirmed',
];
/** libs/domain's NOTIFICATION_KINDS, in its order, with 'vacancy_nearby'. */
const KINDS_AFTER = [...KINDS_BEFORE, 'vacancy_nearby'];
const kindCheck = (kinds: string[]) =>
  `alter table "notifications" add constraint "notifications_kind_check" check ("kind" in (${kinds.map((kind) => `'${kind}'`).join(', ')}));`;

/**
 * Issue 26 "new vacancy nearby": the `vacancy_nearby` kind (subject: the job); a GiST index on
 * where each freelancer searches from (ll_to_earth of the origin the vacancies' read uses: the
 * device's position when chosen, else the home as geocoded), so a posted vacancy finds the
 * freelancers around its store on the index; and the per-person count of the last hour's
 * "new vacancy" notifications (the rate limit) on an index of their own.
 */
export class Migration20261127124716_vacancy_nearby extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "notifications" drop constraint if exists "notifications_kind_check";`);
    this.addSql(kindCheck(KINDS_AFTER));
    this.addSql(
      `create index "notifications_vacancy_alerts_index" on "notifications" ("user_id", "created_at") where kind = 'vacancy_nearby';`,
    );
    this.addSql(
      `create index "freelancer_search_areas_origin_earth_index" on "freelancer_search_areas" using gist (ll_to_earth(case when origin = 'current' and current_latitude is not null then current_latitude when home_geocode_status in ('found', 'manual') then home_latitude end, case when origin = 'current' and current_latitude is not null then current_longitude when home_geocode_status in ('found', 'manual') then home_longitude end));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "freelancer_search_areas_origin_earth_index";`);
    this.addSql(`drop index if exists "notifications_vacancy_alerts_index";`);
    this.addSql(`delete from "notifications" where "kind" = 'vacancy_nearby';`);
    this.addSql(`alter table "notifications" drop constraint if exists "notifications_kind_check";`);
    this.addSql(kindCheck(KINDS_BEFORE));
  }
}
