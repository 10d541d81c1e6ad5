import { Migration } from '@mikro-orm/migrations';

export class Migration20261127060000_invoice_pix_charges extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "pix_receipts" ("end_to_end_id" varchar(64) not null, "txid" varchar(35) null, "amount_cents" int not null, "paid_at" timestamptz not null, "received_at" timestamptz not null default now(), constraint "pix_receipts_pkey" primary key ("end_to_end_id"));`,
    );
    this.addSql(`create index "pix_receipts_txid_index" on "pix_receipts" ("txid");`);

    this.addSql(
      `create table "invoice_pix_charges" ("id" serial primary key, "invoice_id" int null, "restaurant_id" int not null, "revision" int not null, "txid" varchar(35) not null, "status" text check ("status" in ('creating', 'active', 'paid', 'mismatch', 'cancelled', 'failed')) not null default 'creating', "amount_cents" int not null, "due_date" date not null, "location" varchar(255) null, "br_code" text null, "failure" text null, "requested_at" timestamptz null, "cancel_requested_at" timestamptz null, "received_amount_cents" int null, "received_at" timestamptz null, "end_to_end_id" varchar(255) null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint invoice_pix_charges_amount_positive check (amount_cents > 0), constraint invoice_pix_charges_revision_range check (revision >= 0 and revision <= 9999));`,
    );
    this.addSql(
      `alter table "invoice_pix_charges" add constraint "invoice_pix_charges_txid_unique" unique ("txid");`,
    );
    this.addSql(
      `create index "invoice_pix_charges_invoice_index" on "invoice_pix_charges" ("invoice_id", "revision");`,
    );
    this.addSql(
      `create index "invoice_pix_charges_open_index" on "invoice_pix_charges" ("id") where "status" in ('creating', 'active');`,
    );
    this.addSql(
      `create index "invoice_pix_charges_mismatch_index" on "invoice_pix_charges" ("received_at") where "status" = 'mismatch';`,
    );

    this.addSql(
      `alter table "invoice_pix_charges" add constraint "invoice_pix_charges_invoice_id_foreign" foreign key ("invoice_id") references "invoices" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "invoice_pix_charges" add constraint "invoice_pix_charges_restaurant_id_foreign" foreign key ("restaurant_id") references "restaurants" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "pix_receipts" cascade;`);

    this.addSql(`drop table if exists "invoice_pix_charges" cascade;`);
  }
}
