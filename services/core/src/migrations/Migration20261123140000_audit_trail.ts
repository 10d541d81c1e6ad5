import { Migration } from '@mikro-orm/migrations';

/**
 * The audit trail (`audit_events`, see src/audit): append-only. A trigger refuses every UPDATE,
 * DELETE and TRUNCATE, so a mistake or an attacker with the application's credentials cannot
 * rewrite history (old rows are archived by an operator who drops the trigger on purpose).
 */
export class Migration20261123140000_audit_trail extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "audit_events" (
      "id" bigserial primary key,
      "actor_kind" varchar(16) not null,
      "actor_id" int null,
      "action" varchar(160) not null,
      "outcome" varchar(16) not null,
      "status" int null,
      "target_type" varchar(40) null,
      "target_id" varchar(64) null,
      "details" jsonb not null,
      "request_id" varchar(64) null,
      "ip_hash" varchar(64) null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "audit_events_created_at_index" on "audit_events" ("created_at");`);
    this.addSql(
      `create index "audit_events_actor_index" on "audit_events" ("actor_kind", "actor_id", "created_at");`,
    );
    this.addSql(`create index "audit_events_target_index" on "audit_events" ("target_type", "target_id");`);
    this.addSql(`create or replace function audit_events_append_only() returns trigger
      language plpgsql as $$
      begin
        raise exception 'audit_events is append-only';
      end
      $$;`);
    this.addSql(`create trigger "audit_events_append_only" before update or delete on "audit_events"
      for each row execute function audit_events_append_only();`);
    this.addSql(`create trigger "audit_events_no_truncate" before truncate on "audit_events"
      for each statement execute function audit_events_append_only();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_events" cascade;`);
    this.addSql(`drop function if exists audit_events_append_only();`);
  }
}
