/**
 * Check-in decisions (`npm run bench:presence`, issue 23): the gateway on loopback in front of the
 * freelancer BFF (their real entries, as `npm start` runs them), over a database of the run's own
 * (created, seeded and dropped here) with BENCH_PRESENCE_FREELANCERS (1,000) shifts today at
 * BENCH_PRESENCE_BUSINESSES (200) placed stores, and Redis key prefixes of its own. For
 * BENCH_PRESENCE_DURATION_S (30) seconds, after BENCH_PRESENCE_WARMUP_S (5), open-loop at
 * BENCH_PRESENCE_RATE (200) requests per second in all:
 * - 40 %: a position inside the geofence (the first one checks the shift in, later ones answer it);
 * - 40 %: a position 3 km away (refused with the distance and the radius);
 * - 20 %: a wrong store code (the store's sealed secret opened, the TOTP compared, refused);
 * and, apart, 10/s of GET /api/freelancers/me through the same path (the machine's state, not counted).
 * It prints decisions per second and p50/p90/p99 per kind. Goal: p99 < 50 ms, no 5xx. A script, not a test.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { Redis } from 'ioredis';
import {
  databaseUrl,
  dropDatabase,
  ensureDatabaseExists,
  initOrm,
  runMigrations,
  seedPresenceSecrets,
  withDatabaseName,
} from '@turno/core';
import { SessionStore, USER_SESSION_COOKIE, securitySettings } from '@turno/bff-kit';
import { deleteKeys } from '@turno/bff-kit/testing';
import { portalConfig } from '../src/config';
import { portalProcesses } from '../src/portal-processes';
import { startProcess, stopAll, waitUntilReady, type RunningProcess } from '../src/processes';
import { seedLoadData } from './load-seed';
import { percentile, runOpenLoop, type LoadKind } from './open-loop';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const DURATION_S = num('BENCH_PRESENCE_DURATION_S', 30);
const WARMUP_S = num('BENCH_PRESENCE_WARMUP_S', 5);
const RATE = num('BENCH_PRESENCE_RATE', 200);
const BUSINESSES = num('BENCH_PRESENCE_BUSINESSES', 200);
const FREELANCERS = num('BENCH_PRESENCE_FREELANCERS', 1_000);
const PORT_OFFSET = process.env.PORT_OFFSET ?? '26000';
const GOAL_P99_MS = 50;
const PROCESSES = ['bff-freelancer', 'gateway'];
/** Every store of the run stands here (Av. Paulista); 1° of latitude ≈ 111,195 m. */
const STORE = { latitude: -23.5614, longitude: -46.6559 };
const north = (meters: number) => ({
  latitude: STORE.latitude + meters / 111_195,
  longitude: STORE.longitude,
  accuracy: 20,
});

