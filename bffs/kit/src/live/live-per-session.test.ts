import { createBffApp, type BffDependencies } from '../app';
import {
  openEventStream,
  startBffForTest,
  walkRoles,
  type OpenedEventStream,
  type TestBff,
  type WalkRoles,
} from '../testing';
import { DEFAULT_MAX_STREAMS_PER_SESSION } from './live-hub';

const liveBff = (deps: BffDependencies) =>
  createBffApp({ name: 'bff-live-per-session', routes: [], live: { access: 'freelancer' }, ...deps });

describe('live streams per session', () => {
  let bff: TestBff;
  let roles: WalkRoles;
  const streams: OpenedEventStream[] = [];
  beforeAll(async () => {
    bff = await startBffForTest(liveBff);
    roles = await walkRoles(bff.db.orm.em.fork());
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await bff.close();
  });

  /** `GET /api/events` with this cookie, once the server has set the stream up (`ready`). */
  async function open(cookie: string): Promise<OpenedEventStream> {
    const stream = await openEventStream(`${bff.url}/api/events`, { cookie });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next('ready');
    return stream;
  }

  it('keeps at most a few streams per session: one more ends the oldest, other sessions untouched', async () => {
    expect(DEFAULT_MAX_STREAMS_PER_SESSION).toBe(4);
    const cookie = await bff.sessionCookie(roles.freelancer);
    const otherCookie = await bff.sessionCookie(roles.freelancer); // another browser, same account
    const elsewhere = await open(otherCookie);
    const [oldest, ...kept] = [
      await open(cookie),
      await open(cookie),
      await open(cookie),
      await open(cookie),
    ];
    const hub = bff.app.live!.hub;
    expect(hub.size).toBe(5);

    const newest = await open(cookie);
    await oldest!.ended; // the server ended it
    expect(oldest!.events.map((event) => event.type)).toEqual(['ready']);
    expect(hub.size).toBe(5);
    const sessionKey = (of: string) => bff.app.sessions.store.key(of.split('=')[1]!);
    expect(hub.streamsOf(sessionKey(cookie))).toBe(4);
    expect(hub.streamsOf(sessionKey(otherCookie))).toBe(1);

    // The session's streams and the other session's still carry events: each gets the next heartbeat.
    hub.heartbeat();
    await Promise.all([elsewhere, ...kept, newest].map((stream) => stream.next('ping')));
  });
});
