import { Migration } from '@mikro-orm/migrations';

export class Migration20261127090031_vetting extends Migration {
  /**
   * Issue 27, vetting: the freelancer's submission state, identity document type and last rejection
   * on their row; their private files in `freelancer_documents`. Freelancers already approved stay
   * approved (vetted before the checklist existed); every other one starts `incomplete`.
   */
  override async up(): Promise<void> {
    this.addSql(
      `create table "freelancer_documents" ("id" serial primary key, "freelancer_id" int not null, "kind" text check ("kind" in ('identity_front', 'identity_back', 'selfie')) not null, "storage_key" varchar(255) not null, "content_type" varchar(255) not null, "bytes" int not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "freelancer_documents" add constraint "freelancer_documents_kind_unique" unique ("freelancer_id", "kind");`,
    );

    this.addSql(
      `alter table "freelancer_documents" add constraint "freelancer_documents_freelancer_id_foreign" foreign key ("freelancer_id") references "freelancers" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "freelancers" add column "vetting_status" text check ("vetting_status" in ('incomplete', 'submitted', 'approved', 'rejected')) not null default 'incomplete', add column "identity_document_type" text check ("identity_document_type" in ('rg', 'cnh')) null, add column "vetting_submitted_at" timestamptz null, add column "vetting_reviewed_at" timestamptz null, add column "vetting_rejection_reason" text check ("vetting_rejection_reason" in ('document_illegible', 'document_expired', 'selfie_mismatch', 'cpf_mismatch', 'profile_photo_unsuitable', 'other')) null, add column "vetting_rejection_note" text null;`,
    );
    this.addSql(
      `create index "freelancers_vetting_queue_index" on "freelancers" ("vetting_submitted_at", "id") where "vetting_status" = 'submitted';`,
    );
    this.addSql(
      `update "freelancers" set "vetting_status" = 'approved', "vetting_reviewed_at" = "approved_at" where "is_approved";`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "freelancer_documents" cascade;`);

    this.addSql(`drop index "freelancers_vetting_queue_index";`);
    this.addSql(
      `alter table "freelancers" drop column "vetting_status", drop column "identity_document_type", drop column "vetting_submitted_at", drop column "vetting_reviewed_at", drop column "vetting_rejection_reason", drop column "vetting_rejection_note";`,
    );
  }
}
