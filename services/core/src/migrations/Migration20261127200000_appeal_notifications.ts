import { Migration } from '@mikro-orm/migrations';
import { notificationChecksSql } from './notification-checks';
import {
  NOTIFICATION_KINDS_20261127,
  NOTIFICATION_SUBJECT_TYPES_20261127,
} from './Migration20261127132729_staffing_notifications';

/** The kinds this migration adds (strike appeals: to every admin, and the decision to the freelancer). */
const KINDS_ADDED = ['strike_appealed', 'strike_appeal_decided'];
/** The subject type it adds: the strike (`freelancer_strikes`). */
const SUBJECT_TYPE_ADDED = 'strike';

/** libs/domain's NOTIFICATION_KINDS and NOTIFICATION_SUBJECT_TYPES as of this migration (a later one extends these). */
export const NOTIFICATION_KINDS_20261127200000 = [...NOTIFICATION_KINDS_20261127, ...KINDS_ADDED];
export const NOTIFICATION_SUBJECT_TYPES_20261127200000 = [
  ...NOTIFICATION_SUBJECT_TYPES_20261127,
  SUBJECT_TYPE_ADDED,
];

/**
 * Strike appeals notified (issue 26): the admins' "strike appealed" and the freelancer's "appeal
 * decided", both about the strike (subject type 'strike'). The checks are written from this
 * migration's full lists by notificationChecksSql.
 */
export class Migration20261127200000_appeal_notifications extends Migration {
  override async up(): Promise<void> {
    for (const sql of notificationChecksSql(
      NOTIFICATION_KINDS_20261127200000,
      NOTIFICATION_SUBJECT_TYPES_20261127200000,
    )) {
      this.addSql(sql);
    }
  }

  override async down(): Promise<void> {
    this.addSql(
      `delete from "notifications" where "kind" in (${KINDS_ADDED.map((kind) => `'${kind}'`).join(', ')}) or "subject_type" = '${SUBJECT_TYPE_ADDED}';`,
    );
    for (const sql of notificationChecksSql(
      NOTIFICATION_KINDS_20261127,
      NOTIFICATION_SUBJECT_TYPES_20261127,
    )) {
      this.addSql(sql);
    }
  }
}
