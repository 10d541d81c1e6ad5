/**
 * Redis killed (SIGKILL) and started again under the worker process (main.ts, a real child
 * process), with AOF on as production runs it: the worker neither dies nor needs a restart — it
 * reconnects by itself — a job scheduled (delayed) before the outage runs after it, a job enqueued
 * after it runs within seconds, and the recurring schedules are all still registered.
 */
import { type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '@turno/core/testing';
import { startPrivateRedis, type PrivateRedis } from '@turno/server-runtime/testing';
import { startWorkerProcess } from '../testing/worker-process';
import { JOB_NAMES, SCHEDULES, createQueues, type Queues } from '../queues';

jest.setTimeout(150_000);

const REDIS_PORT = 26712;
const prefix = 'turno-fault-redis';

let db: TestDatabase;
let privateRedis: PrivateRedis;
let connection: Redis;
let queues: Queues;
let worker: ChildProcess;

beforeAll(async () => {
  privateRedis = await startPrivateRedis(REDIS_PORT, { appendOnly: true });
  db = await createTestDatabase();
  connection = new Redis(privateRedis.url, { maxRetriesPerRequest: null });
  connection.on('error', () => undefined);
  queues = createQueues({ connection, prefix });
  // The test's own producers lose Redis too: their reconnect errors are expected.
  for (const queue of Object.values(queues)) queue.on('error', () => undefined);
});
afterAll(async () => {
  if (worker?.exitCode === null) worker.kill('SIGKILL');
  for (const queue of Object.values(queues ?? {})) await queue.close();
  connection?.disconnect();
  await privateRedis?.close();
  await db?.drop();
});

/** Starts main.ts on the private Redis and waits until it is ready. */
function startWorker(): Promise<ChildProcess> {
  return startWorkerProcess({ DATABASE_URL: db.url, REDIS_URL: privateRedis.url, QUEUE_PREFIX: prefix });
}

async function stateWithin(queueJob: () => Promise<string | undefined>, wanted: string, ms: number) {
  const deadline = Date.now() + ms;
  let state: string | undefined;
  while (Date.now() < deadline) {
    state = await queueJob();
    if (state === wanted) return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return state;
}

it('keeps running through a Redis restart and runs the jobs scheduled before and enqueued after it', async () => {
  worker = await startWorker();
  const schedulesBefore = (await queues.invoices.getJobSchedulers()).map((s) => s.key).sort();
  expect(schedulesBefore).toEqual([SCHEDULES.markOverdueInvoices.id, SCHEDULES.weeklyInvoices.id].sort());

  // Scheduled 3 s from now, then Redis dies at once and stays down 1.5 s.
  const scheduled = await queues.invoices.add(JOB_NAMES.markOverdueInvoices, {}, { delay: 3_000 });
  await privateRedis.stop('SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(worker.exitCode).toBeNull();
  await privateRedis.start();
  const restartedAt = Date.now();

  // The delayed job comes back from the AOF and runs; the worker was not restarted.
  const scheduledState = () => queues.invoices.getJob(scheduled.id!).then((job) => job?.getState());
  expect(await stateWithin(scheduledState, 'completed', 45_000)).toBe('completed');
  const enqueued = await queues.invoices.add(JOB_NAMES.markOverdueInvoices, {});
  const enqueuedState = () => queues.invoices.getJob(enqueued.id!).then((job) => job?.getState());
  expect(await stateWithin(enqueuedState, 'completed', 45_000)).toBe('completed');
  expect(worker.exitCode).toBeNull();
  expect(worker.signalCode).toBeNull();
  // eslint-disable-next-line no-console -- the figure of the recovery, for the CI log
  console.log(`workers: both jobs done ${Date.now() - restartedAt} ms after Redis came back`);

  // Recurring schedules survive the restart (they live in Redis).
  expect((await queues.invoices.getJobSchedulers()).map((s) => s.key).sort()).toEqual(schedulesBefore);
  expect((await queues.applicationExpiry.getJobSchedulers()).map((s) => s.key)).toEqual([
    SCHEDULES.sweepExpiredApplications.id,
  ]);
});
