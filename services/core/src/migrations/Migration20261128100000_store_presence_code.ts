import { Migration } from '@mikro-orm/migrations';

/**
 * Chains (issue 28): each store has its own presence code. The sealed TOTP secret moves from the
 * business to its stores: a business's existing secret goes to its store that has the business's own
 * id (every business set up before chains; the secret is sealed with that id as authenticated data,
 * so it opens there unchanged and the code shown today stays the same); every other store gets a
 * secret of its own on first use.
 */
export class Migration20261128100000_store_presence_code extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "stores" add column "presence_secret_sealed" text null;`);
    this.addSql(`update "stores" s set "presence_secret_sealed" = r."presence_secret_sealed"
      from "restaurants" r where r."id" = s."restaurant_id" and s."id" = r."id";`);
    this.addSql(`alter table "restaurants" drop column "presence_secret_sealed";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "restaurants" add column "presence_secret_sealed" text null;`);
    this.addSql(`update "restaurants" r set "presence_secret_sealed" = s."presence_secret_sealed"
      from "stores" s where s."restaurant_id" = r."id" and s."id" = r."id";`);
    this.addSql(`alter table "stores" drop column "presence_secret_sealed";`);
  }
}
