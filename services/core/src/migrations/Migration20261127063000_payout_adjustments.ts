import { Migration } from '@mikro-orm/migrations';

export class Migration20261127063000_payout_adjustments extends Migration {
  /**
   * Issue 25, a timesheet corrected after the payout: a payout has a kind (`shift`, one per
   * assignment by a partial unique key; `complement`, one per settled proposal by its adjustment
   * key), an amount that may end at 0 and what deductions took from it; a cut after the payout
   * left is a deduction the freelancer's next payouts pay (`payout_deductions`, `payout_deduction_uses`).
   */
  override async up(): Promise<void> {
    this.addSql(
      `create table "payout_deductions" ("id" serial primary key, "freelancer_id" int not null, "assignment_id" int not null, "amount_cents" int not null, "remaining_cents" int not null, "adjustment_key" varchar(255) not null, "settled_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint payout_deductions_amounts check (amount_cents > 0 and remaining_cents >= 0 and remaining_cents <= amount_cents));`,
    );
    this.addSql(
      `alter table "payout_deductions" add constraint "payout_deductions_adjustment_key_unique" unique ("adjustment_key");`,
    );
    this.addSql(
      `create index "payout_deductions_assignment_index" on "payout_deductions" ("assignment_id");`,
    );
    this.addSql(`create index "payout_deductions_created_at_index" on "payout_deductions" ("created_at");`);
    this.addSql(
      `create index "payout_deductions_open_index" on "payout_deductions" ("freelancer_id", "id") where "remaining_cents" > 0;`,
    );

    this.addSql(
      `create table "payout_deduction_uses" ("id" serial primary key, "deduction_id" int not null, "payout_id" int not null, "amount_cents" int not null, "created_at" timestamptz not null default now(), constraint payout_deduction_uses_amount_positive check (amount_cents > 0));`,
    );
    this.addSql(
      `create index "payout_deduction_uses_deduction_index" on "payout_deduction_uses" ("deduction_id");`,
    );
    this.addSql(
      `create index "payout_deduction_uses_payout_index" on "payout_deduction_uses" ("payout_id");`,
    );

    this.addSql(
      `alter table "payout_deductions" add constraint "payout_deductions_freelancer_id_foreign" foreign key ("freelancer_id") references "freelancers" ("id") on update cascade on delete no action;`,
    );
    this.addSql(
      `alter table "payout_deductions" add constraint "payout_deductions_assignment_id_foreign" foreign key ("assignment_id") references "assignments" ("id") on update cascade on delete no action;`,
    );

    this.addSql(
      `alter table "payout_deduction_uses" add constraint "payout_deduction_uses_deduction_id_foreign" foreign key ("deduction_id") references "payout_deductions" ("id") on update cascade on delete no action;`,
    );
    this.addSql(
      `alter table "payout_deduction_uses" add constraint "payout_deduction_uses_payout_id_foreign" foreign key ("payout_id") references "payouts" ("id") on update cascade on delete no action;`,
    );

    this.addSql(`alter table "payouts" drop constraint "payouts_assignment_unique";`);
    this.addSql(`alter table "payouts" drop constraint payouts_amount_positive;`);

    this.addSql(
      `alter table "payouts" add column "kind" text check ("kind" in ('shift', 'complement')) not null default 'shift', add column "deducted_cents" int not null default 0, add column "adjustment_key" varchar(255) null;`,
    );
    this.addSql(
      `alter table "payouts" add constraint "payouts_adjustment_key_unique" unique ("adjustment_key");`,
    );
    this.addSql(`create index "payouts_assignment_index" on "payouts" ("assignment_id");`);
    this.addSql(
      `create unique index "payouts_shift_unique" on "payouts" ("assignment_id") where "kind" = 'shift';`,
    );
    this.addSql(
      `alter table "payouts" add constraint payouts_amount_not_negative check(amount_cents >= 0 and deducted_cents >= 0);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "payout_deduction_uses" drop constraint "payout_deduction_uses_deduction_id_foreign";`,
    );

    this.addSql(`drop table if exists "payout_deductions" cascade;`);

    this.addSql(`drop table if exists "payout_deduction_uses" cascade;`);

    this.addSql(`alter table "payouts" drop constraint "payouts_adjustment_key_unique";`);
    this.addSql(`drop index "payouts_assignment_index";`);
    this.addSql(`drop index "payouts_shift_unique";`);
    this.addSql(`alter table "payouts" drop constraint payouts_amount_not_negative;`);
    this.addSql(
      `alter table "payouts" drop column "kind", drop column "deducted_cents", drop column "adjustment_key";`,
    );

    this.addSql(`alter table "payouts" add constraint "payouts_assignment_unique" unique ("assignment_id");`);
    this.addSql(`alter table "payouts" add constraint payouts_amount_positive check(amount_cents > 0);`);
  }
}
