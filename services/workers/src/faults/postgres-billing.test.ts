/**
 * PostgreSQL connections of the worker dropped (pg_terminate_backend on this test's database only)
 * in the middle of a weekly generation: the attempt fails, BullMQ retries it (the run's own
 * back-off) in the same worker process — which neither dies nor is restarted, its pool reconnecting
 * by itself — and in the end every completed assignment of the week is billed exactly once, every
 * invoice's amount is the sum of its lines, and there is one invoice per business. Same invariants
 * as worker-kill.test.ts; the billing runs in small batches (BILLING_BATCH_SIZE) so that there is a
 * middle to hit.
 */
import type { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import type { Redis } from 'ioredis';
import type { TestDatabase } from '@turno/core/testing';
import { billingWeek } from '@turno/domain';
import { startWorkerProcess } from '../testing/worker-process';
import { enqueueInvoiceGeneration, generationJobData } from '../generation-runs';
import type { Queues } from '../queues';
import { billingAnomalies, seedCompletedWeek } from '../testing/completed-week';
import { closeWorkerTestEnv, openWorkerTestEnv, testQueuePrefix } from '../testing/worker-test-env';

jest.setTimeout(90_000);

const RESTAURANTS = 120;
const SHIFTS_PER_RESTAURANT = 10;

let db: TestDatabase;
let connection: Redis;
let queues: Queues;
let admin: Client;
let worker: ChildProcess | undefined;
const prefix = testQueuePrefix('fault-pg');

beforeAll(async () => {
  ({ db, connection, queues } = await openWorkerTestEnv(prefix));
  const url = new URL(db.url);
  url.pathname = '/postgres';
  admin = new Client({ connectionString: url.toString() });
  await admin.connect();
});
afterAll(async () => {
  if (worker?.exitCode === null) worker.kill('SIGKILL');
  await admin?.end();
  await closeWorkerTestEnv({ db, connection, queues });
});

/** Starts main.ts (the worker process) with one restaurant a batch, and waits until it is ready. */
function startWorker(): Promise<ChildProcess> {
  return startWorkerProcess({
    DATABASE_URL: db.url,
    QUEUE_PREFIX: prefix,
    BILLING_BATCH_SIZE: '4',
    BILLING_CONCURRENCY: '1',
  });
}

/** Restaurants, freelancers, and SHIFTS_PER_RESTAURANT completed shifts each in `week` (testing/completed-week.ts). */
function seed(week: { weekStart: string }) {
  return seedCompletedWeek(db.orm.em.fork(), {
    prefix: 'pgfault',
    restaurants: RESTAURANTS,
    shiftsPerRestaurant: SHIFTS_PER_RESTAURANT,
    freelancers: 30,
    weekStart: week.weekStart,
  });
}

/** Terminates every backend of this test's database (and only of it); answers how many. */
async function dropConnections(): Promise<number> {
  const name = new URL(db.url).pathname.slice(1);
  const { rows } = await admin.query<{ n: string }>(
    `select count(*) filter (where pg_terminate_backend(pid)) as n
       from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [name],
  );
  return Number(rows[0]!.n);
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.orm.em.fork().execute<{ n: string }[]>(sql, params))[0]!.n);

it('connections dropped mid-run: the attempt fails, the retry bills the rest, every assignment billed once', async () => {
  const now = new Date();
  const week = billingWeek(now, -1);
  await seed(week);
  const completedOfWeek = RESTAURANTS * SHIFTS_PER_RESTAURANT;

  worker = await startWorker();
  const job = await enqueueInvoiceGeneration(
    queues,
    generationJobData({ kind: 'weekly', adminId: 1, weekOffset: -1 }, now),
  );
  const current = () => queues.invoices.getJob(job.id!);
  for (;;) {
    const progress = (await current())?.progress as { processed?: number } | undefined;
    if ((progress?.processed ?? 0) >= 20) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // Drop the worker's connections until the attempt fails (a drop between two batches may land
  // on idle connections only, which the pool just replaces).
  let dropped = 0;
  for (let round = 0; round < 100 && ((await current())?.attemptsMade ?? 0) === 0; round += 1) {
    dropped += await dropConnections();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const afterDrop = await current();
  expect(afterDrop?.attemptsMade).toBeGreaterThanOrEqual(1);
  // The drop's own error, or knex's when the drop ended the transaction between two of its queries.
  expect(afterDrop?.failedReason).toMatch(
    /terminat|connection|Connection|Transaction query already complete/,
  );
  const billedAtFailure = await count('select count(*) as n from invoice_lines');
  expect(billedAtFailure).toBeLessThan(completedOfWeek);

  // The retry (5 s back-off) runs in the same process and finishes the run.
  for (;;) {
    const state = await (await current())?.getState();
    if (state === 'completed') break;
    expect(state).not.toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(worker.exitCode).toBeNull();
  expect(worker.signalCode).toBeNull();
  worker.kill('SIGTERM');

  const anomalies = await billingAnomalies(db.orm.em.fork(), week);
  expect(anomalies.notBilledOnce).toBe(0);
  expect(await count('select count(*) as n from invoice_lines')).toBe(completedOfWeek);
  expect(anomalies.amountsOff).toBe(0);
  expect(await count(`select count(*) as n from invoices`)).toBe(RESTAURANTS);
  expect(await count('select count(distinct invoice_number) as n from invoices')).toBe(RESTAURANTS);
  // eslint-disable-next-line no-console -- the figures of the fault, for the CI log
  console.log(
    `billing under dropped connections: ${dropped} backends terminated, ${billedAtFailure} of ` +
      `${completedOfWeek} lines billed when the attempt failed, ${(await current())?.attemptsMade} attempts`,
  );
});
