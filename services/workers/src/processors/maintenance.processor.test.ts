import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { DOMAIN_EVENT_RETENTION_DAYS, recordEvents } from '@turno/core';
import { createTestDatabase, type TestDatabase } from '@turno/core/testing';
import { JOB_NAMES, SCHEDULES, createQueues, registerSchedules, type Queues } from '../queues';
import { startWorkers } from '../worker-process';

let db: TestDatabase;
let connection: Redis;
let queues: Queues;
const prefix = `turno-test-${randomBytes(4).toString('hex')}`;
const silent = { info: () => undefined, error: () => undefined };
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  db = await createTestDatabase();
  connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  queues = createQueues({ connection, prefix });
});

afterAll(async () => {
  await Promise.all(Object.values(queues).map((queue) => queue.obliterate({ force: true })));
  await Promise.all(Object.values(queues).map((queue) => queue.close()));
  await connection.quit();
  await db.drop();
});

async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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
});
