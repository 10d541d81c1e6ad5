/**
 * The worker process killed (SIGKILL) in the middle of a weekly generation, then started again:
 * the job the dead worker held is found stalled and run again, and in the end every completed
 * assignment of the week is billed exactly once and the paid invoice of the week did not change.
 * Real processes, PostgreSQL and Redis; the billing runs in small batches (BILLING_BATCH_SIZE) so
 * that there is a middle to kill it in.
 */
import type { ChildProcess } from 'node:child_process';
import type { Redis } from 'ioredis';
import { generateCustomInvoices, markInvoicePaid, type Actor } from '@turno/core';
import type { TestDatabase } from '@turno/core/testing';
import { billingWeek, shiftEndTime, workloadMinutes } from '@turno/domain';
import { startWorkerProcess } from './testing/worker-process';
import { enqueueInvoiceGeneration, generationJobData } from './generation-runs';
import type { Queues } from './queues';
import { billingAnomalies, seedCompletedWeek } from './testing/completed-week';
import { closeWorkerTestEnv, openWorkerTestEnv, testQueuePrefix } from './testing/worker-test-env';

jest.setTimeout(120_000);

const RESTAURANTS = 240;
const SHIFTS_PER_RESTAURANT = 20;
const admin: Actor = { role: 'admin', adminId: 1 };

let db: TestDatabase;
let connection: Redis;
let queues: Queues;
const prefix = testQueuePrefix('kill');
const children: ChildProcess[] = [];

beforeAll(async () => {
  ({ db, connection, queues } = await openWorkerTestEnv(prefix));
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await closeWorkerTestEnv({ db, connection, queues });
});

/** Starts main.ts (the worker process), with stalled jobs found within seconds, and waits until it is ready. */
async function startWorker(): Promise<ChildProcess> {
  const child = await startWorkerProcess({
    DATABASE_URL: db.url,
    QUEUE_PREFIX: prefix,
    BILLING_BATCH_SIZE: '4',
    BILLING_CONCURRENCY: '1',
    // A dead worker's job is found stalled within seconds instead of BullMQ's 30 s.
    WORKER_LOCK_DURATION_MS: '4000',
    WORKER_STALLED_INTERVAL_MS: '1000',
  });
  children.push(child);
  return child;
}

/** Restaurants, freelancers, and SHIFTS_PER_RESTAURANT completed shifts each in `week` (testing/completed-week.ts). */
function seed(week: { weekStart: string }) {
  return seedCompletedWeek(db.orm.em.fork(), {
    prefix: 'kill',
    restaurants: RESTAURANTS,
    shiftsPerRestaurant: SHIFTS_PER_RESTAURANT,
    freelancers: 50,
    weekStart: week.weekStart,
  });
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.orm.em.fork().execute<{ n: string }[]>(sql, params))[0]!.n);

it('SIGKILL mid-run, restart: every completed assignment of the week billed once, the paid invoice untouched', async () => {
  const now = new Date();
  const week = billingWeek(now, -1);
  const { firstRestaurantId, amounts } = await seed(week);

  // One business's week was billed (custom invoice) and paid before; then a late shift of its week
  // was approved. The weekly run must bill that shift on a new invoice and leave the paid one alone.
  const custom = await generateCustomInvoices(db.orm.em.fork(), admin, {
    startDate: week.weekStart,
    endDate: week.weekEnd,
    restaurantIds: [firstRestaurantId],
  });
  expect(custom.invoicesGenerated).toBe(1);
  const [paidInvoice] = await db.orm.em
    .fork()
    .execute<{ id: number }[]>('select id from invoices where restaurant_id = ?', [firstRestaurantId]);
  await markInvoicePaid(db.orm.em.fork(), admin, paidInvoice!.id);
  const paidBefore = await db.orm.em.fork().execute(
    `select i.*, (select array_agg(l.assignment_id order by l.assignment_id) from invoice_lines l
                     where l.invoice_id = i.id) as assignment_ids
         from invoices i where i.id = ?`,
    [paidInvoice!.id],
  );
  const em = db.orm.em.fork();
  await em.execute(
    `insert into jobs (restaurant_id, title, position_type, date_needed, start_time, end_time, workload_minutes,
                       charge_cents, status)
     values (?, 'Repositor', 'Repositor', ?::date, '08:00', ?, ?, ?, 'completed')`,
    [firstRestaurantId, week.weekEnd, shiftEndTime('08:00', 8), workloadMinutes(8), amounts.chargeCents],
  );
  await em.execute(
    `insert into assignments (job_id, freelancer_id, status, check_in_at, check_out_at, restaurant_charge_cents,
                              freelancer_payout_cents, commission_cents, completed_at)
     select max(j.id), (select min(id) from freelancers), 'completed', now(), now(), ?, ?, ?, now() from jobs j`,
    [amounts.chargeCents, amounts.payoutCents, amounts.commissionCents],
  );
  const completedOfWeek = RESTAURANTS * SHIFTS_PER_RESTAURANT + 1;

  // The admin asks for last week's invoices; the worker starts billing, 4 businesses a batch.
  const worker = await startWorker();
  const job = await enqueueInvoiceGeneration(
    queues,
    generationJobData({ kind: 'weekly', adminId: 1, weekOffset: -1 }, now),
  );
  // Killed once some batches have committed and many are left.
  for (;;) {
    const progress = (await queues.invoices.getJob(job.id!))?.progress as { processed?: number } | undefined;
    if ((progress?.processed ?? 0) >= 40) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.kill('SIGKILL');
  await exited;
  const billedAtKill = await count('select count(*) as n from invoice_lines');
  expect(billedAtKill).toBeGreaterThan(SHIFTS_PER_RESTAURANT * 40 - 1);
  expect(billedAtKill).toBeLessThan(completedOfWeek);
  expect(await queues.invoices.getJob(job.id!).then((j) => j?.getState())).toBe('active');

  // Started again: it finds the dead worker's job stalled and runs it to the end.
  const restarted = await startWorker();
  for (;;) {
    const state = await (await queues.invoices.getJob(job.id!))?.getState();
    if (state === 'completed') break;
    expect(state).not.toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  restarted.kill('SIGTERM');

  // Every completed assignment of the week: exactly one line.
  const anomalies = await billingAnomalies(db.orm.em.fork(), week);
  expect(anomalies.notBilledOnce).toBe(0);
  expect(await count('select count(*) as n from invoice_lines')).toBe(completedOfWeek);
  expect(await count('select count(distinct assignment_id) as n from invoice_lines')).toBe(completedOfWeek);
  // Every invoice's amount is the sum of its lines; one weekly invoice per business (the late shift
  // of the paid business on a new one); numbers unique.
  expect(anomalies.amountsOff).toBe(0);
  expect(
    await count(`select count(*) as n from invoices where invoice_type = 'restaurant_weekly_invoice'`),
  ).toBe(RESTAURANTS);
  expect(await count('select count(distinct invoice_number) as n from invoices')).toBe(RESTAURANTS + 1);
  // The paid invoice: same row, same lines.
  const paidAfter = await db.orm.em.fork().execute(
    `select i.*, (select array_agg(l.assignment_id order by l.assignment_id) from invoice_lines l
                     where l.invoice_id = i.id) as assignment_ids
         from invoices i where i.id = ?`,
    [paidInvoice!.id],
  );
  expect(paidAfter).toEqual(paidBefore);
  expect((paidAfter[0] as { status: string }).status).toBe('paid');
});
