import { eventually } from '@turno/server-runtime/testing';
import type { Redis } from 'ioredis';
import { shiftAmountsCents, shiftEndTime, saoPauloDateTimeToInstant, workloadMinutes } from '@turno/domain';
import { Invoice, type Freelancer, type Restaurant } from '@turno/core';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
  type TestDatabase,
} from '@turno/core/testing';
import { enqueueInvoiceGeneration } from '../generation-runs';
import { JOB_NAMES, type Queues } from '../queues';
import { startWorkers } from '../worker-process';
import {
  closeWorkerTestEnv,
  openWorkerTestEnv,
  testQueuePrefix,
  silentLogger,
} from '../testing/worker-test-env';

let db: TestDatabase;
let connection: Redis;
let queues: Queues;
let clock = new Date();
const prefix = testQueuePrefix('test');
const silent = silentLogger;
const sp = (date: string, time: string) => saoPauloDateTimeToInstant(date, time);

beforeAll(async () => {
  ({ db, connection, queues } = await openWorkerTestEnv(prefix));
});

afterAll(async () => {
  await closeWorkerTestEnv({ db, connection, queues });
});

/** Waits for a job to finish and answers its stored return value. */
async function resultOf(id: string | undefined): Promise<Record<string, unknown>> {
  await eventually(async () => Boolean(await (await queues.invoices.getJob(id!))?.isCompleted()));
  return (await queues.invoices.getJob(id!))!.returnvalue as Record<string, unknown>;
}

async function completed(restaurant: Restaurant, freelancer: Freelancer, date: string, hours = 6) {
  const e = db.orm.em.fork();
  const amounts = shiftAmountsCents(hours, '08:00');
  const job = await insertJob(e, restaurant, {
    dateNeeded: date,
    startTime: '08:00',
    endTime: shiftEndTime('08:00', hours),
    workloadMinutes: workloadMinutes(hours),
    chargeCents: amounts.chargeCents,
    status: 'completed',
  });
  await insertCompletedAssignment(e, job, freelancer, {
    restaurantChargeCents: amounts.chargeCents,
    freelancerPayoutCents: amounts.payoutCents,
    commissionCents: amounts.commissionCents,
    completedAt: sp(date, shiftEndTime('08:00', hours)),
  });
}

/** Invoices and lines as plain rows, to compare before and after a redelivery. */
async function billingState() {
  const e = db.orm.em.fork();
  return {
    invoices: await e.execute(
      'select id, invoice_number, restaurant_id, amount_cents, status, updated_at from invoices order by id',
    ),
    lines: await e.execute(
      'select invoice_id, assignment_id, amount_cents from invoice_lines order by assignment_id',
    ),
  };
}

