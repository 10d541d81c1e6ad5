import type { EntityManager } from '@mikro-orm/postgresql';
import { dataExportExpiresAt } from '@turno/domain';
import type { PhotoStorage } from '../photos/photo-storage';

/**
 * The workers' side of a data export: claim a queued one, report progress, finish or fail it, and
 * remove the files nobody may download any more. PostgreSQL is the truth: the sweep that calls
 * these runs every few seconds, and a run that died (a killed worker) is claimed again after
 * `DATA_EXPORT_STALE_MINUTES`.
 */
export const DATA_EXPORT_STALE_MINUTES = 15;

/** The private prefix of export files (under the documents' prefix, served by no URL). */
export const DATA_EXPORT_KEY_PREFIX = 'documents/exports/';

/** An export's file key: `documents/exports/<user id>/<export id>-<random>.zip`. */
export const dataExportKey = (userId: number, exportId: number, random: string) =>
  `${DATA_EXPORT_KEY_PREFIX}${userId}/${exportId}-${random}.zip`;

/**
 * Claims the oldest queued export (or a running one left stale by a dead worker), marking it
 * running. `for update skip locked`: two workers never take the same one. Null when none waits.
 */
export async function claimNextDataExport(
  em: EntityManager,
  now = new Date(),
): Promise<{ id: number; userId: number } | null> {
  const stale = new Date(now.getTime() - DATA_EXPORT_STALE_MINUTES * 60_000);
  const [row] = await em.getConnection().execute<{ id: number; user_id: number }[]>(
    `update data_exports set status = 'running', progress = 0, started_at = ?, updated_at = ?
      where id = (select id from data_exports
                   where status = 'queued' or (status = 'running' and started_at < ?)
                   order by id limit 1 for update skip locked)
      returning id, user_id`,
    [now, now, stale],
  );
  return row ? { id: row.id, userId: row.user_id } : null;
}

/** Progress of a running export (0–100; never goes back). */
export async function setDataExportProgress(
  em: EntityManager,
  exportId: number,
  progress: number,
): Promise<void> {
  const bounded = Math.min(Math.max(Math.round(progress), 0), 100);
  await em
    .getConnection()
    .execute(
      "update data_exports set progress = greatest(progress, ?), updated_at = now() where id = ? and status = 'running'",
      [bounded, exportId],
    );
}

/** The file is stored: the export is ready for 24 hours. False when the row is no longer running. */
export async function completeDataExport(
  em: EntityManager,
  exportId: number,
  file: { storageKey: string; sizeBytes: number },
  now = new Date(),
): Promise<boolean> {
  const rows = await em.getConnection().execute<{ id: number }[]>(
    `update data_exports set status = 'ready', progress = 100, storage_key = ?, size_bytes = ?, ready_at = ?,
            expires_at = ?, updated_at = ?
      where id = ? and status = 'running' returning id`,
    [file.storageKey, file.sizeBytes, now, dataExportExpiresAt(now), now, exportId],
  );
  return rows.length === 1;
}

/** The build failed: the person sees "Não foi possível…" and may ask again. */
export async function failDataExport(em: EntityManager, exportId: number, now = new Date()): Promise<void> {
  await em
    .getConnection()
    .execute(
      "update data_exports set status = 'failed', failed_at = ?, updated_at = ? where id = ? and status = 'running'",
      [now, now, exportId],
    );
}

/**
 * Ready exports past their 24 hours become expired, and every file that may no longer be
 * downloaded (expired, downloaded, failed) is removed from storage, its key forgotten. Returns how
 * many were marked expired and how many files were removed.
 */
export async function expireDataExports(
  em: EntityManager,
  storage: PhotoStorage,
  now = new Date(),
  batch = 500,
): Promise<{ expired: number; filesRemoved: number }> {
  const connection = em.getConnection();
  const expired = await connection.execute<{ id: number }[]>(
    "update data_exports set status = 'expired', updated_at = ? where status = 'ready' and expires_at <= ? returning id",
    [now, now],
  );
  const files = await connection.execute<{ id: number; storage_key: string }[]>(
    "select id, storage_key from data_exports where storage_key is not null and status in ('expired', 'downloaded', 'failed') order by id limit ?",
    [batch],
  );
  for (const file of files) {
    await storage.delete(file.storage_key);
    await connection.execute(
      'update data_exports set storage_key = null, updated_at = ? where id = ? and storage_key = ?',
      [now, file.id, file.storage_key],
    );
  }
  return { expired: expired.length, filesRemoved: files.length };
}

/**
 * The person's account is being deleted (the admin's "Excluir", or "Excluir minha conta" after its
 * grace): every export of theirs is closed at once in one statement (queued or running: failed, so
 * a build in flight finds its row no longer running and removes its own file; ready: expired) and
 * every file of theirs still stored is removed. Called before the account's rows go (the user's
 * deletion then takes the rows with it): nothing of theirs is left in storage without a row naming
 * it. Returns how many files were removed.
 */
export async function closeDataExportsOfUser(
  em: EntityManager,
  userId: number,
  storage: PhotoStorage,
  now = new Date(),
): Promise<number> {
  const closed = await em.getConnection().execute<{ storage_key: string | null }[]>(
    `update data_exports d
        set status = case when d.status = 'ready' then 'expired'
                          when d.status in ('queued', 'running') then 'failed' else d.status end,
            failed_at = case when d.status in ('queued', 'running') then ? else d.failed_at end,
            storage_key = null, updated_at = ?
       from (select id, storage_key from data_exports where user_id = ? for update) old
      where d.id = old.id and (d.status in ('queued', 'running', 'ready') or d.storage_key is not null)
      returning old.storage_key`,
    [now, now, userId],
  );
  const keys = closed.flatMap((row) => (row.storage_key ? [row.storage_key] : []));
  for (const key of keys) await storage.delete(key);
  return keys.length;
}
