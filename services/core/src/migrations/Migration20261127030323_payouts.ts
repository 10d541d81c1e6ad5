import { Migration } from '@mikro-orm/migrations';

export class Migration20261127030323_payouts extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "payouts" ("id" serial primary key, "assignment_id" int not null, "freelancer_id" int not null, "amount_cents" int not null, "attempt" int not null default 0, "idempotency_id" varchar(255) not null, "status" text check ("status" in ('pending', 'held', 'sending', 'paid', 'failed')) not null default 'pending', "pix_key" varchar(255) null, "payee_name" varchar(255) not null, "payee_cpf" varchar(11) null, "failure_reason" text check ("failure_reason" in ('invalid_key', 'key_not_found', 'key_owner_mismatch', 'insufficient_funds', 'limit_exceeded', 'rejected_by_receiver', 'duplicate', 'unknown')) null, "failure_code" varchar(255) null, "end_to_end_id" varchar(255) null, "held_until" timestamptz null, "sending_since" timestamptz null, "paid_at" timestamptz null, "paid_outside_reason" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint payouts_amount_positive check (amount_cents > 0), constraint payouts_attempt_range check (attempt >= 0 and attempt <= 999));`,
    );
    this.addSql(`alter table "payouts" add constraint "payouts_assignment_unique" unique ("assignment_id");`);
    this.addSql(
      `alter table "payouts" add constraint "payouts_idempotency_id_unique" unique ("idempotency_id");`,
    );
    this.addSql(`create index "payouts_freelancer_index" on "payouts" ("freelancer_id", "created_at");`);
    this.addSql(`create index "payouts_created_at_index" on "payouts" ("created_at");`);
    this.addSql(
      `create index "payouts_open_index" on "payouts" ("status", "id") where "status" in ('pending', 'held', 'sending');`,
    );

    this.addSql(
      `alter table "payouts" add constraint "payouts_assignment_id_foreign" foreign key ("assignment_id") references "assignments" ("id") on update cascade on delete no action;`,
    );
    this.addSql(
      `alter table "payouts" add constraint "payouts_freelancer_id_foreign" foreign key ("freelancer_id") references "freelancers" ("id") on update cascade on delete no action;`,
    );

    this.addSql(`alter table "freelancers" add column "pix_key_changed_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payouts" cascade;`);

    this.addSql(`alter table "freelancers" drop column "pix_key_changed_at";`);
  }
}
