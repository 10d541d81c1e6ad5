import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { USER_TYPES } from '@turno/domain';
import { createdAtColumn } from '../shared/columns';

/** A person who signs in with OpenID Connect. `userType` stays null until profile setup. */
export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.integer().primary().autoincrement(),
    email: p.string().nullable(),
    name: p.string().nullable(),
    userType: p.enum([...USER_TYPES]).nullable(),
    createdAt: createdAtColumn(),
  },
});
export type User = InferEntity<typeof User>;
