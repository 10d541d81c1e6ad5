import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@turno/server-runtime/testing';
import type { Redis } from 'ioredis';
import { DATA_EXPORT_FILES } from '@turno/domain';
import { LocalPhotoStorage, dataExportOfUser, requestDataExport } from '@turno/core';
import { insertFreelancerWithHistory, type TestDatabase } from '@turno/core/testing';
import { pdfText } from '@turno/core/testing/pdf';
import { JOB_NAMES, SCHEDULES, registerSchedules, type Queues } from '../queues';
import { startWorkers } from '../worker-process';
import {
  closeWorkerTestEnv,
  openWorkerTestEnv,
  silentLogger,
  testQueuePrefix,
} from '../testing/worker-test-env';

let db: TestDatabase;
let connection: Redis;
let queues: Queues;
let directory: string;
let storage: LocalPhotoStorage;
const prefix = testQueuePrefix('exports');

beforeAll(async () => {
  ({ db, connection, queues } = await openWorkerTestEnv(prefix));
  directory = await mkdtemp(join(tmpdir(), 'turno-worker-exports-'));
  storage = new LocalPhotoStorage(directory);
});

afterAll(async () => {
  await closeWorkerTestEnv({ db, connection, queues });
  if (directory) await rm(directory, { recursive: true, force: true });
});

describe('data-exports queue (issue 27)', () => {
  it('sweeps every 2 s, registered once however often it starts', async () => {
    await registerSchedules(queues);
    await registerSchedules(queues);
    const schedulers = await queues.dataExports.getJobSchedulers();
    expect(schedulers.map((s) => [s.key, Number(s.every)])).toEqual([[SCHEDULES.sweepDataExports.id, 2_000]]);
  });

  it('builds a queued export into a stored ZIP (JSON with applications and payments, PDF with text), then removes it once expired', async () => {
    const person = await insertFreelancerWithHistory(db.em.fork(), { shifts: 30 });
    const requested = await requestDataExport(db.em.fork(), { userId: person.userId });
    let clock = new Date();
    const workers = startWorkers({
      orm: db.orm,
      connection,
      prefix,
      logger: silentLogger,
      now: () => clock,
      dataExports: { storage },
    });
    try {
      await queues.dataExports.add(JOB_NAMES.sweepDataExports, {});
      const statusOf = async () =>
        (await dataExportOfUser(db.em.fork(), person.userId, requested.id, clock))!;
      await eventually(async () => (await statusOf()).status === 'ready');
      const ready = await statusOf();
      expect(ready.progress).toBe(100);
      const [row] = await db.em
        .fork()
        .getConnection()
        .execute<{ storage_key: string }[]>('select storage_key from data_exports where id = ?', [
          requested.id,
        ]);
      const stored = await storage.get(row!.storage_key);
      expect(stored?.contentType).toBe('application/zip');
      expect(ready.sizeBytes).toBe(stored!.bytes.length);

      const file = join(directory, 'check.zip');
      await writeFile(file, stored!.bytes);
      expect(spawnSync('unzip', ['-t', file], { encoding: 'utf8' }).stdout).toContain('No errors detected');
      const json = JSON.parse(
        spawnSync('unzip', ['-p', file, DATA_EXPORT_FILES.json], { encoding: 'utf8' }).stdout,
      );
      expect(json.candidaturas).toHaveLength(31);
      expect(json.pagamentos).toHaveLength(30);
      const pdf = spawnSync('unzip', ['-p', file, DATA_EXPORT_FILES.pdf]).stdout;
      expect(pdfText(pdf).text).toContain('Pagamentos recebidos: 30');

      // 24 h later the next sweep expires it and removes the file.
      clock = new Date(clock.getTime() + 24 * 3_600_000 + 1_000);
      await queues.dataExports.add(JOB_NAMES.sweepDataExports, {});
      await eventually(async () => (await statusOf()).status === 'expired');
      await eventually(async () => (await storage.get(row!.storage_key)) === null);
    } finally {
      await workers.close();
    }
  });
});
