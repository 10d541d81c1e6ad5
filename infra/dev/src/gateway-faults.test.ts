/**
 * A BFF killed with SIGKILL under load, behind the gateway: two real role BFFs (freelancer and
 * restaurant, their own main.ts in child processes) supervised as `npm start` supervises them
 * (superviseProcess), real PostgreSQL and Redis. While the freelancer BFF is dead the gateway answers
 * its paths with a pt-BR 502 JSON at once, the restaurant's paths keep answering 200, and the
 * supervisor starts the freelancer BFF again so that it serves without anyone doing anything.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { seedDemoDataOnce } from '@turno/core';
import { createTestDatabase, type TestDatabase } from '@turno/core/testing';
import { createTestSession, deleteKeys, walkRoles } from '@turno/bff-kit/testing';
import { securitySettings } from '@turno/bff-kit';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@turno/domain';
import { startGateway, type RunningServer } from '@turno/gateway';
import { superviseProcess, waitUntilReady, type SupervisedProcess } from './processes';

jest.setTimeout(120_000);

const PUBLIC_URL = 'http://localhost:18998';
const env = {
  PUBLIC_URL,
  SESSION_KEY_PREFIX: `turno-test:gateway-faults:${randomBytes(4).toString('hex')}:`,
  LOG_LEVEL: 'warn',
};

let db: TestDatabase;
let redis: Redis;
let gateway: RunningServer;
let hostDist: string;
const bffs: Record<'freelancer' | 'restaurant', SupervisedProcess | undefined> = {
  freelancer: undefined,
  restaurant: undefined,
};
const restarts: string[] = [];
const cookies: Record<'freelancer' | 'restaurant', string> = { freelancer: '', restaurant: '' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoDataOnce({ orm: db.orm });
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const roles = await walkRoles(db.orm.em);
  const settings = securitySettings(env);
  cookies.freelancer = await createTestSession(redis, roles.freelancer, settings);
  cookies.restaurant = await createTestSession(redis, roles.restaurant, settings);

  const proxies: Record<string, string> = {};
  await Promise.all(
    (['freelancer', 'restaurant'] as const).map(async (role, index) => {
      const port = await freePort();
      proxies[`/bff/${role}`] = `http://127.0.0.1:${port}`;
      bffs[role] = superviseProcess(
        {
          name: `bff-${role}`,
          script: `bffs/${role}/src/main.ts`,
          env: { ...env, DATABASE_URL: db.url, PORT: String(port) },
          readyUrl: `http://127.0.0.1:${port}/readyz`,
        },
        index,
        () => undefined,
        { baseDelayMs: 200, onRestart: ({ name }) => restarts.push(name) },
      );
      await waitUntilReady(bffs[role]!.current, 90_000);
    }),
  );
  hostDist = mkdtempSync(join(tmpdir(), 'turno-host-'));
  gateway = await startGateway({
    port: 0,
    hostDist,
    remotesConfig: { remotes: [] },
    proxies,
    log: () => undefined,
  });
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all(Object.values(bffs).map((bff) => bff?.stop(5_000)));
  await deleteKeys(redis, `${env.SESSION_KEY_PREFIX}*`);
  await redis?.quit();
  await db?.drop();
  rmSync(hostDist, { recursive: true, force: true });
});

const PATHS = {
  freelancer: '/bff/freelancer/api/freelancers/me',
  restaurant: '/bff/restaurant/api/restaurant/blocked-freelancers',
} as const;

interface Answer {
  role: 'freelancer' | 'restaurant';
  at: number;
  status: number;
  contentType: string | null;
  body: { error?: string };
}

async function call(role: Answer['role']): Promise<Answer> {
  const response = await fetch(gateway.url + PATHS[role], {
    headers: { cookie: cookies[role] },
    signal: AbortSignal.timeout(10_000),
  });
  return {
    role,
    at: Date.now(),
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: (await response.json()) as Answer['body'],
  };
}

it('answers 502 in pt-BR for the killed role only, and serves it again once the supervisor restarts it', async () => {
  expect((await call('freelancer')).status).toBe(200);
  expect((await call('restaurant')).status).toBe(200);

  const answers: Answer[] = [];
  let flowing = true;
  const callers = (['freelancer', 'freelancer', 'restaurant', 'restaurant'] as const).map(async (role) => {
    while (flowing) {
      answers.push(await call(role));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 500));

  const killed = bffs.freelancer!.current;
  const killedAt = Date.now();
  killed.child.kill('SIGKILL');
  await killed.exited;
  // Served again: the supervisor started a new process, and the gateway reaches it.
  let servedAgainAt = 0;
  while (Date.now() - killedAt < 60_000) {
    const last = answers.filter((a) => a.role === 'freelancer' && a.at > killedAt).at(-1);
    if (bffs.freelancer!.restarts === 1 && last?.status === 200) {
      servedAgainAt = last.at;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  flowing = false;
  await Promise.all(callers);

  expect(restarts).toEqual(['bff-freelancer']);
  expect(servedAgainAt).toBeGreaterThan(0);
  // The other role never noticed.
  const restaurant = answers.filter((a) => a.role === 'restaurant');
  expect(restaurant.filter((a) => a.status !== 200)).toEqual([]);
  expect(restaurant.some((a) => a.at > killedAt && a.at < servedAgainAt)).toBe(true);
  // The killed role: 200 or a clear pt-BR 502 JSON, some 502 while it was down.
  const freelancer = answers.filter((a) => a.role === 'freelancer');
  const refused = freelancer.filter((a) => a.status !== 200);
  expect(refused.length).toBeGreaterThan(0);
  for (const answer of refused) {
    expect(answer.status).toBe(502);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ error: SERVICE_UNAVAILABLE_MESSAGE });
  }
  expect(freelancer.filter((a) => a.at > servedAgainAt).every((a) => a.status === 200)).toBe(true);
  // eslint-disable-next-line no-console -- the figures of the outage, for the CI log
  console.log(
    `bff killed: ${refused.length} freelancer requests answered 502, ${restaurant.length} restaurant requests all 200, ` +
      `served again ${servedAgainAt - killedAt} ms after the kill`,
  );
});
