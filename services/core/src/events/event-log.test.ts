import { Client, type Notification } from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createTestDatabase, type TestDatabase } from '../testing';
import { latestEventId } from './audience';
import {
  DOMAIN_EVENTS_CHANNEL,
  concerns,
  eventsAfter,
  eventLogBounds,
  parseEventNotification,
  pruneDomainEvents,
  type PublishedEvent,
} from './event-log';
import { eventRows, recordEvent, recordEvents, type EventRecord } from './record-event';

let db: TestDatabase;
let listener: Client;
const notifications: string[] = [];
const em = () => db.orm.em.fork();

beforeAll(async () => {
  db = await createTestDatabase();
  listener = new Client({ connectionString: db.url });
  await listener.connect();
  listener.on('notification', (message: Notification) => notifications.push(message.payload ?? ''));
  await listener.query(`LISTEN ${DOMAIN_EVENTS_CHANNEL}`);
});
afterAll(async () => {
  await listener.end();
  await db.drop();
});
/** The newest event of earlier tests: their notifications may still arrive during the next test. */
let earlierEvents = 0;
beforeEach(async () => {
  const [row] = await em().execute<{ id: number }[]>(
    'select coalesce(max(id), 0)::int as id from domain_events',
  );
  earlierEvents = Math.max(earlierEvents, row?.id ?? 0);
  await em().execute('delete from domain_events');
  notifications.length = 0;
});

/** This test's notifications (a late one of an earlier test's events is left out). */
const received = (): PublishedEvent[] =>
  notifications
    .map((text) => parseEventNotification(text) as PublishedEvent)
    .filter((event) => event.id > earlierEvents);

/** Records events in their own transaction. */
const commit = (events: EventRecord[]) => em().transactional((tx) => recordEvents(tx, events));

async function storedEvents(entityManager: EntityManager = em()): Promise<PublishedEvent[]> {
  return eventsAfter(entityManager, { kind: 'admin' }, 0, 1_000);
}

