import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 23 timesheets: corrected times proposed after a check-out (at most one open per shift),
 * and the credit/debit adjustments a final timesheet leaves for the next invoice when the shift was
 * already invoiced.
 */
export class Migration20261126170726_timesheets extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "timesheet_proposals" ("id" serial primary key, "assignment_id" int not null, "proposed_by" text check ("proposed_by" in ('freelancer', 'restaurant')) not null, "proposed_by_user_id" int not null, "check_in_at" timestamptz not null, "check_out_at" timestamptz not null, "reason" text not null, "status" text check ("status" in ('pending', 'accepted', 'auto_accepted', 'disputed', 'decided')) not null default 'pending', "answer_deadline" timestamptz not null, "answered_at" timestamptz null, "answered_by_user_id" int null, "dispute_reason" text null, "decision" text check ("decision" in ('full', 'partial', 'none')) null, "decision_note" text null, "decided_at" timestamptz null, "decided_by_user_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint timesheet_proposals_times_ordered check (check_in_at < check_out_at));`,
    );
    this.addSql(
      `create index "timesheet_proposals_assignment_index" on "timesheet_proposals" ("assignment_id");`,
    );
    this.addSql(
      `create index "timesheet_proposals_status_deadline_index" on "timesheet_proposals" ("status", "answer_deadline");`,
    );
    this.addSql(
      `create unique index "timesheet_proposals_one_open_per_assignment" on "timesheet_proposals" ("assignment_id") where status in ('pending', 'disputed');`,
    );

    this.addSql(
      `create table "invoice_adjustments" ("id" serial primary key, "assignment_id" int not null, "restaurant_id" int not null, "charge_delta_cents" int not null, "payout_delta_cents" int not null, "reason" text not null, "invoice_id" int null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "invoice_adjustments_unbilled_index" on "invoice_adjustments" ("restaurant_id", "invoice_id");`,
    );
    this.addSql(
      `create index "invoice_adjustments_assignment_index" on "invoice_adjustments" ("assignment_id");`,
    );

    this.addSql(
      `alter table "timesheet_proposals" add constraint "timesheet_proposals_assignment_id_foreign" foreign key ("assignment_id") references "assignments" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "invoice_adjustments" add constraint "invoice_adjustments_assignment_id_foreign" foreign key ("assignment_id") references "assignments" ("id") on update cascade on delete no action;`,
    );
    this.addSql(
      `alter table "invoice_adjustments" add constraint "invoice_adjustments_invoice_id_foreign" foreign key ("invoice_id") references "invoices" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "timesheet_proposals" cascade;`);

    this.addSql(`drop table if exists "invoice_adjustments" cascade;`);
  }
}
