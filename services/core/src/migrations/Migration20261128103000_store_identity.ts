import { Migration } from '@mikro-orm/migrations';

/**
 * Chains (issue 28): a store may have the CNPJ of its branch (filial) and its own establishment type
 * (a chain may run a supermarket and a wholesale store). Both optional: a store without them is the
 * business's (its CNPJ and type). A per-store invoice names its branch's CNPJ when it has one.
 */
export class Migration20261128103000_store_identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "stores" add column "cnpj" varchar(14) null, add column "establishment_type" varchar(255) null;`,
    );
    this.addSql(
      `alter table "stores" add constraint "stores_cnpj_shape" check (cnpj ~ '^[0-9A-Z]{12}[0-9]{2}$');`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "stores" drop constraint "stores_cnpj_shape";`);
    this.addSql(`alter table "stores" drop column "cnpj", drop column "establishment_type";`);
  }
}
