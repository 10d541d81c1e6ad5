import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { DATA_EXPORT_STATUSES } from '@turno/domain';
import { updatedAtColumn } from '../shared/columns';
import { Admin } from './admin.entity';
import { User } from './user.entity';

/**
 * Data exports (issue 27, "Baixar meus dados", LGPD art. 18 II and V): one row per request.
 * - `user`: whom the export is about and the only person who may download it;
 * - `requestedByAdmin`: set when an admin asked on the person's behalf (null: the person did);
 * - `status`: queued → running → ready → downloaded, or expired (24 h after ready) or failed;
 * - `progress`: 0–100 while the workers' job builds the ZIP;
 * - `storageKey`, `sizeBytes`: the ZIP in the private storage (`documents/exports/…`), removed
 *   when downloaded or expired;
 * - `dueAt`: the law's deadline, 15 days after `requestedAt`.
 * At most one open request (queued, running, ready) per person (a partial unique index).
 * Deleting the user deletes their export rows (their files are removed by the expiry sweep).
 */
export const DataExport = defineEntity({
  name: 'DataExport',
  tableName: 'data_exports',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: p.manyToOne(User).ref().deleteRule('cascade'),
    requestedByAdmin: p.manyToOne(Admin).ref().nullable().deleteRule('set null'),
    status: p.enum([...DATA_EXPORT_STATUSES]).default('queued'),
    progress: p.smallint().default(0),
    storageKey: p.string().length(255).nullable(),
    sizeBytes: p.bigint('number').nullable(),
    requestedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    startedAt: p.datetime().nullable(),
    readyAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
    downloadedAt: p.datetime().nullable(),
    dueAt: p.datetime(),
    failedAt: p.datetime().nullable(),
    updatedAt: updatedAtColumn(),
  },
  uniques: [
    {
      name: 'data_exports_one_open_per_user',
      expression:
        'create unique index "data_exports_one_open_per_user" on "data_exports" ("user_id") where status in (\'queued\', \'running\', \'ready\')',
    },
  ],
  indexes: [
    { name: 'data_exports_user_index', properties: ['user', 'id'] },
    // The admin's "Privacidade" list: open requests, oldest deadline first (keyset on due_at, id).
    {
      name: 'data_exports_open_by_due',
      expression:
        'create index "data_exports_open_by_due" on "data_exports" ("due_at", "id") where status in (\'queued\', \'running\', \'ready\')',
    },
    // The expiry sweep: files still stored, by when they stop being served.
    {
      name: 'data_exports_expiring',
      expression:
        'create index "data_exports_expiring" on "data_exports" ("expires_at") where storage_key is not null',
    },
  ],
  checks: [
    { name: 'data_exports_progress_range', expression: 'progress >= 0 and progress <= 100' },
    {
      name: 'data_exports_ready_has_file',
      expression:
        "status <> 'ready' or (storage_key is not null and ready_at is not null and expires_at is not null)",
    },
  ],
});
export type DataExport = InferEntity<typeof DataExport>;
