/**
 * A BFF's live stream (Server-Sent Events) through the gateway: not buffered, kept open past the
 * gateway's idle timeout by the stream's heartbeats, and torn down upstream when the browser goes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBffApp } from '@turno/bff-kit';
import { openEventStream, startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { OWNER_MEMBERSHIP, recordEvent } from '@turno/core';
import { insertRestaurant } from '@turno/core/testing';
import { startGateway, type RunningServer } from '@turno/gateway';

/**
 * The gateway's idle timeout here (30 s in production) and the heartbeat that must beat it: ten
 * heartbeats per timeout, so a loaded machine that delays a timer still keeps the stream alive.
 */
const IDLE_TIMEOUT_MS = 1_500;
const HEARTBEAT_MS = 150;

let bff: TestBff;
let gateway: RunningServer;
let hostDist: string;

beforeAll(async () => {
  hostDist = mkdtempSync(join(tmpdir(), 'turno-host-'));
  writeFileSync(join(hostDist, 'index.html'), '<!doctype html><title>Turno</title>');
  bff = await startBffForTest(
    (deps) =>
      createBffApp({
        name: 'bff-gateway-live',
        routes: [],
        live: { access: 'restaurant', heartbeatMs: HEARTBEAT_MS },
        ...deps,
      }),
    { seed: false },
  );
  gateway = await startGateway({
    port: 0,
    hostDist,
    remotesConfig: { remotes: [] },
    proxies: { '/bff/restaurant': bff.url },
    upstreamTimeoutMs: IDLE_TIMEOUT_MS,
    log: () => undefined,
  });
});

afterAll(async () => {
  await gateway.close();
  await bff.close();
  rmSync(hostDist, { recursive: true, force: true });
});

it('relays the live stream unbuffered, alive past the idle timeout, and closes it upstream when the browser leaves', async () => {
  const restaurant = await insertRestaurant(bff.db.orm.em.fork());
  const cookie = await bff.sessionCookie({
    role: 'restaurant',
    restaurantId: restaurant.id,
    userId: restaurant.user.id,
    member: OWNER_MEMBERSHIP,
  });
  const stream = await openEventStream(`${gateway.url}/bff/restaurant/api/events`, { cookie });
  expect(stream.status).toBe(200);
  expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  expect(stream.headers['cache-control']).toBe('no-store');
  expect(stream.headers['x-accel-buffering']).toBe('no');
  // The first frame arrives by itself: nothing waits for more bytes or for the end.
  await stream.next('ready');

  // Three idle timeouts later the stream is still open, kept alive by its heartbeats.
  const openedAt = Date.now();
  await stream.next(() => stream.events.filter((event) => event.type === 'ping').length >= 3);
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, IDLE_TIMEOUT_MS * 3 - (Date.now() - openedAt))),
  );

  await bff.db.orm.em
    .fork()
    .transactional((tx) =>
      recordEvent(tx, { type: 'job_created', restaurantId: restaurant.id, payload: { jobIds: [1] } }),
    );
  await stream.next('job_created');

  const hub = bff.app.live!.hub;
  expect(hub.size).toBe(1);
  stream.close();
  while (hub.size > 0) await new Promise((resolve) => setTimeout(resolve, 20)); // or the test's timeout
  expect(hub.size).toBe(0);
});

it('refuses the stream through the gateway without a session, as JSON', async () => {
  const stream = await openEventStream(`${gateway.url}/bff/restaurant/api/events`);
  expect(stream.status).toBe(401);
  expect(JSON.parse(await stream.body())).toHaveProperty('error');
});