const print = (line = '') => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const runId = randomBytes(4).toString('hex');
  const url = withDatabaseName(databaseUrl(), `turno_presence_${process.pid}_${runId}`);
  const sessionPrefix = `turno-presence:${runId}:auth:`;
  Object.assign(process.env, {
    PORT_OFFSET,
    DATABASE_URL: url,
    QUEUE_PREFIX: `turno-presence-${runId}`,
    SESSION_KEY_PREFIX: sessionPrefix,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const config = portalConfig();
  config.oidc.clientSecret = 'presence-bench';
  const origin = new URL(config.publicUrl).origin;
  const redis = new Redis(config.redisUrl);
  const running: RunningProcess[] = [];
  print(
    `Check-in decisions: ${RATE} requests/s for ${DURATION_S} s, ${FREELANCERS} shifts at ${BUSINESSES} stores`,
  );
  print(
    `load average before: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}, ${cpus().length} cores`,
  );
  await ensureDatabaseExists(url);
  try {
    const orm = await initOrm({ url, poolMax: 4 });
    await runMigrations(orm);
    const data = await seedLoadData(orm, {
      businesses: BUSINESSES,
      freelancers: FREELANCERS,
      openJobsPerBusiness: 1,
      checkIns: FREELANCERS,
    });
    const em = orm.em.fork();
    await em.execute('update restaurants set latitude = ?, longitude = ?, geocode_status = ?', [
      STORE.latitude,
      STORE.longitude,
      'found',
    ]);
    await seedPresenceSecrets(em);
    await orm.close(true);

    const store = new SessionStore(
      redis,
      securitySettings({ SESSION_KEY_PREFIX: sessionPrefix, PUBLIC_URL: config.publicUrl }),
    );
    // The first `checkIns` freelancers hold the shifts, in order (load-seed.ts).
    const cookies = await Promise.all(
      data.freelancerUserIds
        .slice(0, data.todayAssignmentIds.length)
        .map(async (userId) => `${USER_SESSION_COOKIE}=${await store.create({ kind: 'user', userId })}`),
    );

    for (const spec of portalProcesses(config).filter((s) => PROCESSES.includes(s.name)))
      running.push(startProcess(spec, running.length, (line) => print(line)));
    await Promise.all(running.map((proc) => waitUntilReady(proc, 120_000)));
    const gatewayUrl = `http://127.0.0.1:${config.gatewayPort}`;

    // Half the shifts are checked in by position; the other half get the refusals.
    const half = Math.floor(data.todayAssignmentIds.length / 2);
    const decision = (index: number, body: unknown) => ({
      method: 'POST',
      path: `/bff/freelancer/api/freelancers/presence/${data.todayAssignmentIds[index]}/check-in`,
      headers: { 'content-type': 'application/json', origin, cookie: cookies[index]! },
      body: JSON.stringify(body),
    });
    const kinds: LoadKind[] = [
      {
        name: 'inside the geofence',
        rate: RATE * 0.4,
        next: (n) => decision(n % half, { position: north(80) }),
      },
      {
        name: 'outside (refused)',
        rate: RATE * 0.4,
        next: (n) => decision(half + (n % half), { position: north(3_000) }),
      },
      {
        name: 'wrong store code',
        rate: RATE * 0.2,
        next: (n) => decision(half + ((n * 7) % half), { code: '000000' }),
      },
      {
        // Not a decision: the same path's cheapest read, to tell the machine's state from the route's cost.
        name: 'baseline GET /me',
        rate: 10,
        next: (n) => ({
          method: 'GET',
          path: '/bff/freelancer/api/freelancers/me',
          headers: { cookie: cookies[n % cookies.length]! },
        }),
      },
    ];

    let firstNumbers: number[] = [];
    if (WARMUP_S > 0) {
      const warmup = await runOpenLoop({ baseUrl: gatewayUrl, kinds, durationMs: WARMUP_S * 1000, seed: 2 });
      firstNumbers = warmup.map((result) => result.sent);
      print(`warm-up: ${firstNumbers.reduce((a, b) => a + b, 0)} requests (not counted)`);
    }
    const results = await runOpenLoop({
      baseUrl: gatewayUrl,
      kinds,
      durationMs: DURATION_S * 1000,
      firstNumbers,
    });

    print('');
    print('kind                    decisions/s   total   p50 ms  p90 ms  p99 ms  max ms  statuses');
    const all: number[] = [];
    let serverErrors = 0;
    for (const result of results) {
      if (!result.name.startsWith('baseline')) all.push(...result.latencies);
      const statuses = Object.entries(result.statuses).map(([code, count]) => `${code}:${count}`);
      serverErrors += Object.entries(result.statuses)
        .filter(([code]) => code.startsWith('5') || code === 'error')
        .reduce((sum, [, count]) => sum + count, 0);
      const at = (p: number) => percentile(result.latencies, p).toFixed(1).padStart(7);
      print(
        [
          result.name.padEnd(22),
          (result.sent / DURATION_S).toFixed(1).padStart(12),
          String(result.sent).padStart(7),
          ` ${at(50)}`,
          at(90),
          at(99),
          at(100),
          `  ${statuses.join(' ')}`,
        ].join(' '),
      );
    }
    all.sort((a, b) => a - b);
    const p99 = percentile(all, 99);
    print('');
    print(
      `all decisions: ${(all.length / DURATION_S).toFixed(1)}/s, p50 ${percentile(all, 50).toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms (goal < ${GOAL_P99_MS} ms), 5xx/errors ${serverErrors}: ` +
        (p99 < GOAL_P99_MS && serverErrors === 0 ? 'MET' : 'NOT MET'),
    );
    print(
      `load average after: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await stopAll(running);
    await deleteKeys(redis, `${sessionPrefix}*`);
    await deleteKeys(redis, `turno-presence-${runId}*`);
    await redis.quit();
    await dropDatabase(url);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
