/**
 * The notifications queue against real PostgreSQL and Redis: a business accepting an application
 * reaches the freelancer's in-app centre through the LISTEN shortcut and the scan; scanning the same
 * events again (the cursor moved back) makes nothing new; an emptied Redis between two events loses
 * neither (the cursor is in PostgreSQL).
 */
import { eventually } from '@turno/server-runtime/testing';
import type { Redis } from 'ioredis';
import { acceptApplication, applyToJob, notificationCursor, OWNER_MEMBERSHIP } from '@turno/core';
import { insertFreelancer, insertJob, insertRestaurant, type TestDatabase } from '@turno/core/testing';
import { JOB_NAMES, SCAN_NOTIFICATIONS_JOB_OPTIONS, type Queues } from '../queues';
import { startWorkers } from '../worker-process';
import {
  closeWorkerTestEnv,
  openWorkerTestEnv,
  silentLogger,
  testQueuePrefix,
} from '../testing/worker-test-env';
import { appliedAndAccepted } from '../testing/notification-fixtures';

jest.setTimeout(60_000);

let db: TestDatabase;
let connection: Redis;
let queues: Queues;
const prefix = testQueuePrefix('notifications');
const NOW = new Date('2026-01-01T12:00:00Z');

beforeAll(async () => {
  ({ db, connection, queues } = await openWorkerTestEnv(prefix));
});
afterAll(async () => {
  await closeWorkerTestEnv({ db, connection, queues });
});

const sql = <T>(query: string, params: unknown[] = []) =>
  db.orm.em.fork().getConnection().execute<T[]>(query, params);

async function drained(): Promise<boolean> {
  const counts = await queues.notifications.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
  return Object.values(counts).every((count) => count === 0);
}

it('turns an acceptance into one notification per person, however many times its events are scanned', async () => {
  const running = startWorkers({
    orm: db.orm,
    connection,
    prefix,
    logger: silentLogger,
    notifications: { listen: true },
  });
  try {
    await running.payoutListener!.ready();
    // The first scan finds no cursor: it starts from the latest event.
    await queues.notifications.add(JOB_NAMES.scanNotificationEvents, {}, SCAN_NOTIFICATIONS_JOB_OPTIONS);
    const cursor = () => notificationCursor(db.orm.em.fork());
    await eventually(async () => (await cursor()) !== null);
    const start = (await cursor())!;

    const em = db.orm.em.fork();
    const restaurant = await insertRestaurant(em, { businessName: 'Mercado Bom Preço' });
    const job = await insertJob(em, restaurant, { positionType: 'Repositor', dateNeeded: '2026-01-05' });
    const freelancer = await insertFreelancer(em, {
      name: 'Ana Souza',
      profilePhotoUrl: '/static/avatars/a.svg',
    });
    await appliedAndAccepted(() => db.orm.em.fork(), restaurant, freelancer, job, NOW);

    // Heard through LISTEN (no scan added by the test): both sides' notifications are made.
    const rows = () =>
      sql<{ user_id: number; kind: string; body: string }>(
        'select user_id, kind, body from notifications order by user_id, kind',
      );
    await eventually(async () => (await rows()).length === 2);
    expect(await rows()).toEqual(
      [
        {
          user_id: restaurant.user.id,
          kind: 'new_application',
          body: 'Ana Souza se candidatou à vaga de Repositor (Mercado Bom Preço, 05/01/2026 às 08:00).',
        },
        {
          user_id: freelancer.user.id,
          kind: 'application_accepted',
          body: 'Sua candidatura para Repositor (Mercado Bom Preço, 05/01/2026 às 08:00) foi aceita.',
        },
      ].sort((a, b) => a.user_id - b.user_id),
    );

    // The same events scanned again: every delivery runs again and makes nothing new.
    await eventually(drained);
    const end = (await cursor())!;
    await sql("update notification_cursors set last_event_id = ? where stream = 'notifications'", [start]);
    await queues.notifications.add(JOB_NAMES.scanNotificationEvents, {}, SCAN_NOTIFICATIONS_JOB_OPTIONS);
    await eventually(async () => (await cursor())! >= end);
    await eventually(drained);
    expect(await rows()).toHaveLength(2);
    const live = await sql<{ n: string }>(
      "select count(*) as n from domain_events where type = 'notification_created'",
    );
    expect(Number(live[0]!.n)).toBe(2);
  } finally {
    await running.close();
  }
});

