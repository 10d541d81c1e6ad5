import { connect, type Socket } from 'node:net';
import { MESSAGES } from '@turno/domain';
import {
  createJobs,
  deleteRestaurant,
  recordEvents,
  type EventRecord,
  type Orm,
  type PublishedEvent,
  OWNER_MEMBERSHIP,
} from '@turno/core';
import { createTestDatabase, insertFreelancer, insertRestaurant } from '@turno/core/testing';
import { eventually } from '@turno/server-runtime/testing';
import { createBffApp, type BffApp, type BffDependencies } from '../app';
import { listen, type RunningServer } from '../server';
import {
  createTestSession,
  openEventStream,
  startBffForTest,
  walkRoles,
  walkRoutes,
  type OpenedEventStream,
  type TestBff,
} from '../testing';
import type { LiveOptions } from './live-service';

const HEARTBEAT_MS = 250;

/** A BFF that serves nothing but the live stream, for one role. */
const liveBff =
  (access: LiveOptions['access'], options: Partial<LiveOptions> = {}) =>
  (deps: BffDependencies) =>
    createBffApp({
      name: `bff-live-${access}`,
      routes: [],
      live: { access, heartbeatMs: HEARTBEAT_MS, ...options },
      ...deps,
    });

let restaurantBff: TestBff;
/** More apps on the same database and Redis (admin, freelancer), as other BFF processes would be. */
const others: { app: BffApp; server: RunningServer }[] = [];
let adminUrl: string;
let freelancerUrl: string;
const streams: OpenedEventStream[] = [];

async function startAnother(create: (deps: BffDependencies) => BffApp): Promise<string> {
  const app = create({
    orm: restaurantBff.db.orm,
    redis: restaurantBff.redis,
    security: restaurantBff.security,
  });
  await app.live?.ready();
  const server = await listen(app.app, 0);
  others.push({ app, server });
  return server.url;
}