describe('invoices queue', () => {
  let restaurants: Restaurant[];
  let freelancer: Freelancer;

  beforeAll(async () => {
    const e = db.orm.em.fork();
    restaurants = [await insertRestaurant(e), await insertRestaurant(e), await insertRestaurant(e)];
    freelancer = await insertFreelancer(e);
    // Week 47 of 2026 (16/11–22/11): two restaurants, three shifts (149 + 189 + 149).
    await completed(restaurants[0]!, freelancer, '2026-11-16');
    await completed(restaurants[0]!, freelancer, '2026-11-19', 10);
    await completed(restaurants[1]!, freelancer, '2026-11-22');
  });

  it('a queued weekly-invoices job closes the week just ended; a duplicate delivery changes nothing', async () => {
    clock = sp('2026-11-23', '01:00');
    const workers = startWorkers({ orm: db.orm, connection, prefix, logger: silent, now: () => clock });
    try {
      const first = await queues.invoices.add(JOB_NAMES.weeklyInvoices, { weekOffset: -1 });
      expect(await resultOf(first.id)).toMatchObject({
        job: 'weekly-invoices',
        success: true,
        invoicesGenerated: 2,
        completedAssignments: 3,
        week: {
          weekStart: '2026-11-16',
          weekEnd: '2026-11-22',
          weekProcessed: '16/11/2026 a 22/11/2026',
          amountBilled: 487,
        },
        earlierWeeks: [],
      });
      const state = await billingState();
      expect(
        state.invoices.map((row) => [row.invoice_number, row.restaurant_id, row.amount_cents, row.status]),
      ).toEqual([
        ['TUR-2026-W47-0001', restaurants[0]!.id, 33_800, 'pending'],
        ['TUR-2026-W47-0002', restaurants[1]!.id, 14_900, 'pending'],
      ]);
      expect(state.lines).toHaveLength(3);

      // At-least-once: the same job delivered again, once alone and twice at the same time.
      const again = await queues.invoices.add(JOB_NAMES.weeklyInvoices, { weekOffset: -1 });
      expect(await resultOf(again.id)).toMatchObject({
        invoicesGenerated: 0,
        invoicesUpdated: 0,
        completedAssignments: 0,
      });
      const secondProcess = startWorkers({
        orm: db.orm,
        connection,
        prefix,
        logger: silent,
        now: () => clock,
      });
      try {
        const twins = await Promise.all([
          queues.invoices.add(JOB_NAMES.weeklyInvoices, { weekOffset: -1 }),
          queues.invoices.add(JOB_NAMES.weeklyInvoices, {}),
        ]);
        for (const twin of twins)
          expect(await resultOf(twin.id)).toMatchObject({ invoicesGenerated: 0, completedAssignments: 0 });
      } finally {
        await secondProcess.close();
      }
      expect(await billingState()).toEqual(state);
    } finally {
      await workers.close();
    }
  });

  it('mark-overdue-invoices turns pending invoices past their due date overdue, once', async () => {
    clock = sp('2026-12-03', '00:15'); // due date 02/12 has passed in Sao Paulo
    const workers = startWorkers({ orm: db.orm, connection, prefix, logger: silent, now: () => clock });
    try {
      const run = await queues.invoices.add(JOB_NAMES.markOverdueInvoices, {});
      expect(await resultOf(run.id)).toEqual({
        job: 'mark-overdue-invoices',
        markedOverdue: 2,
        invoiceIds: [1, 2],
      });
      const again = await queues.invoices.add(JOB_NAMES.markOverdueInvoices, {});
      expect(await resultOf(again.id)).toEqual({
        job: 'mark-overdue-invoices',
        markedOverdue: 0,
        invoiceIds: [],
      });
    } finally {
      await workers.close();
    }
  });

  it('runs an admin’s custom generation; a refused request fails at once with its pt-BR message', async () => {
    await completed(restaurants[2]!, freelancer, '2026-11-24', 10);
    clock = sp('2026-11-26', '10:00');
    const workers = startWorkers({ orm: db.orm, connection, prefix, logger: silent, now: () => clock });
    try {
      const custom = await enqueueInvoiceGeneration(queues, {
        kind: 'custom',
        adminId: 1,
        startDate: '2026-11-16',
        endDate: '2026-11-26',
        restaurantIds: null,
      });
      expect(await resultOf(custom.id)).toMatchObject({
        job: 'generate-invoices',
        kind: 'custom',
        issueDate: '2026-11-26',
        dueDate: '2026-12-03',
        invoicesGenerated: 1,
        completedAssignments: 1,
        alreadyBilledAssignments: 3,
        amountBilled: 189,
      });
      // The run reported its progress: the one business billed of the one with work.
      expect((await queues.invoices.getJob(custom.id!))?.progress).toEqual({ processed: 1, total: 1 });
      // The week is named by its Monday: the run bills it whatever week the worker's clock is in.
      const weekly = await enqueueInvoiceGeneration(queues, {
        kind: 'weekly',
        adminId: 1,
        weekOffset: 0,
        weekStart: '2026-11-16',
      });
      expect(weekly.id).toBe('weekly-2026-11-16');
      expect(await resultOf(weekly.id)).toMatchObject({
        kind: 'weekly',
        weekStart: '2026-11-16',
        invoicesGenerated: 0,
      });

      const refused = await enqueueInvoiceGeneration(queues, {
        kind: 'custom',
        adminId: 1,
        startDate: '2026-11-26',
        endDate: '2026-11-16',
        restaurantIds: null,
      });
      await eventually(async () => Boolean(await (await queues.invoices.getJob(refused.id!))?.isFailed()));
      const failed = await queues.invoices.getJob(refused.id!);
      expect([failed?.failedReason, failed?.attemptsMade]).toEqual([
        'A data de início deve ser anterior à data de fim',
        1,
      ]);
    } finally {
      await workers.close();
    }
  });
  it('checks every payload against its contract: the producer refuses a bad one, the worker fails one at once', async () => {
    // The BFF's side: a payload the worker would refuse is never enqueued.
    await expect(
      enqueueInvoiceGeneration(queues, { kind: 'weekly', adminId: 1, weekOffset: 2 }),
    ).rejects.toThrow();
    const before = await db.orm.em.fork().count(Invoice, {});
    const workers = startWorkers({ orm: db.orm, connection, prefix, logger: silent, now: () => clock });
    try {
      // Jobs written by hand (or by an older producer) that break the contract: no retry, no billing.
      const broken = [
        { kind: 'weekly', adminId: '1', weekOffset: 0 },
        { kind: 'custom', adminId: 1, startDate: '26/11/2026', endDate: '2026-11-26', restaurantIds: null },
        { kind: 'refund', adminId: 1 },
      ];
      for (const data of broken) {
        const job = await queues.invoices.add(JOB_NAMES.generateInvoices, data, { attempts: 5 });
        await eventually(async () => Boolean(await (await queues.invoices.getJob(job.id!))?.isFailed()));
        const failed = await queues.invoices.getJob(job.id!);
        expect(failed?.attemptsMade).toBe(1);
        expect(failed?.failedReason).toMatch(/^Invalid payload of job generate-invoices/);
      }
      const weekly = await queues.invoices.add(JOB_NAMES.weeklyInvoices, { weekOffset: 'last' });
      await eventually(async () => Boolean(await (await queues.invoices.getJob(weekly.id!))?.isFailed()));
      expect((await queues.invoices.getJob(weekly.id!))?.failedReason).toMatch(/weekOffset/);
    } finally {
      await workers.close();
    }
    expect(await db.orm.em.fork().count(Invoice, {})).toBe(before);
  });
});
