import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtColumn } from '../shared/columns';
import { Admin } from './admin.entity';

/**
 * One of an admin's 10 recovery codes, stored only as HMAC-SHA-256 under a server key
 * (accounts/admin-mfa-keys.ts); `usedAt` is set by the single UPDATE that accepts it, so each code
 * works once. Regenerating deletes the old set.
 */
export const AdminRecoveryCode = defineEntity({
  name: 'AdminRecoveryCode',
  tableName: 'admin_recovery_codes',
  properties: {
    id: p.integer().primary().autoincrement(),
    admin: p.manyToOne(Admin).ref().deleteRule('cascade').index('admin_recovery_codes_admin_index'),
    codeHash: p.string().length(64).unique('admin_recovery_codes_code_hash_unique'),
    usedAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
  },
});
export type AdminRecoveryCode = InferEntity<typeof AdminRecoveryCode>;
