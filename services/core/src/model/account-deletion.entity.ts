import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import {
  ACCOUNT_DELETION_CANCELLERS,
  ACCOUNT_DELETION_NOTE_MAX_LENGTH,
  ACCOUNT_DELETION_OUTCOMES,
  ACCOUNT_DELETION_REQUESTERS,
  ACCOUNT_DELETION_STATUSES,
} from '@turno/domain';
import { Admin } from './admin.entity';
import { User } from './user.entity';

/**
 * A request to delete an account (issue 27, LGPD art. 18 VI), made by the person in Perfil →
 * "Privacidade" or by an admin on their behalf (a request by e-mail, with the admin's note):
 * - `scheduledFor`: requested + 7 days, when the workers' job carries it out (account-removal);
 * - `dueAt`: requested + 15 days, the law's deadline the admin's "Privacidade" view shows;
 * - `status`: pending → cancelled (signed in again, or the admin) or done (`outcome`: deleted or
 *   anonymized, as the admin deletion decides);
 * - `cancelNoticePending`: signing in again called it off and the person was not told yet (told once).
 * The row outlives the user (`user` set null when it is deleted): `profileType`/`profileId` keep
 * which profile it was about, without anything personal. One pending request per person.
 */
export const AccountDeletion = defineEntity({
  name: 'AccountDeletion',
  tableName: 'account_deletions',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: p.manyToOne(User).ref().nullable().deleteRule('set null'),
    profileType: p.enum(['restaurant', 'freelancer'] as const),
    profileId: p.integer(),
    requestedAt: p.datetime(),
    requestedBy: p.enum([...ACCOUNT_DELETION_REQUESTERS]),
    requestedByAdmin: p.manyToOne(Admin).ref().nullable().deleteRule('set null'),
    adminNote: p.string().length(ACCOUNT_DELETION_NOTE_MAX_LENGTH).nullable(),
    scheduledFor: p.datetime(),
    dueAt: p.datetime(),
    status: p.enum([...ACCOUNT_DELETION_STATUSES]).default('pending'),
    cancelledAt: p.datetime().nullable(),
    cancelledBy: p.enum([...ACCOUNT_DELETION_CANCELLERS]).nullable(),
    cancelledByAdmin: p.manyToOne(Admin).ref().nullable().deleteRule('set null'),
    cancelNoticePending: p.boolean().default(false),
    doneAt: p.datetime().nullable(),
    outcome: p.enum([...ACCOUNT_DELETION_OUTCOMES]).nullable(),
  },
  uniques: [
    {
      name: 'account_deletions_one_pending_per_user',
      expression:
        'create unique index "account_deletions_one_pending_per_user" on "account_deletions" ("user_id") where status = \'pending\'',
    },
  ],
  indexes: [
    { name: 'account_deletions_user_index', properties: ['user', 'id'] },
    {
      name: 'account_deletions_pending_scheduled_index',
      expression:
        'create index "account_deletions_pending_scheduled_index" on "account_deletions" ("scheduled_for", "id") where status = \'pending\'',
    },
    {
      name: 'account_deletions_pending_due_index',
      expression:
        'create index "account_deletions_pending_due_index" on "account_deletions" ("due_at", "id") where status = \'pending\'',
    },
  ],
});
export type AccountDeletion = InferEntity<typeof AccountDeletion>;
