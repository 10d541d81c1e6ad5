/* eslint-disable no-useless-escape -- the MikroORM migrator escapes every $ in SQL */
import { Migration } from '@mikro-orm/migrations';

export class Migration20261127033926_business_legal_identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "restaurants" add column "cnpj" varchar(14) null, add column "legal_name" varchar(150) null;`,
    );
    this.addSql(
      `alter table "restaurants" add constraint restaurants_cnpj_shape check(cnpj ~ '^[0-9A-Z]{12}[0-9]{2}\$');`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "restaurants" drop constraint restaurants_cnpj_shape;`);
    this.addSql(`alter table "restaurants" drop column "cnpj", drop column "legal_name";`);
  }
}