beforeAll(async () => {
  restaurantBff = await startBffForTest(liveBff('restaurant'));
  adminUrl = await startAnother(liveBff('admin'));
  freelancerUrl = await startAnother(liveBff('freelancer'));
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(async () => {
  for (const { app, server } of others) {
    await app.close();
    await server.close();
  }
  await restaurantBff.close();
});

const orm = (): Orm => restaurantBff.db.orm;
const em = () => orm().em.fork();

async function open(
  url: string,
  cookie: string | undefined,
  options: { lastEventId?: string; query?: string } = {},
) {
  const stream = await openEventStream(`${url}/api/events${options.query ?? ''}`, {
    cookie,
    lastEventId: options.lastEventId,
  });
  streams.push(stream);
  return stream;
}

/** An open, ready stream of a new restaurant. */
async function restaurantStream() {
  const restaurant = await insertRestaurant(em());
  const cookie = await restaurantBff.sessionCookie({
    role: 'restaurant',
    restaurantId: restaurant.id,
    userId: restaurant.user.id,
    member: OWNER_MEMBERSHIP,
  });
  const stream = await open(restaurantBff.url, cookie);
  await stream.next('ready');
  return { restaurant, cookie, stream };
}

const commit = (events: EventRecord[]) => em().transactional((tx) => recordEvents(tx, events));
const payloadOf = (event: { data: string }) => JSON.parse(event.data) as Record<string, unknown>;

describe('GET /api/events', () => {
  it('opens an event stream that no proxy buffers or caches, then says ready with the latest id', async () => {
    const { stream } = await restaurantStream();
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    // A heartbeat may come first (the stream hears pings while its opening reads the database).
    const first = stream.events.find((event) => event.type !== 'ping');
    expect(first).toMatchObject({ type: 'ready', id: expect.stringMatching(/^\d+$/) });
  });

  it('needs a session of its role: 401 without one, 403 for another role', async () => {
    const none = await open(restaurantBff.url, undefined);
    expect(none.status).toBe(401);
    expect(JSON.parse(await none.body())).toEqual({ error: MESSAGES.common.unauthenticated });
    const freelancer = await insertFreelancer(em());
    const wrongRole = await open(
      restaurantBff.url,
      await restaurantBff.sessionCookie({
        role: 'freelancer',
        freelancerId: freelancer.id,
        userId: freelancer.user.id,
      }),
    );
    expect(wrongRole.status).toBe(403);
  });

  it("delivers a restaurant's change to its stream, and never to another restaurant's", async () => {
    // How fast is measured by `npm run bench:live`, not asserted here: a loaded machine is slow, not wrong.
    const mine = await restaurantStream();
    const theirs = await restaurantStream();
    const { jobIds } = await createJobs(
      em(),
      {
        role: 'restaurant',
        restaurantId: mine.restaurant.id,
        userId: mine.restaurant.user.id,
        member: OWNER_MEMBERSHIP,
      },
      {
        positionType: 'Estoquista',
        dates: [tomorrowSaoPaulo()],
        workload: 6,
        startTime: '08:00',
        quantity: 1,
      },
    );
    const created = await mine.stream.next('job_created');
    expect(payloadOf(created)).toEqual({ jobIds });
    expect(created.id).toMatch(/^\d+$/);

    // Events arrive in commit order: once the other restaurant hears its own later event, it has
    // been told everything before it, and the first one was not for it.
    await commit([{ type: 'invoice_paid', restaurantId: theirs.restaurant.id, payload: { invoiceId: 1 } }]);
    await theirs.stream.next('invoice_paid');
    expect(theirs.stream.events.map((event) => event.type).filter((type) => type !== 'ping')).toEqual([
      'ready',
      'invoice_paid',
    ]);
  });

  it('delivers every event to an admin, and to a freelancer their own and those for every freelancer', async () => {
    const { admin: adminActor } = await walkRoles(em());
    const adminCookie = await restaurantBff.sessionCookie(adminActor);
    const admin = await open(adminUrl, adminCookie);
    await admin.next('ready');
    const freelancer = await insertFreelancer(em());
    const worker = await open(
      freelancerUrl,
      await restaurantBff.sessionCookie({
        role: 'freelancer',
        freelancerId: freelancer.id,
        userId: freelancer.user.id,
      }),
    );
    await worker.next('ready');

    await commit([
      { type: 'job_created', restaurantId: 101, allFreelancers: true, payload: { n: 1 } },
      { type: 'invoice_paid', restaurantId: 102, payload: { n: 2 } },
      { type: 'job_application', restaurantId: 101, freelancerId: freelancer.id + 1000, payload: { n: 3 } },
      { type: 'check_in', restaurantId: 101, freelancerId: freelancer.id, payload: { n: 4 } },
    ]);
    const heard = async (stream: OpenedEventStream, last: number) => {
      await stream.next((event) => event.type !== 'ping' && payloadOf(event).n === last);
      return stream.events
        .filter((event) => event.type !== 'ping' && event.type !== 'ready')
        .map((e) => payloadOf(e).n);
    };
    expect(await heard(admin, 4)).toEqual([1, 2, 3, 4]);
    expect(await heard(worker, 4)).toEqual([1, 4]);
  });

  it('sends a named heartbeat', async () => {
    const { stream } = await restaurantStream();
    await stream.next('ping');
  });

  describe('resume', () => {
    it('replays what the browser missed after its Last-Event-ID, its own events only, in order', async () => {
      const { restaurant, cookie, stream } = await restaurantStream();
      await commit([{ type: 'job_created', restaurantId: restaurant.id, payload: { n: 1 } }]);
      const seen = await stream.next('job_created');
      stream.close();

      await commit([
        { type: 'job_updated', restaurantId: restaurant.id, payload: { n: 2 } },
        { type: 'job_updated', restaurantId: restaurant.id + 1000, payload: { n: 3 } },
        { type: 'job_deleted', restaurantId: restaurant.id, payload: { n: 4 } },
      ]);
      const resumed = await open(restaurantBff.url, cookie, { lastEventId: seen.id });
      await resumed.next('job_deleted');
      expect(resumed.events.filter((e) => e.type !== 'ping').map((e) => [e.type, payloadOf(e).n])).toEqual([
        ['job_updated', 2],
        ['job_deleted', 4],
      ]);

      // The same from `?lastEventId=` (a tab taking over the stream); the header, newer, wins.
      const fromQuery = await open(restaurantBff.url, cookie, { query: `?lastEventId=${seen.id}` });
      await fromQuery.next('job_deleted');
      // The last event with an id: a heartbeat arriving meanwhile has none.
      const last = resumed.lastId() as string;
      expect(last).toBe(resumed.events.find((e) => e.type === 'job_deleted')?.id);
      const both = await open(restaurantBff.url, cookie, {
        query: `?lastEventId=${seen.id}`,
        lastEventId: last,
      });
      await commit([{ type: 'check_in', restaurantId: restaurant.id, payload: { n: 5 } }]);
      await both.next('check_in');
      expect(both.events.filter((e) => e.type !== 'ping').map((e) => e.type)).toEqual(['check_in']);
    });

    it('says resync instead of replaying more than 200 events', async () => {
      const { restaurant, cookie, stream } = await restaurantStream();
      const from = stream.events.find((event) => event.type === 'ready')?.id as string;
      await commit(
        Array.from({ length: 201 }, (_, n) => ({
          type: 'job_created' as const,
          restaurantId: restaurant.id,
          payload: { n },
        })),
      );
      await stream.next((event) => event.type === 'job_created' && payloadOf(event).n === 200);
      stream.close();
      const resumed = await open(restaurantBff.url, cookie, { lastEventId: from });
      const resync = await resumed.next('resync');
      expect(resync.id).toBe(stream.lastId());
      expect(resumed.events.some((event) => event.type === 'job_created')).toBe(false);
    });

    it('says resync for an id older than what is kept, or from another history', async () => {
      const { restaurant, cookie } = await restaurantStream();
      await commit([
        { type: 'job_created', restaurantId: restaurant.id, payload: { n: 1 } },
        { type: 'job_created', restaurantId: restaurant.id, payload: { n: 2 } },
      ]);
      const [oldest] = await em().execute<{ id: string }[]>('select min(id) as id from domain_events');
      const pruned = await open(restaurantBff.url, cookie, { lastEventId: String(Number(oldest?.id) - 2) });
      await pruned.next('resync');
      const future = await open(restaurantBff.url, cookie, { lastEventId: '9999999999' });
      await future.next('resync');
    });
  });

  describe('ending', () => {
    it('ends the stream once the session is gone (logout, timeout)', async () => {
      const { cookie, stream } = await restaurantStream();
      const hub = restaurantBff.app.live!.hub;
      const before = hub.size;
      await restaurantBff.app.sessions.store.destroy(cookie.split('=')[1]);
      await stream.ended;
      expect(hub.size).toBe(before - 1);
    });

    it('ends the streams of a deleted restaurant after telling them', async () => {
      const { restaurant, stream } = await restaurantStream();
      await deleteRestaurant(em(), { role: 'admin', adminId: 1 }, restaurant.id);
      await stream.next('restaurant_deleted');
      await stream.ended;
    });

    it('cuts a client that does not read instead of buffering for it', async () => {
      const { restaurant, cookie } = await restaurantStream();
      const hub = restaurantBff.app.live!.hub;
      const before = hub.size;
      const socket = await openUnreadStream(restaurantBff.url, cookie);
      await eventually(() => hub.size === before + 1, { everyMs: 20 });

      const big = 'x'.repeat(4_000);
      let published = 0;
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      // 80 MB, far more than the kernel's socket buffers hold: the stream must be cut long before.
      while (hub.size > before && published < 20_000) {
        hub.publish(fakeEvent(1_000_000 + published, restaurant.id, { big }));
        published += 1;
        if (published % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(hub.size).toBe(before);
      expect(published).toBeLessThan(20_000);
      socket.resume();
      await closed;
    });

    it('lets a browser that reads take a burst larger than the bound', async () => {
      const { restaurant, stream } = await restaurantStream();
      const big = 'x'.repeat(4_000);
      // 200 KB written in one turn of the event loop (a batch of events committed together).
      for (let n = 0; n < 50; n++)
        restaurantBff.app.live!.hub.publish(fakeEvent(2_000_000 + n, restaurant.id, { big, n }));
      await stream.next((event) => event.type === 'job_updated' && payloadOf(event).n === 49);
      expect(stream.events.filter((event) => event.type === 'job_updated')).toHaveLength(50);
    });

    it('closes every stream when the process stops', async () => {
      const app = liveBff('restaurant')({
        orm: orm(),
        redis: restaurantBff.redis,
        security: restaurantBff.security,
      });
      await app.live?.ready();
      const server = await listen(app.app, 0);
      const { cookie } = await restaurantStream();
      const stream = await open(server.url, cookie);
      await stream.next('ready');
      await app.close();
      await stream.ended;
      await server.close(1_000);
    });
  });

  it('tells every stream to resync after its LISTEN connection came back', async () => {
    const { stream } = await restaurantStream();
    await em().execute(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'bff-live-restaurant-live' and datname = current_database()`,
    );
    await stream.next('resync');
    // And it hears events again.
    const { restaurant, stream: after } = await restaurantStream();
    await commit([{ type: 'check_out', restaurantId: restaurant.id, payload: {} }]);
    await after.next('check_out');
  });

  it("never hears another deployment's events on the same PostgreSQL and Redis servers", async () => {
    // Another deployment (a running `npm start`, staging beside production) is another database on
    // the same servers, and DATABASE_URL may even name it: a BFF listens on its own ORM's database
    // (NOTIFY is scoped to one database), and its sessions live under its own Redis key prefix.
    const neighbour = await createTestDatabase();
    const previousUrl = process.env.DATABASE_URL;
    process.env.DATABASE_URL = neighbour.url;
    try {
      const url = await startAnother(liveBff('restaurant'));
      const restaurant = await insertRestaurant(em());
      const cookie = await restaurantBff.sessionCookie({
        role: 'restaurant',
        restaurantId: restaurant.id,
        userId: restaurant.user.id,
        member: OWNER_MEMBERSHIP,
      });
      const stream = await open(url, cookie);
      await stream.next('ready');
      // The neighbour commits an event for a restaurant with the same id, then this deployment does.
      await neighbour.em
        .fork()
        .transactional((tx) =>
          recordEvents(tx, [
            { type: 'job_deleted', restaurantId: restaurant.id, payload: { from: 'neighbour' } },
          ]),
        );
      await commit([{ type: 'job_updated', restaurantId: restaurant.id, payload: { from: 'own' } }]);
      await stream.next('job_updated');
      expect(stream.events.filter((e) => e.type !== 'ping' && e.type !== 'ready').map(payloadOf)).toEqual([
        { from: 'own' },
      ]);
      // And the neighbour's sessions, on the same Redis under its own key prefix, open nothing here.
      const neighbourPrefix = `${restaurantBff.security.keyPrefix}neighbour:`;
      const neighbourCookie = await createTestSession(
        restaurantBff.redis,
        {
          role: 'restaurant',
          restaurantId: restaurant.id,
          userId: restaurant.user.id,
          member: OWNER_MEMBERSHIP,
        },
        { ...restaurantBff.security, keyPrefix: neighbourPrefix },
      );
      expect((await open(url, neighbourCookie)).status).toBe(401);
    } finally {
      if (previousUrl === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previousUrl;
      await neighbour.drop();
    }
  });

  it('passes the route walk: access checked like every route, its lastEventId names no row', async () => {
    const roles = await walkRoles(em());
    const { findings, checked } = await walkRoutes({ bff: restaurantBff, roles });
    expect(findings).toEqual([]);
    expect(checked).toBeGreaterThan(5);
  });
});

/** Tomorrow in São Paulo: a vacancy must start after now, whatever the hour the test runs at. */
function tomorrowSaoPaulo(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + 86_400_000),
  );
}

function fakeEvent(id: number, restaurantId: number, payload: Record<string, unknown>): PublishedEvent {
  return {
    id,
    type: 'job_updated',
    restaurantId,
    freelancerId: null,
    allFreelancers: false,
    allRestaurants: false,
    payload,
  };
}

/** A raw HTTP client that asks for the stream, reads its headers, then stops reading. */
function openUnreadStream(url: string, cookie: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET /api/events HTTP/1.1\r\nHost: ${hostname}\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\n\r\n`,
      );
    });
    socket.once('data', (chunk: Buffer) => {
      if (!chunk.toString().startsWith('HTTP/1.1 200')) reject(new Error(chunk.toString()));
      socket.pause();
      resolve(socket);
    });
    socket.on('error', () => undefined);
  });
}