/** Resolves once `count` notifications arrived (or fails after 15 s: a hang, not a slow machine). */
async function notified(count: number): Promise<PublishedEvent[]> {
  const deadline = Date.now() + 15_000;
  while (received().length < count) {
    if (Date.now() > deadline) throw new Error(`${received().length} of ${count} notifications`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return received();
}

/** Waits long enough for a notification that is not coming to have arrived. */
const quietPeriod = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('recordEvent', () => {
  it("stores the event with its audience in the caller's transaction", async () => {
    await commit([
      {
        type: 'job_assignment',
        restaurantId: 3,
        freelancerId: 4,
        allFreelancers: true,
        payload: { jobId: 9, assignmentId: 11 },
      },
    ]);
    expect(await storedEvents()).toEqual([
      {
        id: expect.any(Number),
        type: 'job_assignment',
        restaurantId: 3,
        freelancerId: 4,
        allFreelancers: true,
        allRestaurants: false,
        payload: { jobId: 9, assignmentId: 11 },
      },
    ]);
  });

  it('refuses to run outside a transaction, where the event could part from its change', async () => {
    await expect(recordEvent(em(), { type: 'job_created', payload: {} })).rejects.toThrow(
      'inside the transaction',
    );
    expect(await storedEvents()).toEqual([]);
  });

  it('leaves nothing behind when the transaction rolls back', async () => {
    await expect(
      em().transactional(async (tx) => {
        await recordEvent(tx, { type: 'job_created', restaurantId: 1, payload: { jobIds: [1] } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await storedEvents()).toEqual([]);
  });

  it('shares one change among restaurants and freelancers in as few rows as needed', () => {
    const rows = eventRows({
      type: 'job_updated',
      restaurantIds: [1, 2, 1],
      freelancerIds: [7, null, 8, 9],
      allFreelancers: true,
      payload: { jobId: 5 },
    });
    expect(rows.map((row) => [row.restaurantId, row.freelancerId, row.allFreelancers])).toEqual([
      [1, 7, true],
      [2, 8, false],
      [null, 9, false],
    ]);
    expect(eventRows({ type: 'invoice_paid', payload: { invoiceId: 1 } })).toHaveLength(1);
  });
});

describe('commit order', () => {
  it('gives ids in the order transactions commit, not the order they recorded', async () => {
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstRecorded!: () => void;
    const firstHasRecorded = new Promise<void>((resolve) => (firstRecorded = resolve));

    const first = em().transactional(async (tx) => {
      await recordEvent(tx, { type: 'job_created', restaurantId: 1, payload: { order: 'first' } });
      firstRecorded();
      await firstMayCommit;
    });
    await firstHasRecorded;
    await commit([{ type: 'job_created', restaurantId: 1, payload: { order: 'second' } }]);
    releaseFirst();
    await first;

    const events = await storedEvents();
    expect(events.map((event) => event.payload.order)).toEqual(['second', 'first']);
    // The version of a list never hides a change committed before it.
    expect(await latestEventId(em(), { kind: 'restaurant', restaurantId: 1 })).toBe(events[1]?.id);
  });
});

describe('notifications', () => {
  it('reach a LISTEN connection at commit, with the committed id and the audience', async () => {
    let inside!: () => void;
    const recorded = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const mayCommit = new Promise<void>((resolve) => (release = resolve));
    const transaction = em().transactional(async (tx) => {
      await recordEvent(tx, {
        type: 'check_in',
        restaurantId: 2,
        freelancerId: 5,
        payload: { jobId: 1, assignmentId: 3 },
      });
      inside();
      await mayCommit;
    });
    try {
      await recorded;
      await quietPeriod();
      expect(received()).toEqual([]);
    } finally {
      // Commits even when the check failed: an open transaction would keep the database from dropping.
      release();
      await transaction;
    }
    const [event] = await notified(1);
    const [stored] = await storedEvents();
    expect(event).toEqual(stored);
    expect(event).toMatchObject({ type: 'check_in', restaurantId: 2, freelancerId: 5 });
  });

  it('never reach it after a rollback', async () => {
    await expect(
      em().transactional(async (tx) => {
        await recordEvent(tx, { type: 'check_out', restaurantId: 2, payload: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await quietPeriod();
    expect(received()).toEqual([]);
  });

  it('arrive in id order, and announce a large payload without it', async () => {
    await commit([
      { type: 'job_created', restaurantId: 1, payload: { jobIds: [1] } },
      {
        type: 'job_created',
        restaurantId: 2,
        payload: { jobIds: Array.from({ length: 2_000 }, (_, i) => i) },
      },
    ]);
    const events = await notified(2);
    expect(events.map((event) => event.restaurantId)).toEqual([1, 2]);
    expect(events[0]!.id).toBeLessThan(events[1]!.id);
    expect(events[1]!.payload).toEqual({});
    expect((await storedEvents())[1]?.payload.jobIds).toHaveLength(2_000);
  });
});

describe('audiences', () => {
  beforeEach(() =>
    commit([
      { type: 'job_created', restaurantId: 1, allFreelancers: true, payload: { n: 1 } },
      { type: 'job_application', restaurantId: 1, freelancerId: 7, payload: { n: 2 } },
      { type: 'invoice_paid', restaurantId: 2, payload: { n: 3 } },
      { type: 'freelancer_updated', freelancerId: 8, allRestaurants: true, payload: { n: 4 } },
      { type: 'job_completed', restaurantId: 2, freelancerId: 8, payload: { n: 5 } },
    ]),
  );

  const seen = async (audience: Parameters<typeof eventsAfter>[1], after = 0, limit = 100) =>
    (await eventsAfter(em(), audience, after, limit)).map((event) => event.payload.n);

  it('replay to each audience exactly the events it may see, oldest first', async () => {
    expect(await seen({ kind: 'admin' })).toEqual([1, 2, 3, 4, 5]);
    expect(await seen({ kind: 'restaurant', restaurantId: 1 })).toEqual([1, 2, 4]);
    expect(await seen({ kind: 'restaurant', restaurantId: 2 })).toEqual([3, 4, 5]);
    expect(await seen({ kind: 'freelancer', freelancerId: 7 })).toEqual([1, 2]);
    expect(await seen({ kind: 'freelancer', freelancerId: 8 })).toEqual([1, 4, 5]);
    expect(await seen({ kind: 'freelancer', freelancerId: 9 })).toEqual([1]);
  });

  it('replay from an id and up to a limit', async () => {
    const all = await storedEvents();
    expect(await seen({ kind: 'restaurant', restaurantId: 2 }, all[2]!.id)).toEqual([4, 5]);
    expect(await seen({ kind: 'freelancer', freelancerId: 8 }, 0, 2)).toEqual([1, 4]);
  });

  it('agree with concerns(), which the streams use to route a notification', async () => {
    const all = await storedEvents();
    for (const audience of [
      { kind: 'restaurant', restaurantId: 2 },
      { kind: 'freelancer', freelancerId: 8 },
    ] as const) {
      const routed = all.filter((event) => concerns(audience, event)).map((event) => event.payload.n);
      expect(routed).toEqual(await seen(audience));
    }
  });

  it('version each audience by its latest visible event', async () => {
    const ids = (await storedEvents()).map((event) => event.id);
    expect(await latestEventId(em(), { kind: 'admin' })).toBe(ids[4]);
    expect(await latestEventId(em(), { kind: 'restaurant', restaurantId: 1 })).toBe(ids[3]);
    expect(await latestEventId(em(), { kind: 'restaurant', restaurantId: 3 })).toBe(ids[3]);
    expect(await latestEventId(em(), { kind: 'freelancer', freelancerId: 7 })).toBe(ids[1]);
    expect(await latestEventId(em(), { kind: 'freelancer', freelancerId: 9 })).toBe(ids[0]);
  });
});

describe('pruneDomainEvents', () => {
  it('deletes events older than the retention, a batch at a time, and nothing more when run again', async () => {
    const now = new Date('2026-03-10T12:00:00Z');
    await commit(Array.from({ length: 5 }, () => ({ type: 'job_created' as const, payload: {} })));
    const [a, b, c] = await storedEvents();
    await em().execute(`update domain_events set created_at = ? where id in (?, ?)`, [
      new Date('2026-03-06T12:00:00Z'),
      a!.id,
      b!.id,
    ]);
    await em().execute(`update domain_events set created_at = ? where id = ?`, [
      new Date('2026-03-07T13:00:00Z'),
      c!.id,
    ]);

    expect(await pruneDomainEvents(em(), now, { batchSize: 1 })).toBe(2);
    expect(await eventLogBounds(em())).toEqual({ oldestId: c!.id, latestId: expect.any(Number) });
    expect(await pruneDomainEvents(em(), now)).toBe(0);
    expect(await storedEvents()).toHaveLength(3);
  });

  it('reads no bounds from an empty log', async () => {
    expect(await eventLogBounds(em())).toBeNull();
  });
});

describe('parseEventNotification', () => {
  it('refuses what is not an event', () => {
    expect(parseEventNotification('not json')).toBeNull();
    expect(parseEventNotification('{"id":"7","type":"job_created"}')).toBeNull();
    expect(parseEventNotification('{"id":7,"type":"job_created","restaurantId":"x"}')).toMatchObject({
      id: 7,
      restaurantId: null,
      payload: {},
    });
  });
});
