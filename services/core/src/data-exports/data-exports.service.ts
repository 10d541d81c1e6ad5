import type { EntityManager } from '@mikro-orm/postgresql';
import { DATA_EXPORT_MESSAGES, dataExportDueAt, type DataExportStatus } from '@turno/domain';
import { recordAudit } from '../audit/record-audit';
import { conflict, gone, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';

/** One export as its person, the admin's list and the worker read it. */
export interface DataExportView {
  id: number;
  userId: number;
  requestedByAdminId: number | null;
  status: DataExportStatus;
  progress: number;
  sizeBytes: number | null;
  requestedAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  downloadedAt: Date | null;
  dueAt: Date;
}

interface DataExportRow {
  id: number;
  user_id: number;
  requested_by_admin_id: number | null;
  status: DataExportStatus;
  progress: number;
  size_bytes: string | number | null;
  requested_at: Date | string;
  ready_at: Date | string | null;
  expires_at: Date | string | null;
  downloaded_at: Date | string | null;
  due_at: Date | string;
}

const COLUMNS =
  'id, user_id, requested_by_admin_id, status, progress, size_bytes, requested_at, ready_at, expires_at, downloaded_at, due_at';

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

function viewOf(row: DataExportRow): DataExportView {
  return {
    id: row.id,
    userId: row.user_id,
    requestedByAdminId: row.requested_by_admin_id,
    status: row.status,
    progress: row.progress,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    requestedAt: new Date(row.requested_at),
    readyAt: dateOrNull(row.ready_at),
    expiresAt: dateOrNull(row.expires_at),
    downloadedAt: dateOrNull(row.downloaded_at),
    dueAt: new Date(row.due_at),
  };
}

/**
 * A ready export past its 24 hours reads as expired at once, before the sweep marks it (the file
 * is no longer served either way).
 */
function asOf(view: DataExportView, now: Date): DataExportView {
  if (view.status === 'ready' && view.expiresAt && view.expiresAt <= now)
    return { ...view, status: 'expired' };
  return view;
}

export interface DataExportRequest {
  /** Whom the export is about (and the only person who may download it). */
  userId: number;
  /** Set when an admin asks on the person's behalf (e.g. a request made by e-mail); audited as theirs. */
  requestedByAdminId?: number | null;
  requestId?: string | null;
  ipHash?: string | null;
}

/**
 * Asks for an export of everything held about a person ("Baixar meus dados", or an admin on the
 * person's behalf). One open request per person: while one is queued, running or ready (and not
 * past its 24 h), it is returned instead of making another. The workers' sweep picks queued ones
 * up within seconds. 404 for a user that does not exist. Audited (`data_export.requested`).
 */
export async function requestDataExport(
  em: EntityManager,
  request: DataExportRequest,
  now = new Date(),
): Promise<DataExportView> {
  const { userId } = request;
  const requestedByAdminId = request.requestedByAdminId ?? null;
  return inTransaction(em, async (tx) => {
    const connection = tx.getConnection();
    // The person's row serialises two requests of one person (the second sees the first's row).
    const users = await connection.execute<{ id: number }[]>('select id from users where id = ? for update', [
      userId,
    ]);
    if (users.length === 0) throw notFound('user_not_found', DATA_EXPORT_MESSAGES.notFound);
    await connection.execute(
      "update data_exports set status = 'expired', updated_at = ? where user_id = ? and status = 'ready' and expires_at <= ?",
      [now, userId, now],
    );
    const [open] = await connection.execute<DataExportRow[]>(
      `select ${COLUMNS} from data_exports where user_id = ? and status in ('queued', 'running', 'ready')`,
      [userId],
    );
    if (open) return viewOf(open);
    const [created] = await connection.execute<DataExportRow[]>(
      `insert into data_exports (user_id, requested_by_admin_id, status, progress, requested_at, due_at, updated_at)
       values (?, ?, 'queued', 0, ?, ?, ?) returning ${COLUMNS}`,
      [userId, requestedByAdminId, now, dataExportDueAt(now), now],
    );
    if (!created) throw new Error('data export insert returned nothing');
    await recordAudit(tx, {
      actorKind: requestedByAdminId === null ? 'user' : 'admin',
      actorId: requestedByAdminId ?? userId,
      action: 'data_export.requested',
      outcome: 'success',
      targetType: 'data_export',
      targetId: String(created.id),
      details: { userId, onBehalf: requestedByAdminId !== null },
      requestId: request.requestId ?? null,
      ipHash: request.ipHash ?? null,
    });
    return viewOf(created);
  });
}

/** One export of the person (null for another person's id or none: the caller answers 404). */
export async function dataExportOfUser(
  em: EntityManager,
  userId: number,
  exportId: number,
  now = new Date(),
): Promise<DataExportView | null> {
  const [row] = await em
    .getConnection()
    .execute<DataExportRow[]>(`select ${COLUMNS} from data_exports where id = ? and user_id = ?`, [
      exportId,
      userId,
    ]);
  return row ? asOf(viewOf(row), now) : null;
}

/** The person's newest export (what Perfil → "Privacidade" shows when it opens), or null. */
export async function latestDataExportOfUser(
  em: EntityManager,
  userId: number,
  now = new Date(),
): Promise<DataExportView | null> {
  const [row] = await em
    .getConnection()
    .execute<DataExportRow[]>(
      `select ${COLUMNS} from data_exports where user_id = ? order by id desc limit 1`,
      [userId],
    );
  return row ? asOf(viewOf(row), now) : null;
}

/** An open export in the admin's "Privacidade" list, with the person it is about. */
export interface OpenDataExport extends DataExportView {
  person: {
    name: string | null;
    email: string | null;
    userType: 'restaurant' | 'freelancer' | 'admin' | null;
  };
}

/** Where the next page of `listOpenDataExports` starts: after this (dueAt, id). */
export interface OpenDataExportsCursor {
  dueAt: Date;
  id: number;
}

export const OPEN_DATA_EXPORTS_MAX_LIMIT = 100;

/**
 * Open export requests (queued, running, ready), oldest deadline first (LGPD: 15 days), keyset
 * paged on (due_at, id); `limit` is bounded to 1–100. `next` is null on the last page.
 */
export async function listOpenDataExports(
  em: EntityManager,
  { limit, after = null }: { limit: number; after?: OpenDataExportsCursor | null },
): Promise<{ items: OpenDataExport[]; next: OpenDataExportsCursor | null }> {
  const bounded = Math.min(Math.max(Math.trunc(limit) || 1, 1), OPEN_DATA_EXPORTS_MAX_LIMIT);
  const params: unknown[] = [];
  let keyset = '';
  if (after) {
    keyset = 'and (e.due_at, e.id) > (?, ?)';
    params.push(after.dueAt, after.id);
  }
  const rows = await em.getConnection().execute<
    (DataExportRow & {
      name: string | null;
      email: string | null;
      user_type: OpenDataExport['person']['userType'];
    })[]
  >(
    `select e.id, e.user_id, e.requested_by_admin_id, e.status, e.progress, e.size_bytes, e.requested_at, e.ready_at,
            e.expires_at, e.downloaded_at, e.due_at, u.name, u.email, u.user_type
       from data_exports e join users u on u.id = e.user_id
      where e.status in ('queued', 'running', 'ready') ${keyset}
      order by e.due_at, e.id
      limit ?`,
    [...params, bounded + 1],
  );
  const page = rows.slice(0, bounded);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => ({
      ...viewOf(row),
      person: { name: row.name, email: row.email, userType: row.user_type },
    })),
    next: rows.length > bounded && last ? { dueAt: new Date(last.due_at), id: last.id } : null,
  };
}

