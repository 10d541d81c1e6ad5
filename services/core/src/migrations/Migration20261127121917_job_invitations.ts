import { Migration } from '@mikro-orm/migrations';

/** The notification kinds this migration finds (libs/domain's list before 'vacancy_invitation'); down puts them back. */
const KINDS_BEFORE = [
  'application_accepted',
  'application_rejected',
  'check_in_approved',
  'check_out_approved',
  'payment_sent',
  'new_application',
  'freelancer_cancelled',
  'shift_confirmation_request',
  'shift_reminder',
  'shift_unconfirmed',
  'shift_released_unconfirmed',
];
/** libs/domain's NOTIFICATION_KINDS, in its order, with 'vacancy_invitation'. */
const KINDS_AFTER = [...KINDS_BEFORE.slice(0, 5), 'vacancy_invitation', ...KINDS_BEFORE.slice(5)];
const kindCheck = (kinds: string[]) =>
  `alter table "notifications" add constraint "notifications_kind_check" check ("kind" in (${kinds.map((kind) => `'${kind}'`).join(', ')}));`;

/**
 * Issue 26 "Chamar de novo": the invitations of vacancies (model/job-invitation.entity.ts) and the
 * `vacancy_invitation` notification kind about a job (subject type `job`).
 */
export class Migration20261127121917_job_invitations extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "job_invitations" ("id" serial primary key, "job_id" int not null, "freelancer_id" int not null, "exclusive_until" timestamptz not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "job_invitations_freelancer_index" on "job_invitations" ("freelancer_id");`);
    this.addSql(
      `alter table "job_invitations" add constraint "job_invitations_job_freelancer_unique" unique ("job_id", "freelancer_id");`,
    );
    this.addSql(
      `alter table "job_invitations" add constraint "job_invitations_job_id_foreign" foreign key ("job_id") references "jobs" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "job_invitations" add constraint "job_invitations_freelancer_id_foreign" foreign key ("freelancer_id") references "freelancers" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`alter table "notifications" drop constraint if exists "notifications_kind_check";`);
    this.addSql(kindCheck(KINDS_AFTER));
    this.addSql(`alter table "notifications" drop constraint if exists "notifications_subject_type_check";`);
    this.addSql(
      `alter table "notifications" add constraint "notifications_subject_type_check" check ("subject_type" in ('application', 'assignment', 'payout', 'job'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "notifications" where "kind" = 'vacancy_invitation' or "subject_type" = 'job';`);
    this.addSql(`alter table "notifications" drop constraint if exists "notifications_kind_check";`);
    this.addSql(kindCheck(KINDS_BEFORE));
    this.addSql(`alter table "notifications" drop constraint if exists "notifications_subject_type_check";`);
    this.addSql(
      `alter table "notifications" add constraint "notifications_subject_type_check" check ("subject_type" in ('application', 'assignment', 'payout'));`,
    );
    this.addSql(`drop table if exists "job_invitations" cascade;`);
  }
}
