import { Migration } from '@mikro-orm/migrations';

export class Migration20261122091229_invoice_number_sequences extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "invoice_number_sequences" ("prefix" varchar(255) not null, "last_value" int not null, constraint "invoice_number_sequences_pkey" primary key ("prefix"), constraint invoice_number_sequences_last_value_not_negative check (last_value >= 0));`,
    );

    this.addSql(
      `create unique index "invoices_one_pending_weekly_per_restaurant_week" on "invoices" ("restaurant_id", "week_start") where invoice_type = 'restaurant_weekly_invoice' and status = 'pending';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "invoice_number_sequences" cascade;`);

    this.addSql(`drop index if exists "invoices_one_pending_weekly_per_restaurant_week";`);
  }
}