/**
 * Takes the export's file for its person, once: the row is marked downloaded in the same
 * transaction that checks it, so two downloads at once get the file once. Refusals (pt-BR):
 * another person's id or none 404; not ready yet 409; downloaded already or past 24 h 410.
 * Returns the storage key to read; the caller removes the file after sending it
 * (`forgetDataExportFile`).
 */
export async function claimDataExportDownload(
  em: EntityManager,
  userId: number,
  exportId: number,
  now = new Date(),
): Promise<{ storageKey: string; readyAt: Date }> {
  return inTransaction(em, async (tx) => {
    const [row] = await tx
      .getConnection()
      .execute<(DataExportRow & { storage_key: string | null })[]>(
        `select ${COLUMNS}, storage_key from data_exports where id = ? and user_id = ? for update`,
        [exportId, userId],
      );
    if (!row) throw notFound('data_export_not_found', DATA_EXPORT_MESSAGES.notFound);
    const view = asOf(viewOf(row), now);
    if (view.status === 'downloaded')
      throw gone('data_export_downloaded', DATA_EXPORT_MESSAGES.alreadyDownloaded);
    if (view.status === 'expired') throw gone('data_export_expired', DATA_EXPORT_MESSAGES.linkExpired);
    if (view.status === 'failed') throw gone('data_export_failed', DATA_EXPORT_MESSAGES.failed);
    if (view.status !== 'ready' || !row.storage_key || !view.readyAt)
      throw conflict('data_export_not_ready', DATA_EXPORT_MESSAGES.notReady);
    await tx
      .getConnection()
      .execute(
        "update data_exports set status = 'downloaded', downloaded_at = ?, updated_at = ? where id = ?",
        [now, now, exportId],
      );
    await recordAudit(tx, {
      actorKind: 'user',
      actorId: userId,
      action: 'data_export.downloaded',
      outcome: 'success',
      targetType: 'data_export',
      targetId: String(exportId),
      details: { sizeBytes: view.sizeBytes },
    });
    return { storageKey: row.storage_key, readyAt: view.readyAt };
  });
}

/** The file is gone from storage: the row forgets its key (after a download, an expiry, a failure). */
export async function forgetDataExportFile(
  em: EntityManager,
  exportId: number,
  storageKey: string,
): Promise<void> {
  await em
    .getConnection()
    .execute(
      'update data_exports set storage_key = null, updated_at = now() where id = ? and storage_key = ?',
      [exportId, storageKey],
    );
}
