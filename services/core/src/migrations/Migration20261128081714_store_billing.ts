import { Migration } from '@mikro-orm/migrations';

/**
 * Chains (issue 28): the owner chooses how the business is billed (`restaurants.billing_mode`:
 * centralized, the default and what every business had until now, or per store), and a per-store
 * invoice names its store (`invoices.store_id`; null for an invoice of the whole business, which is
 * every invoice written before). At most one pending weekly invoice per business and week stays the
 * rule for whole-business invoices; per store it becomes one per store and week.
 */
export class Migration20261128081714_store_billing extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "restaurants" add column "billing_mode" text check ("billing_mode" in ('centralized', 'per_store')) not null default 'centralized';`,
    );
    this.addSql(`alter table "invoices" add column "store_id" int null;`);
    this.addSql(
      `alter table "invoices" add constraint "invoices_store_id_foreign" foreign key ("store_id") references "stores" ("id") on update cascade on delete no action;`,
    );
    this.addSql(`drop index "invoices_one_pending_weekly_per_restaurant_week";`);
    this.addSql(
      `create unique index "invoices_one_pending_weekly_per_restaurant_week" on "invoices" ("restaurant_id", coalesce("store_id", 0), "week_start") where invoice_type = 'restaurant_weekly_invoice' and status = 'pending';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "invoices_one_pending_weekly_per_restaurant_week";`);
    this.addSql(`alter table "invoices" drop constraint "invoices_store_id_foreign";`);
    this.addSql(`alter table "invoices" drop column "store_id";`);
    this.addSql(`alter table "restaurants" drop column "billing_mode";`);
    this.addSql(
      `create unique index "invoices_one_pending_weekly_per_restaurant_week" on "invoices" ("restaurant_id", "week_start") where invoice_type = 'restaurant_weekly_invoice' and status = 'pending';`,
    );
  }
}
