/**
 * Data export benchmark (`npm run bench:data-export`, issue 27): a freelancer with BENCH_SHIFTS
 * (5,000) completed shifts, each with its vacancy, accepted application, check-in position, a
 * rating each way and a paid payout, plus their consents; the export is built by the workers' own
 * code (core `buildDataExport`: keyset pages into a streamed ZIP, then the private storage, here a
 * temporary folder) in a process of its own, so its peak RSS is the export's and not the seeding's.
 * Printed: rows, elapsed time of the build, the ZIP's size, RSS before the build and its peak
 * (getrusage maxRSS of the child). Target (issue 27): < 10 s and < 200 MB. Its own database,
 * dropped at the end (BENCH_KEEP_DB=1 keeps it). A script that prints figures, not a timed test.
 */
/* eslint-disable no-console -- a benchmark's output is its figures */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  LocalPhotoStorage,
  buildDataExport,
  claimNextDataExport,
  completeDataExport,
  databaseUrl,
  dropDatabase,
  ensureDatabaseExists,
  initOrm,
  requestDataExport,
  runMigrations,
  setDataExportProgress,
  withDatabaseName,
} from '@turno/core';
import { insertFreelancerWithHistory, uniqueTestDatabaseName } from '@turno/core/testing';

const SHIFTS = Number(process.env.BENCH_SHIFTS ?? '5000');
const MB = 1024 * 1024;

interface ChildReport {
  elapsedMs: number;
  sizeBytes: number;
  rssBeforeMb: number;
  peakRssMb: number;
  progressUpdates: number;
}

/** The child: builds the one queued export of the database at `url` and reports its figures. */
async function exportInThisProcess(url: string, directory: string): Promise<ChildReport> {
  const orm = await initOrm({ url, poolMax: 2 });
  try {
    const storage = new LocalPhotoStorage(directory);
    const em = orm.em.fork();
    const rssBeforeMb = process.memoryUsage().rss / MB;
    const began = performance.now();
    const claimed = await claimNextDataExport(em);
    if (!claimed) throw new Error('no queued export');
    let progressUpdates = 0;
    const file = await buildDataExport(em, { exportId: claimed.id, userId: claimed.userId }, storage, {
      onProgress: async (percent) => {
        progressUpdates++;
        await setDataExportProgress(em, claimed.id, percent);
      },
    });
    await completeDataExport(em, claimed.id, file);
    const elapsedMs = performance.now() - began;
    // maxRSS: kilobytes on Linux, the peak of the whole process.
    const peakRssMb = (process.resourceUsage().maxRSS * 1024) / MB;
    return { elapsedMs, sizeBytes: file.sizeBytes, rssBeforeMb, peakRssMb, progressUpdates };
  } finally {
    await orm.close(true);
  }
}

async function main(): Promise<void> {
  const url = withDatabaseName(databaseUrl(), uniqueTestDatabaseName('turno_bench_export'));
  await ensureDatabaseExists(url);
  const orm = await initOrm({ url, poolMax: 4 });
  const directory = await mkdtemp(join(tmpdir(), 'turno-bench-export-'));
  try {
    await runMigrations(orm);
    const seeding = performance.now();
    const person = await insertFreelancerWithHistory(orm.em.fork(), { shifts: SHIFTS });
    await orm.em
      .fork()
      .getConnection()
      .execute(
        "insert into consents (user_id, kind, version, action) select ?, 'terms', 'v' || n, 'accepted' from generate_series(1, 20) n",
        [person.userId],
      );
    await requestDataExport(orm.em.fork(), { userId: person.userId });
    const [counts] = await orm.em
      .fork()
      .getConnection()
      .execute<{ applications: string; shifts: string; ratings: string; payouts: string }[]>(
        `select (select count(*) from applications where freelancer_id = ?) as applications,
                (select count(*) from assignments where freelancer_id = ?) as shifts,
                (select count(*) from ratings g join assignments s on s.id = g.assignment_id where s.freelancer_id = ?) as ratings,
                (select count(*) from payouts where freelancer_id = ?) as payouts`,
        [person.freelancerId, person.freelancerId, person.freelancerId, person.freelancerId],
      );
    console.log(
      `Data export benchmark: a freelancer with ${counts?.shifts} shifts, ${counts?.applications} applications, ` +
        `${counts?.ratings} ratings, ${counts?.payouts} payouts (seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s); ` +
        `load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    const child = fork(__filename, ['--child', url, directory], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const report = await new Promise<ChildReport>((resolve, reject) => {
      child.once('message', (message) => resolve(message as ChildReport));
      child.once('exit', (code) => reject(new Error(`export process exited (${code}) without a report`)));
    });
    console.log(
      `export: ${(report.elapsedMs / 1000).toFixed(2)} s (target < 10 s), ZIP ${(report.sizeBytes / MB).toFixed(2)} MB, ` +
        `RSS before ${report.rssBeforeMb.toFixed(0)} MB, peak RSS ${report.peakRssMb.toFixed(0)} MB (target < 200 MB), ` +
        `${report.progressUpdates} progress updates`,
    );
    console.log(
      report.elapsedMs < 10_000 && report.peakRssMb < 200 ? 'within the targets' : 'OUTSIDE the targets',
    );
  } finally {
    await orm.close(true);
    await rm(directory, { recursive: true, force: true });
    if (!process.env.BENCH_KEEP_DB) await dropDatabase(url);
  }
}

if (process.argv[2] === '--child') {
  const [, , , url, directory] = process.argv;
  exportInThisProcess(url!, directory!).then(
    (report) => process.send!(report, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
