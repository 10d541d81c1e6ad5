import { Migration } from '@mikro-orm/migrations';
import { notificationChecksSql } from './notification-checks';

/** The kinds and subject types this migration finds (after 20261127124716 'vacancy_nearby'). */
const KINDS_BEFORE = [
  'application_accepted',
  'application_rejected',
  'check_in_approved',
  'check_out_approved',
  'payment_sent',
  'vacancy_invitation',
  'new_application',
  'freelancer_cancelled',
  'shift_confirmation_request',
  'shift_reminder',
  'shift_unconfirmed',
  'shift_released_unconfirmed',
  'vacancy_nearby',
];
const SUBJECT_TYPES_BEFORE = ['application', 'assignment', 'payout', 'job'];
/** The kinds this migration adds (issue 26: to the business and to admins). */
const KINDS_ADDED = [
  'freelancer_confirmed',
  'check_in_requested',
  'check_out_requested',
  'timesheet_disputed',
  'payout_failed',
  'payout_held',
];

/** libs/domain's NOTIFICATION_KINDS and NOTIFICATION_SUBJECT_TYPES as of this migration (a later one extends these). */
export const NOTIFICATION_KINDS_20261127 = [...KINDS_BEFORE, ...KINDS_ADDED];
export const NOTIFICATION_SUBJECT_TYPES_20261127 = [...SUBJECT_TYPES_BEFORE, 'timesheet'];

/**
 * Issue 26: the business's "freelancer confirmed", "check-in/check-out requested" and the admins'
 * "timesheet disputed" (subject: the proposal, type 'timesheet'), "payout failed" and "payout held".
 * The checks are written from this migration's full lists by notificationChecksSql.
 */
export class Migration20261127132729_staffing_notifications extends Migration {
  override async up(): Promise<void> {
    for (const sql of notificationChecksSql(
      NOTIFICATION_KINDS_20261127,
      NOTIFICATION_SUBJECT_TYPES_20261127,
    )) {
      this.addSql(sql);
    }
  }

  override async down(): Promise<void> {
    this.addSql(
      `delete from "notifications" where "kind" in (${KINDS_ADDED.map((kind) => `'${kind}'`).join(', ')}) or "subject_type" = 'timesheet';`,
    );
    for (const sql of notificationChecksSql(KINDS_BEFORE, SUBJECT_TYPES_BEFORE)) this.addSql(sql);
  }
}
