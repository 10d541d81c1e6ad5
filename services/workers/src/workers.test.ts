import { eventually } from '@turno/server-runtime/testing';
import type { Redis } from 'ioredis';
import { Application, seedDemoDataOnce } from '@turno/core';
import type { TestDatabase } from '@turno/core/testing';
import {
  JOB_NAMES,
  JOB_RETENTION,
  SCHEDULES,
  registerSchedules,
  scheduleApplicationExpiry,
  type Queues,
} from './queues';
import { startWorkers } from './worker-process';
import {
  closeWorkerTestEnv,
  openWorkerTestEnv,
  testQueuePrefix,
  silentLogger,
} from './testing/worker-test-env';

let db: TestDatabase;
let connection: Redis;
let queues: Queues;
let clock = new Date();
const prefix = testQueuePrefix('test');
const silent = silentLogger;

beforeAll(async () => {
  ({ db, connection, queues } = await openWorkerTestEnv(prefix));
  await seedDemoDataOnce({ orm: db.orm });
});

afterAll(async () => {
  await closeWorkerTestEnv({ db, connection, queues });
});

async function statusOf(id: number): Promise<string> {
  const application = await db.orm.em.fork().findOneOrFail(Application, id);
  return application.status;
}

describe('worker process', () => {
  it('registers the weekly invoice, overdue and sweeper schedules once, however often it starts', async () => {
    await registerSchedules(queues);
    await registerSchedules(queues);
    const invoiceSchedules = await queues.invoices.getJobSchedulers();
    const expirySchedules = await queues.applicationExpiry.getJobSchedulers();
    expect(invoiceSchedules.map((s) => [s.key, s.pattern, s.tz]).sort()).toEqual([
      [SCHEDULES.markOverdueInvoices.id, '15 0 * * *', 'America/Sao_Paulo'],
      [SCHEDULES.weeklyInvoices.id, '0 1 * * 1', 'America/Sao_Paulo'],
    ]);
    expect(expirySchedules.map((s) => [s.key, s.pattern])).toEqual([
      [SCHEDULES.sweepExpiredApplications.id, '*/5 * * * *'],
    ]);
  });

  it('processes a queued expiry: the application expires at its time, and a second delivery changes nothing', async () => {
    const em = db.orm.em.fork();
    const pending = await em.find(Application, { status: 'pending' }, { orderBy: { id: 'asc' } });
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const [due, notYetDue] = pending as [Application, Application];

    // The clock stands one second after the first application's expiry, before the second's.
    clock = new Date(due.expiresAt.getTime() + 1_000);
    notYetDue.expiresAt = new Date(clock.getTime() + 60_000);
    await em.flush();

    const workers = startWorkers({ orm: db.orm, connection, prefix, logger: silent, now: () => clock });
    try {
      await scheduleApplicationExpiry(queues, due.id, due.expiresAt, clock);
      await scheduleApplicationExpiry(queues, notYetDue.id, clock, clock); // delivered early: must not expire it
      await eventually(async () => (await statusOf(due.id)) === 'expired');
      await eventually(async () => (await queues.applicationExpiry.getCompletedCount()) >= 2);
      expect(await statusOf(notYetDue.id)).toBe('pending');

      // At-least-once: the same job delivered again finds nothing to do.
      const again = await queues.applicationExpiry.add(JOB_NAMES.expireApplication, {
        applicationId: due.id,
      });
      await eventually(async () => (await again.isCompleted()) === true);
      expect((await queues.applicationExpiry.getJob(again.id!))?.returnvalue).toEqual({ expired: 0 });
    } finally {
      await workers.close();
    }
  });

  it('fails an expiry job whose payload breaks its contract at once, expiring nothing', async () => {
    const em = db.orm.em.fork();
    const pendingBefore = await em.count(Application, { status: 'pending' });
    expect(pendingBefore).toBeGreaterThan(0);
    clock = new Date(Date.now() + 3 * 60 * 60 * 1000);
    const workers = startWorkers({ orm: db.orm, connection, prefix, logger: silent, now: () => clock });
    try {
      // Without an id, the job would have expired every due application (the sweeper's reading).
      for (const data of [{}, { applicationId: 'all' }, { applicationId: -1 }]) {
        const job = await queues.applicationExpiry.add(JOB_NAMES.expireApplication, data, { attempts: 3 });
        await eventually(async () => (await job.isFailed()) === true);
        const failed = await queues.applicationExpiry.getJob(job.id!);
        expect([failed?.attemptsMade, failed?.failedReason]).toEqual([
          1,
          expect.stringMatching(/^Invalid payload of job expire-application .*applicationId/),
        ]);
      }
    } finally {
      await workers.close();
    }
    expect(await db.orm.em.fork().count(Application, { status: 'pending' })).toBe(pendingBefore);
  });

  it('sweeps every pending application past its expiry, as a backstop for lost delayed jobs', async () => {
    const em = db.orm.em.fork();
    clock = new Date(Date.now() + 3 * 60 * 60 * 1000); // three hours on: every seeded pending application is due
    const pendingBefore = await em.count(Application, { status: 'pending', expiresAt: { $lte: clock } });
    expect(pendingBefore).toBeGreaterThan(0);
    const workers = startWorkers({ orm: db.orm, connection, prefix, logger: silent, now: () => clock });
    try {
      const sweep = await queues.applicationExpiry.add(JOB_NAMES.sweepExpiredApplications, {});
      await eventually(async () => (await sweep.isCompleted()) === true);
      expect((await queues.applicationExpiry.getJob(sweep.id!))?.returnvalue).toEqual({
        expired: pendingBefore,
      });
      expect(
        await db.orm.em.fork().count(Application, { status: 'pending', expiresAt: { $lte: clock } }),
      ).toBe(0);
    } finally {
      await workers.close();
    }
  });
  it('keeps finished jobs of every queue bounded: every scheduler, queue and expiry job says how long', async () => {
    await registerSchedules(queues);
    for (const queue of Object.values(queues)) {
      expect(queue.defaultJobOptions).toMatchObject(JOB_RETENTION);
      for (const scheduler of await queue.getJobSchedulers()) {
        expect({ key: scheduler.key, opts: scheduler.template?.opts }).toMatchObject({
          key: scheduler.key,
          opts: JOB_RETENTION,
        });
      }
    }
    await scheduleApplicationExpiry(queues, 999_999, new Date(Date.now() + 3_600_000));
    const delayed = await queues.applicationExpiry.getJob('application-999999');
    expect(delayed?.opts).toMatchObject(JOB_RETENTION);
    await delayed?.remove();
  });
});
