import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtColumn } from '../shared/columns';

/**
 * An administrator: signs in with e-mail and password (scrypt hash) and a TOTP second factor.
 * `mfaSecret` is the TOTP secret sealed with AES-256-GCM (accounts/admin-mfa-keys.ts), null until
 * the admin enrols; `mfaLastStep` is the last accepted time step (a code is never accepted twice);
 * `deviceSecret` binds "remembered device" cookies: changing it (password change, factor reset)
 * forgets every remembered device. A disabled admin (`disabledAt`) cannot sign in or use a session.
 */
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
    mfaSecret: p.text().nullable(),
    mfaEnabledAt: p.datetime().nullable(),
    mfaLastStep: p.integer().nullable(),
    deviceSecret: p.string().length(64).nullable(),
    passwordChangedAt: p.datetime().nullable(),
    disabledAt: p.datetime().nullable(),
  },
  checks: [
    { name: 'admins_email_lowercase', expression: 'email = lower(email)' },
    { name: 'admins_failed_attempts_not_negative', expression: 'failed_attempts >= 0' },
  ],
});
export type Admin = InferEntity<typeof Admin>;
