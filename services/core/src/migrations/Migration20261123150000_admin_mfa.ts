import { Migration } from '@mikro-orm/migrations';

/**
 * Admin second factor and account management (issue 12): the sealed TOTP secret, the last accepted
 * time step (no code replay), the remembered-device secret, password change time, disabled admins,
 * and the hashed single-use recovery codes.
 */
export class Migration20261123150000_admin_mfa extends Migration {
  override async up(): Promise<void> {
    this
      .addSql(`alter table "admins" add column "mfa_secret" text null, add column "mfa_enabled_at" timestamptz null,
      add column "mfa_last_step" int null, add column "device_secret" varchar(64) null,
      add column "password_changed_at" timestamptz null, add column "disabled_at" timestamptz null;`);
    this.addSql(`create table "admin_recovery_codes" (
      "id" serial primary key,
      "admin_id" int not null,
      "code_hash" varchar(64) not null,
      "used_at" timestamptz null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "admin_recovery_codes_admin_index" on "admin_recovery_codes" ("admin_id");`);
    this.addSql(
      `alter table "admin_recovery_codes" add constraint "admin_recovery_codes_code_hash_unique" unique ("code_hash");`,
    );
    this.addSql(`alter table "admin_recovery_codes" add constraint "admin_recovery_codes_admin_id_foreign"
      foreign key ("admin_id") references "admins" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "admin_recovery_codes" cascade;`);
    this.addSql(`alter table "admins" drop column "mfa_secret", drop column "mfa_enabled_at",
      drop column "mfa_last_step", drop column "device_secret", drop column "password_changed_at",
      drop column "disabled_at";`);
  }
}
