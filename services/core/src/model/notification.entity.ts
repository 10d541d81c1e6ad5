import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { NOTIFICATION_KINDS, NOTIFICATION_SUBJECT_TYPES } from '@turno/domain';
import { createdAtColumn } from '../shared/columns';
import { Admin } from './admin.entity';
import { User } from './user.entity';

/**
 * The in-app notification centre (issue 26): one row per person, kind and subject, made by the
 * notifications fan-out from the domain events (services/core/src/notifications).
 * - the person: a user (`user`, a business or a freelancer) or an admin (`admin`), exactly one;
 * - `kind` and the subject (`subjectType`, `subjectId`): unique per person, so a retried fan-out
 *   makes one notification (`insert … on conflict do nothing`); for admins, per attempt of the
 *   subject too (`subjectAttempt`: a payout that fails again after an admin's retry is news);
 * - `title`, `body`, `link`: the pt-BR text rendered from libs/domain's templates when it was made;
 * - `readAt`: null while unread.
 * Deleting the person deletes their notifications.
 */
export const Notification = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    user: p.manyToOne(User).ref().nullable().deleteRule('cascade'),
    admin: p.manyToOne(Admin).ref().nullable().deleteRule('cascade'),
    kind: p.enum([...NOTIFICATION_KINDS]),
    subjectType: p.enum([...NOTIFICATION_SUBJECT_TYPES]),
    subjectId: p.integer(),
    /**
     * Which attempt of the subject it is about: a payout's `attempt` for `payout_failed` and
     * `payout_held` (each attempt failed or held tells the admins once), 0 for every other kind.
     */
    subjectAttempt: p.smallint().default(0),
    title: p.string().length(120),
    body: p.text(),
    link: p.string().length(200),
    createdAt: createdAtColumn(),
    readAt: p.datetime().nullable(),
  },
  uniques: [
    {
      name: 'notifications_user_kind_subject_unique',
      expression:
        'create unique index "notifications_user_kind_subject_unique" on "notifications" ("user_id", "kind", "subject_type", "subject_id") where user_id is not null',
    },
    {
      name: 'notifications_admin_kind_subject_unique',
      expression:
        'create unique index "notifications_admin_kind_subject_unique" on "notifications" ("admin_id", "kind", "subject_type", "subject_id", "subject_attempt") where admin_id is not null',
    },
  ],
  indexes: [
    // The bell's list (newest first, keyset on id) and its unread count, per person.
    {
      name: 'notifications_user_list_index',
      expression:
        'create index "notifications_user_list_index" on "notifications" ("user_id", "id" desc) where user_id is not null',
    },
    {
      name: 'notifications_user_unread_index',
      expression:
        'create index "notifications_user_unread_index" on "notifications" ("user_id") where user_id is not null and read_at is null',
    },
    {
      name: 'notifications_admin_list_index',
      expression:
        'create index "notifications_admin_list_index" on "notifications" ("admin_id", "id" desc) where admin_id is not null',
    },
    // The rate limit of "new vacancy" notifications: a person's count in the last hour.
    {
      name: 'notifications_vacancy_alerts_index',
      expression:
        'create index "notifications_vacancy_alerts_index" on "notifications" ("user_id", "created_at") where kind = \'vacancy_nearby\'',
    },
  ],
  checks: [
    {
      name: 'notifications_one_person',
      expression: '(user_id is null) <> (admin_id is null)',
    },
  ],
});
export type Notification = InferEntity<typeof Notification>;