/** Deletes every key of this test's prefix: what a Redis restarted empty (or flushed) leaves. */
async function emptyRedis(): Promise<void> {
  let next = '0';
  do {
    const [cursor, keys] = await connection.scan(next, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    if (keys.length > 0) await connection.del(...keys);
    next = cursor;
  } while (next !== '0');
}

it('notifies an event that happens after Redis was emptied, exactly once (the cursor is in PostgreSQL)', async () => {
  const start = () =>
    startWorkers({ orm: db.orm, connection, prefix, logger: silentLogger, notifications: { listen: true } });
  const em = db.orm.em.fork();
  const restaurant = await insertRestaurant(em, { businessName: 'Padaria Pão Quente' });
  const job = await insertJob(em, restaurant, { positionType: 'Atendente', dateNeeded: '2026-01-06' });
  const freelancer = await insertFreelancer(em, {
    name: 'Carla Dias',
    profilePhotoUrl: '/static/avatars/c.svg',
  });
  const mine = () =>
    sql<{ kind: string }>('select kind from notifications where user_id in (?, ?) order by kind', [
      restaurant.user.id,
      freelancer.user.id,
    ]);

  let applicationId = 0;
  let running = start();
  try {
    await running.payoutListener!.ready();
    await queues.notifications.add(JOB_NAMES.scanNotificationEvents, {}, SCAN_NOTIFICATIONS_JOB_OPTIONS);
    await eventually(async () => (await notificationCursor(db.orm.em.fork())) !== null);
    // First event: the business hears of the application.
    ({ applicationId } = await applyToJob(
      db.orm.em.fork(),
      { role: 'freelancer', freelancerId: freelancer.id, userId: freelancer.user.id },
      { jobId: job.id },
      NOW,
    ));
    await eventually(async () => (await mine()).length === 1);
    await eventually(drained);
  } finally {
    await running.close();
  }

  // Redis loses everything; the second event happens while the workers are down.
  await emptyRedis();
  expect(await connection.keys(`${prefix}:*`)).toEqual([]);
  await acceptApplication(
    db.orm.em.fork(),
    { role: 'restaurant', restaurantId: restaurant.id, userId: restaurant.user.id, member: OWNER_MEMBERSHIP },
    applicationId,
    NOW,
  );

  running = start();
  try {
    await running.payoutListener!.ready();
    await queues.notifications.add(JOB_NAMES.scanNotificationEvents, {}, SCAN_NOTIFICATIONS_JOB_OPTIONS);
    await eventually(async () => (await mine()).length === 2);
    // Scanned again: nothing repeated.
    await queues.notifications.add(JOB_NAMES.scanNotificationEvents, {}, SCAN_NOTIFICATIONS_JOB_OPTIONS);
    await eventually(drained);
    expect((await mine()).map((row) => row.kind)).toEqual(['application_accepted', 'new_application']);
    const live = await sql<{ n: string }>(
      `select count(*) as n from domain_events e join notifications n on n.id = (e.payload->>'notificationId')::bigint
        where e.type = 'notification_created' and n.user_id in (?, ?)`,
      [restaurant.user.id, freelancer.user.id],
    );
    expect(Number(live[0]!.n)).toBe(2);
  } finally {
    await running.close();
  }
});

it('hands each allowed channel its delivery: at night held until 07:00, a channel turned off not at all', async () => {
  const { processNotificationJob } = await import('./notifications.processor');
  const { setNotificationPreference } = await import('@turno/core');
  // 23:00 and 09:00 in Sao Paulo; the shift is days later (not within 12 hours).
  const night = new Date('2026-03-11T02:00:00Z');
  const morning = new Date('2026-03-11T12:00:00Z');
  const sent: string[] = [];
  const channels = ['web_push', 'email'].map((name) => ({
    name,
    send: async (notification: { id: number; kind: string }) => {
      sent.push(`${notification.kind}:${name}`);
    },
  }));
  const deps = (at: Date) => ({ queue: queues.notifications, channels, now: () => at });
  const run = (name: string, data: unknown, at: Date) =>
    processNotificationJob({ name, data } as never, db.orm.em.fork(), deps(at));

  const em = db.orm.em.fork();
  const restaurant = await insertRestaurant(em, { businessName: 'Açougue Boi Bom' });
  const job = await insertJob(em, restaurant, { positionType: 'Repositor', dateNeeded: '2026-03-20' });
  const freelancer = await insertFreelancer(em, {
    name: 'Davi Reis',
    profilePhotoUrl: '/static/avatars/d.svg',
  });
  await setNotificationPreference(db.orm.em.fork(), freelancer.user.id, 'freelancer', ['email'], {
    kind: 'application_accepted',
    channel: 'email',
    enabled: false,
  });
  await run(JOB_NAMES.scanNotificationEvents, {}, night);
  await appliedAndAccepted(() => db.orm.em.fork(), restaurant, freelancer, job, night);
  const scanned = await run(JOB_NAMES.scanNotificationEvents, {}, night);
  expect(scanned).toMatchObject({ made: 2, deliveries: 3 });
  expect(sent).toEqual([]);

  const delayed = await queues.notifications.getDelayed();
  // One batch per channel (both notifications share the hold): web push two, e-mail one.
  const held = delayed.flatMap((entry) => {
    const data = entry.data as { channel: string; notifications: { kind: string }[] };
    return data.notifications.map((notification) => `${notification.kind}:${data.channel}`);
  });
  expect(delayed).toHaveLength(2);
  expect(held.sort()).toEqual([
    'application_accepted:web_push',
    'new_application:email',
    'new_application:web_push',
  ]);
  for (const entry of delayed)
    expect(entry.opts.delay).toBe(Date.parse('2026-03-11T10:00:00Z') - night.getTime());

  // After 07:00 (here 09:00) each held job sends once.
  for (const entry of delayed) await run(entry.name, entry.data, morning);
  expect(sent.sort()).toEqual([
    'application_accepted:web_push',
    'new_application:email',
    'new_application:web_push',
  ]);
  for (const entry of delayed) await entry.remove();
});

it('sends at night the part of a batch whose shift starts within 12 hours and holds the rest in a job of its own; takes a job of the previous release', async () => {
  const { processNotificationJob } = await import('./notifications.processor');
  const night = new Date('2026-03-12T02:00:00Z'); // 23:00 in Sao Paulo
  const sent: number[] = [];
  const channels = [
    {
      name: 'web_push',
      send: async () => {
        throw new Error('the batch goes through sendMany');
      },
      sendMany: async (batch: readonly { id: number }[]) => {
        sent.push(...batch.map((notification) => notification.id));
      },
    },
  ];
  const deps = { queue: queues.notifications, channels, now: () => night };
  const made = (id: number, shiftStartsAt: string) => ({
    id,
    eventId: id,
    userId: 900_000 + id,
    kind: 'shift_reminder',
    subjectType: 'job',
    subjectId: id,
    title: 'Turno em breve',
    body: 'Seu turno começa logo.',
    link: '/freelancer',
    audience: { freelancerId: id },
    shiftStartsAt,
  });
  const soon = made(9_000_001, '2026-03-12T09:00:00Z'); // 06:00, within 12 hours
  const later = made(9_000_002, '2026-03-14T11:00:00Z'); // days later: waits for 07:00
  const job = {
    name: JOB_NAMES.deliverNotifications,
    data: { channel: 'web_push', notifications: [soon, later] },
    id: 'b-night',
  };
  expect(await processNotificationJob(job as never, db.orm.em.fork(), deps)).toEqual({ sent: 1 });
  expect(sent).toEqual([soon.id]);
  const delayed = (await queues.notifications.getDelayed()).filter((entry) =>
    (entry.data as { notifications?: { id: number }[] }).notifications?.some((n) => n.id === later.id),
  );
  expect(delayed).toHaveLength(1);
  expect(delayed[0]!.id).toBe(`b${later.id}-${later.id}-web_push-h${Date.parse('2026-03-12T10:00:00Z')}`);
  expect(delayed[0]!.opts.delay).toBe(Date.parse('2026-03-12T10:00:00Z') - night.getTime());
  await delayed[0]!.remove();

  // A job of the previous release: one notification, one channel.
  const single = { name: JOB_NAMES.deliverNotification, data: { channel: 'web_push', notification: soon } };
  expect(await processNotificationJob(single as never, db.orm.em.fork(), deps)).toEqual({ sent: 1 });
  expect(sent).toEqual([soon.id, soon.id]);
});
