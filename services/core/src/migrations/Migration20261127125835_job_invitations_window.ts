import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26: the vacancies still reserved for their invitees are read by every "Vagas" list and
 * apply (`exclusive_until > now`): a range scan of this index, not of every invitation ever made.
 */
export class Migration20261127125835_job_invitations_window extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "job_invitations_exclusive_until_index" on "job_invitations" ("exclusive_until", "job_id");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "job_invitations_exclusive_until_index";`);
  }
}
