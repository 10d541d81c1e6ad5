import { Migration } from '@mikro-orm/migrations';

/**
 * The admins' "Auditoria" list (issue 12): newest first by id, filtered by action, by record, by
 * outcome. Indexes only: the table stays append-only (its triggers are untouched, and creating an
 * index fires no row trigger). The record index gains the id so that one record's history is an
 * index range read in order; it replaces the older (target_type, target_id) one. The search looks up
 * a request id or a record number by index.
 */
export class Migration20261123160000_audit_reads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "audit_events_action_id_index" on "audit_events" ("action", "id");`);
    this.addSql(
      `create index "audit_events_target_id_index" on "audit_events" ("target_type", "target_id", "id");`,
    );
    this.addSql(`drop index if exists "audit_events_target_index";`);
    this.addSql(`create index "audit_events_outcome_id_index" on "audit_events" ("outcome", "id");`);
    // The search finds one request (its X-Request-Id) or one record number, whatever its kind.
    this.addSql(`create index "audit_events_request_id_index" on "audit_events" ("request_id");`);
    this.addSql(`create index "audit_events_target_id_only_index" on "audit_events" ("target_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "audit_events_action_id_index";`);
    this.addSql(`drop index if exists "audit_events_target_id_index";`);
    this.addSql(`drop index if exists "audit_events_outcome_id_index";`);
    this.addSql(`drop index if exists "audit_events_request_id_index";`);
    this.addSql(`drop index if exists "audit_events_target_id_only_index";`);
    this.addSql(`create index "audit_events_target_index" on "audit_events" ("target_type", "target_id");`);
  }
}
