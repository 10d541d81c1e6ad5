/**
 * Redis killed (SIGKILL) under traffic, then started again on the same port: while it is down the
 * BFF answers every request that needs it with a pt-BR 503 at once (never a hang, never a 500) and
 * /readyz says Redis is down; once it is back the same client reconnects by itself within seconds,
 * and a session Redis kept (AOF) still signs its holder in. A real app of the kit, its real Redis
 * options (BFF_REDIS_OPTIONS), a private redis-server, real PostgreSQL.
 */
import { Redis } from 'ioredis';
import { z } from 'zod';
import { insertFreelancer } from '@turno/core/testing';
import { createTestDatabase, type TestDatabase } from '@turno/core/testing';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@turno/domain';
import { BFF_REDIS_OPTIONS, createLogger, reportRedisOutages } from '@turno/server-runtime';
import { startPrivateRedis, type PrivateRedis } from '@turno/server-runtime/testing';
import { createBffApp, listen, route, type RunningServer } from '../index';
import { createTestSession, testSecuritySettings } from '../testing';

jest.setTimeout(120_000);

const REDIS_PORT = 26711;
/** A request that takes longer than this is a hang: the BFF must answer fast, whatever Redis does. */
const HANG_MS = 20_000;

const routes = [
  route({
    access: 'user',
    method: 'get',
    path: '/api/me',
    response: z.object({ userId: z.number() }),
    handler: ({ actor }) => ({ userId: actor.userId }),
  }),
];

let db: TestDatabase;
let redis: Redis;
let privateRedis: PrivateRedis;
let server: RunningServer;
let userId: number;
const security = testSecuritySettings();
const logger = createLogger('bff-fault-test');

beforeAll(async () => {
  privateRedis = await startPrivateRedis(REDIS_PORT, { appendOnly: true });
  db = await createTestDatabase();
  userId = (await insertFreelancer(db.orm.em.fork())).user.id;
  redis = new Redis(privateRedis.url, BFF_REDIS_OPTIONS);
  reportRedisOutages(redis, logger);
  const { app } = createBffApp({ name: 'bff-fault-test', orm: db.orm, redis, routes, security, logger });
  server = await listen(app, 0);
});

afterAll(async () => {
  await server?.close();
  redis?.disconnect();
  await privateRedis?.close();
  await db?.drop();
});

interface Answer {
  status: number;
  body: { error?: string; userId?: number; checks?: Record<string, string> };
  ms: number;
}

/** Resolves once `condition` holds (checked every 5 ms; a hang is the test's timeout). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

async function call(path: string, cookie?: string): Promise<Answer> {
  const started = Date.now();
  const response = await fetch(server.url + path, {
    headers: cookie ? { cookie } : {},
    signal: AbortSignal.timeout(HANG_MS),
  });
  return {
    status: response.status,
    body: (await response.json()) as Answer['body'],
    ms: Date.now() - started,
  };
}

it('answers 503 in pt-BR while Redis is down, says so on /readyz, and recovers by itself with the sessions Redis kept', async () => {
  const cookie = await createTestSession(redis, { kind: 'user', userId }, security);
  expect(await call('/api/me', cookie)).toMatchObject({ status: 200, body: { userId } });

  // Traffic: four callers in a loop for the whole test.
  const answers: Answer[] = [];
  let flowing = true;
  const callers = Array.from({ length: 4 }, async () => {
    while (flowing) answers.push(await call('/api/me', cookie));
  });
  // Each step waits for what it needs to see, not for a length of time: a loaded machine is slower,
  // never different.
  await until(() => answers.some((answer) => answer.status === 200));

  await privateRedis.stop('SIGKILL');
  const killedAt = answers.length;
  let down: Answer;
  do down = await call('/api/me', cookie);
  while (down.status === 200); // the client notices the lost connection
  expect(down.status).toBe(503);
  expect(down.body).toEqual({ error: SERVICE_UNAVAILABLE_MESSAGE });
  const ready = await call('/readyz');
  expect(ready.status).toBe(503);
  expect(ready.body.checks).toEqual({ postgres: 'ok', redis: 'error' });

  await until(() => answers.slice(killedAt).some((answer) => answer.status === 503)); // the traffic saw it too

  // Back on the same port, same AOF: the client reconnects without anyone restarting the BFF.
  await privateRedis.start();
  const restartedAt = Date.now();
  let recovered: Answer;
  do recovered = await call('/api/me', cookie);
  while (recovered.status === 503); // a BFF that never reconnects fails on the test's timeout
  const recoveryMs = Date.now() - restartedAt;
  const answeredBeforeRecovery = answers.length;
  await until(() => answers.slice(answeredBeforeRecovery).some((answer) => answer.status === 200));
  flowing = false;
  await Promise.all(callers);

  // The session made before the outage still signs its holder in (AOF kept it).
  expect(recovered).toMatchObject({ status: 200, body: { userId } });
  expect((await call('/readyz')).status).toBe(200);
  // Under traffic: only successes and pt-BR 503s, some of each after the kill, never a 500.
  const statuses = new Set(answers.map((answer) => answer.status));
  expect([...statuses].sort()).toEqual([200, 503]);
  expect(answers.slice(killedAt).some((answer) => answer.status === 503)).toBe(true);
  for (const answer of answers.filter((a) => a.status === 503)) {
    expect(answer.body).toEqual({ error: SERVICE_UNAVAILABLE_MESSAGE });
  }
  // eslint-disable-next-line no-console -- the figures of the outage, for the CI log
  console.log(
    `redis outage: ${answers.length} requests, ${answers.filter((a) => a.status === 503).length} answered 503, ` +
      `slowest ${Math.max(...answers.map((a) => a.ms))} ms, recovered ${recoveryMs} ms after restart`,
  );
});
