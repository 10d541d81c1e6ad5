import { Migration } from '@mikro-orm/migrations';

/**
 * The notification kinds before this migration (down puts them back): those of the notifications
 * and job_invitations migrations, in the order of NOTIFICATION_KINDS (libs/domain).
 */
const KINDS_BEFORE = [
  'application_accepted',
  'application_rejected',
  'check_in_approved',
  'check_out_approved',
  'payment_sent',
  'vacancy_invitation',
  'new_application',
  'freelancer_cancelled',
];
const KINDS_ADDED = [
  'shift_confirmation_request',
  'shift_reminder',
  'shift_unconfirmed',
  'shift_released_unconfirmed',
];
const kindCheck = (kinds: string[]) =>
  `alter table "notifications" add constraint "notifications_kind_check" check ("kind" in (${kinds.map((kind) => `'${kind}'`).join(', ')}));`;

export class Migration20261127121858_shift_confirmations extends Migration {
  /**
   * Issue 26, confirmations and reminders: on the assignment, when the freelancer was asked to
   * confirm, confirmed, was reminded, when the business was told the shift was unconfirmed and when
   * it was released for that; the business's Perfil setting "Liberar automaticamente turnos não
   * confirmados"; the four notification kinds. The workers' sweep reads allocated shifts of the
   * coming days by the jobs' (status, date_needed) index and the assignments' job index.
   */
  override async up(): Promise<void> {
    this.addSql(
      `alter table "assignments" add column "confirmation_requested_at" timestamptz null, add column "confirmed_at" timestamptz null, add column "reminded_at" timestamptz null, add column "unconfirmed_at" timestamptz null, add column "released_unconfirmed_at" timestamptz null;`,
    );
    this.addSql(
      `alter table "restaurants" add column "auto_release_unconfirmed" boolean not null default false;`,
    );
    this.addSql(`alter table "notifications" drop constraint if exists "notifications_kind_check";`);
    this.addSql(kindCheck([...KINDS_BEFORE, ...KINDS_ADDED]));
  }

  override async down(): Promise<void> {
    this.addSql(
      `delete from "notifications" where "kind" in (${KINDS_ADDED.map((kind) => `'${kind}'`).join(', ')});`,
    );
    this.addSql(`alter table "notifications" drop constraint if exists "notifications_kind_check";`);
    this.addSql(kindCheck(KINDS_BEFORE));
    this.addSql(`alter table "restaurants" drop column "auto_release_unconfirmed";`);
    this.addSql(
      `alter table "assignments" drop column "confirmation_requested_at", drop column "confirmed_at", drop column "reminded_at", drop column "unconfirmed_at", drop column "released_unconfirmed_at";`,
    );
  }
}
