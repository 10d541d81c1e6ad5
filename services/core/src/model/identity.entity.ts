import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtColumn } from '../shared/columns';
import { User } from './user.entity';

/** An OpenID Connect identity: users are keyed on issuer + subject, never on e-mail. */
export const Identity = defineEntity({
  name: 'Identity',
  tableName: 'identities',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: p.manyToOne(User).ref().deleteRule('cascade'),
    issuer: p.string(),
    subject: p.string(),
    createdAt: createdAtColumn(),
  },
  uniques: [{ name: 'identities_issuer_subject_unique', properties: ['issuer', 'subject'] }],
  indexes: [{ name: 'identities_user_index', properties: ['user'] }],
});
export type Identity = InferEntity<typeof Identity>;
