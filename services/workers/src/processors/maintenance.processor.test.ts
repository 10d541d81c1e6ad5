import { eventually } from '@turno/server-runtime/testing';
import type { Redis } from 'ioredis';
import { DOMAIN_EVENT_RETENTION_DAYS, recordEvents, requestAccountDeletion } from '@turno/core';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
} from '@turno/core/testing';
import type { TestDatabase } from '@turno/core/testing';
import { JOB_NAMES, SCHEDULES, registerSchedules, type Queues } from '../queues';
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
const prefix = testQueuePrefix('test');
const silent = silentLogger;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ({ db, connection, queues } = await openWorkerTestEnv(prefix));
});

afterAll(async () => {
  await closeWorkerTestEnv({ db, connection, queues });
});

const eventCount = async () =>
  Number((await db.em.fork().execute<{ n: string }[]>('select count(*) as n from domain_events'))[0]?.n);

describe('maintenance queue', () => {
  it('schedules the pruning of live-update events once a day, once however often it starts', async () => {
    await registerSchedules(queues);
    await registerSchedules(queues);
    const schedulers = await queues.maintenance.getJobSchedulers();
    expect(schedulers.map((s) => [s.key, s.pattern, s.tz]).sort()).toEqual(
      [
        [SCHEDULES.pruneDomainEvents.id, '30 3 * * *', 'America/Sao_Paulo'],
        [SCHEDULES.geocodeStores.id, '*/10 * * * *', 'America/Sao_Paulo'],
        [SCHEDULES.applyRetention.id, '15 4 * * *', 'America/Sao_Paulo'],
        [SCHEDULES.carryOutAccountDeletions.id, '25 * * * *', 'America/Sao_Paulo'],
      ].sort(),
    );
  });

  it('prunes the events older than the retention and keeps the recent ones', async () => {
    const now = new Date();
    await db.em.fork().transactional((tx) =>
      recordEvents(
        tx,
        [1, 2, 3].map((n) => ({ type: 'job_created' as const, restaurantId: n, payload: { n } })),
      ),
    );
    const old = new Date(now.getTime() - (DOMAIN_EVENT_RETENTION_DAYS + 1) * DAY);
    await db.em
      .fork()
      .execute('update domain_events set created_at = ? where restaurant_id in (1, 2)', [old]);

    const workers = startWorkers({ orm: db.orm, connection, prefix, logger: silent, now: () => now });
    try {
      const prune = await queues.maintenance.add(JOB_NAMES.pruneDomainEvents, {});
      await eventually(async () => (await prune.isCompleted()) === true);
      expect((await queues.maintenance.getJob(prune.id!))?.returnvalue).toEqual({ prunedEvents: 2 });
      expect(await eventCount()).toBe(1);

      // At-least-once: delivered again, it finds nothing old left.
      const again = await queues.maintenance.add(JOB_NAMES.pruneDomainEvents, {});
      await eventually(async () => (await again.isCompleted()) === true);
      expect((await queues.maintenance.getJob(again.id!))?.returnvalue).toEqual({ prunedEvents: 0 });
    } finally {
      await workers.close();
    }
  });

  it('applies the retention table on its schedule: a check-in position past 90 days is dropped, counted', async () => {
    const setup = db.orm.em.fork();
    const now = new Date();
    const assignment = await insertCompletedAssignment(
      setup,
      await insertJob(setup, await insertRestaurant(setup)),
      await insertFreelancer(setup),
      { checkInAt: new Date(now.getTime() - 91 * DAY), checkInMethod: 'geofence', checkInDistanceM: 25 },
    );
    const workers = startWorkers({ orm: db.orm, connection, prefix, logger: silent, now: () => now });
    try {
      const run = await queues.maintenance.add(JOB_NAMES.applyRetention, {});
      await eventually(async () => (await run.isCompleted()) === true);
      expect((await queues.maintenance.getJob(run.id!))?.returnvalue).toEqual({
        retention: { check_in_positions: 1, rejected_application_messages: 0 },
      });
      const [row] = await db.em
        .fork()
        .execute<{ check_in_distance_m: number | null; check_in_method: string }[]>(
          'select check_in_distance_m, check_in_method from assignments where id = ?',
          [assignment.id],
        );
      expect(row).toEqual({ check_in_distance_m: null, check_in_method: 'geofence' });
    } finally {
      await workers.close();
    }
  });

  it('carries out the account deletions whose 7-day grace ended (issue 27), and a rerun finds nothing', async () => {
    const setup = db.orm.em.fork();
    const freelancer = await insertFreelancer(setup);
    const now = new Date();
    await requestAccountDeletion(
      db.orm.em.fork(),
      { by: 'self', userId: freelancer.user.id },
      {},
      new Date(now.getTime() - 7 * DAY - 1000),
    );
    const workers = startWorkers({ orm: db.orm, connection, prefix, logger: silent, now: () => now });
    try {
      const run = await queues.maintenance.add(JOB_NAMES.carryOutAccountDeletions, {});
      await eventually(async () => (await run.isCompleted()) === true);
      expect((await queues.maintenance.getJob(run.id!))?.returnvalue).toEqual({
        accountDeletions: { deleted: 1, anonymized: 0, failed: 0, photosRemoved: 0 },
      });
      expect(await db.em.fork().execute('select id from freelancers where id = ?', [freelancer.id])).toEqual(
        [],
      );
      const again = await queues.maintenance.add(JOB_NAMES.carryOutAccountDeletions, {});
      await eventually(async () => (await again.isCompleted()) === true);
      expect((await queues.maintenance.getJob(again.id!))?.returnvalue).toEqual({
        accountDeletions: { deleted: 0, anonymized: 0, failed: 0, photosRemoved: 0 },
      });
    } finally {
      await workers.close();
    }
  });
});
