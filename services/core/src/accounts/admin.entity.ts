import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtColumn } from '../shared/columns';

/** An administrator: signs in with e-mail and password (scrypt hash), locked after repeated failures. */
export const Admin = defineEntity({
  name: 'Admin',
  tableName: 'admins',
  properties: {
    id: p.integer().primary().autoincrement(),
    email: p.string().unique('admins_email_unique'),
    name: p.string(),
    passwordHash: p.string().hidden(),
    failedAttempts: p.integer().default(0),
    lockedUntil: p.datetime().nullable(),
    lastLoginAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
  },
  checks: [
    { name: 'admins_email_lowercase', expression: 'email = lower(email)' },
    { name: 'admins_failed_attempts_not_negative', expression: 'failed_attempts >= 0' },
  ],
});
export type Admin = InferEntity<typeof Admin>;
