import type { Job } from 'bullmq';
import {
  buildDataExport,
  claimNextDataExport,
  completeDataExport,
  expireDataExports,
  failDataExport,
  setDataExportProgress,
  type EntityManager,
  type PhotoStorage,
} from '@turno/core';
import { JOB_NAMES } from '../queues';

export interface DataExportsResult {
  /** Exports built and stored (ready for 24 h). */
  built: number;
  /** Exports whose build failed (the person sees "Não foi possível…" and may ask again). */
  failed: number;
  /** Ready exports past their 24 h marked expired, and files removed from storage. */
  expired: number;
  filesRemoved: number;
}

export interface DataExportDeps {
  storage: PhotoStorage;
  logger: { error(data: object, message: string): void };
  /** Exports built per sweep at most (the next sweep takes the rest). */
  maxPerRun?: number;
}

/**
 * The data-exports queue (issue 27, "Baixar meus dados"). sweep-data-exports, every 2 s:
 * PostgreSQL is the truth (data_exports); the sweep first removes what may no longer be downloaded
 * (ready past 24 h, downloaded, failed: files out of storage), then claims queued exports one by
 * one (`for update skip locked`, so several workers never build the same one; one left running by a
 * dead worker is claimed again after 15 min) and builds each: the ZIP streamed into a temporary
 * file, stored under documents/exports/, progress written as it goes. Idempotent: a second
 * delivery finds nothing queued.
 */
export async function processDataExportJob(
  job: Job,
  em: EntityManager,
  now: Date,
  deps: DataExportDeps,
): Promise<DataExportsResult> {
  if (job.name !== JOB_NAMES.sweepDataExports) throw new Error(`unknown data-exports job ${job.name}`);
  const { expired, filesRemoved } = await expireDataExports(em, deps.storage, now);
  const result: DataExportsResult = { built: 0, failed: 0, expired, filesRemoved };
  for (let run = 0; run < (deps.maxPerRun ?? 5); run++) {
    const claimed = await claimNextDataExport(em, now);
    if (!claimed) break;
    try {
      const file = await buildDataExport(em, { exportId: claimed.id, userId: claimed.userId }, deps.storage, {
        now,
        onProgress: (percent) => setDataExportProgress(em, claimed.id, percent),
      });
      if (await completeDataExport(em, claimed.id, file, now)) result.built++;
      else await deps.storage.delete(file.storageKey);
    } catch (error) {
      deps.logger.error({ err: error, exportId: claimed.id }, 'data export failed');
      await failDataExport(em, claimed.id, now);
      result.failed++;
    }
  }
  return result;
}
