import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 23 ("Shifts that happen"): how each check-in and check-out was recorded, how a completion
 * was paid (worked time or full), who released an allocated shift and what a late release costs the
 * business; the store's coordinates, check-in radius and sealed presence-code secret; freelancer
 * strikes with their appeals. Assignments cancelled before this migration were all unassigned by an
 * admin, and say so.
 */
export class Migration20261126170238_shift_records extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "freelancer_strikes" ("id" serial primary key, "freelancer_id" int not null, "assignment_id" int null, "reason" text check ("reason" in ('no_show', 'late_cancel')) not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "appeal_text" text null, "appealed_at" timestamptz null, "appeal_status" text check ("appeal_status" in ('pending', 'upheld', 'removed')) null, "appeal_decided_at" timestamptz null, "appeal_decided_by" int null, "appeal_decision_note" text null, "removed_at" timestamptz null);`,
    );
    this.addSql(
      `create index "freelancer_strikes_freelancer_index" on "freelancer_strikes" ("freelancer_id", "created_at");`,
    );
    this.addSql(`create index "freelancer_strikes_appeal_index" on "freelancer_strikes" ("appeal_status");`);
    this.addSql(
      `alter table "freelancer_strikes" add constraint "freelancer_strikes_assignment_reason_unique" unique ("assignment_id", "reason");`,
    );

    this.addSql(
      `alter table "freelancer_strikes" add constraint "freelancer_strikes_freelancer_id_foreign" foreign key ("freelancer_id") references "freelancers" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "freelancer_strikes" add constraint "freelancer_strikes_assignment_id_foreign" foreign key ("assignment_id") references "assignments" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "restaurants" add column "latitude" double precision null, add column "longitude" double precision null, add column "geocode_status" text check ("geocode_status" in ('found', 'not_found', 'ambiguous', 'failed', 'manual')) null, add column "geocoded_at" timestamptz null, add column "geofence_radius_m" int null, add column "presence_secret_sealed" text null;`,
    );

    this.addSql(
      `alter table "assignments" add column "check_in_method" text check ("check_in_method" in ('manager', 'admin', 'geofence', 'code')) null, add column "check_in_distance_m" int null, add column "check_out_method" text check ("check_out_method" in ('manager', 'admin', 'geofence', 'code', 'scheduled_end')) null, add column "pay_basis" text check ("pay_basis" in ('full', 'worked')) null, add column "paid_minutes" int null, add column "cancelled_by" text check ("cancelled_by" in ('admin', 'restaurant', 'freelancer', 'no_show')) null, add column "cancelled_at" timestamptz null, add column "cancellation_reason" text null, add column "cancellation_fee_cents" int null, add column "cancellation_payout_cents" int null;`,
    );
    this.addSql(
      `update "assignments" set "cancelled_by" = 'admin', "cancelled_at" = "updated_at" where "status" = 'cancelled';`,
    );
    this.addSql(
      `alter table "assignments" add constraint assignments_cancellation_fee_not_negative check(cancellation_fee_cents >= 0 and cancellation_payout_cents >= 0);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "freelancer_strikes" cascade;`);

    this.addSql(`alter table "assignments" drop constraint assignments_cancellation_fee_not_negative;`);
    this.addSql(
      `alter table "assignments" drop column "check_in_method", drop column "check_in_distance_m", drop column "check_out_method", drop column "pay_basis", drop column "paid_minutes", drop column "cancelled_by", drop column "cancelled_at", drop column "cancellation_reason", drop column "cancellation_fee_cents", drop column "cancellation_payout_cents";`,
    );

    this.addSql(
      `alter table "restaurants" drop column "latitude", drop column "longitude", drop column "geocode_status", drop column "geocoded_at", drop column "geofence_radius_m", drop column "presence_secret_sealed";`,
    );
  }
}
