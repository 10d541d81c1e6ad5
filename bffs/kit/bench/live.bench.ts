/**
 * Live updates benchmark (`npm run bench:live`): one restaurant BFF process (its real `main.ts`)
 * over a database of its own (created and dropped here) and a Redis key prefix of its own, holding
 * one open `GET /api/events` stream for each of 10,000 signed-in restaurants (sessions made
 * directly in Redis; the streams are opened by a child process, live-clients.ts). Then it records
 * events for random restaurants, one transaction each, and prints the BFF's resident memory, the
 * latency from commit to the stream of the right restaurant (p50, p99), and how many events reached
 * a wrong stream (must be 0) or none. A script that prints figures, not a timed test.
 * Sizes: BENCH_LIVE_STREAMS (10,000), BENCH_LIVE_EVENTS (2,000), BENCH_LIVE_RATE (events/s, 200).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import {
  databaseUrl,
  dropDatabase,
  ensureDatabaseExists,
  initOrm,
  recordEvent,
  runMigrations,
  withDatabaseName,
  type Orm,
} from '@turno/core';
import { deleteKeys } from '../src/testing/sessions';
import { securitySettings, SessionStore, USER_SESSION_COOKIE } from '../src/session';
import type { ClientReport, OpenStreamsMessage } from './live-clients';

const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 10_000);
const EVENTS = Number(process.env.BENCH_LIVE_EVENTS ?? 2_000);
const RATE = Number(process.env.BENCH_LIVE_RATE ?? 200);
const WRITERS = 4;
const ROOT = resolve(__dirname, '../../..');
const PORT = 19_900 + (process.pid % 90);
const GOALS = { rssBytes: 1024 ** 3, p99Ms: 1_000 };

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const print = (line = '') => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Resident memory of a process (Linux: /proc/<pid>/status). */
function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN;
}

async function seedRestaurants(orm: Orm, count: number): Promise<{ restaurantId: number; userId: number }[]> {
  const em = orm.em.fork();
  await em.execute(
    `insert into users (email, name, user_type)
     select 'bench-' || g || '@turno.test', 'Dono ' || g, 'restaurant' from generate_series(1, ?) g`,
    [count],
  );
  await em.execute(
    `insert into restaurants (user_id, name, business_name, is_approved, is_active, approved_at)
     select id, name, 'Mercado ' || id, true, true, now() from users where email like 'bench-%@turno.test'`,
  );
  const rows = await em.execute<{ id: number; user_id: number }[]>(
    'select id, user_id from restaurants order by id',
  );
  return rows.map((row) => ({ restaurantId: row.id, userId: row.user_id }));
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function main(): Promise<void> {
  const url = withDatabaseName(
    databaseUrl(),
    `turno_bench_live_${process.pid}_${randomBytes(3).toString('hex')}`,
  );
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const keyPrefix = `turno-bench-live:${process.pid}:${randomBytes(3).toString('hex')}:`;
  const children: ChildProcess[] = [];
  await ensureDatabaseExists(url);
  const orm = await initOrm({ url, poolMax: WRITERS + 2 });
  const redis = new Redis(redisUrl);
  try {
    await runMigrations(orm);
    print(
      `Live updates: ${STREAMS.toLocaleString('en')} restaurants, one open stream each, one restaurant BFF`,
    );
    const restaurants = await seedRestaurants(orm, STREAMS);

    const store = new SessionStore(redis, { ...securitySettings(), keyPrefix });
    const streams: OpenStreamsMessage['streams'] = [];
    for (let start = 0; start < restaurants.length; start += 500) {
      const batch = restaurants.slice(start, start + 500);
      const ids = await Promise.all(batch.map(({ userId }) => store.create({ kind: 'user', userId })));
      batch.forEach(({ restaurantId }, index) =>
        streams.push({ restaurantId, cookie: `${USER_SESSION_COOKIE}=${ids[index]}` }),
      );
    }

    const bff = fork(resolve(ROOT, 'bffs/restaurant/src/main.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        PORT: String(PORT),
        DATABASE_URL: url,
        REDIS_URL: redisUrl,
        SESSION_KEY_PREFIX: keyPrefix,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(bff);
    const bffUrl = `http://127.0.0.1:${PORT}`;
    await waitUntil(
      () =>
        fetch(`${bffUrl}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      60_000,
      'the restaurant BFF',
    );

    const clients = fork(resolve(__dirname, 'live-clients.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(clients);
    const received = new Map<number, { restaurantId: number; receivedAt: number }[]>();
    let opened: Extract<ClientReport, { type: 'opened' }> | undefined;
    let status: Extract<ClientReport, { type: 'status' }> | undefined;
    clients.on('message', (report: ClientReport) => {
      if (report.type === 'opened') opened = report;
      else if (report.type === 'status') status = report;
      else {
        for (const [seq, restaurantId, receivedAt] of report.deliveries) {
          const list = received.get(seq) ?? [];
          list.push({ restaurantId, receivedAt });
          received.set(seq, list);
        }
      }
    });
    const open: OpenStreamsMessage = { type: 'open', url: bffUrl, streams, concurrency: 250 };
    clients.send(open);
    await waitUntil(() => opened !== undefined, 300_000, 'the streams to open');
    print(
      `streams open: ${opened!.open} (in ${opened!.seconds.toFixed(1)} s), refused or dropped: ${opened!.failed}`,
    );

    // One event to prove the BFF's LISTEN connection is in place before measuring.
    const writer = orm.em.fork();
    /** Records one event in its own transaction; returns when its COMMIT was sent (the latency's start). */
    const record = async (seq: number, restaurantId: number) => {
      let commitSentAt = NaN;
      await writer.fork().transactional(async (tx) => {
        await recordEvent(tx, {
          type: 'job_updated',
          restaurantId,
          payload: { benchSeq: seq, restaurantId },
        });
        commitSentAt = now();
      });
      return commitSentAt;
    };
    await record(-1, restaurants[0]!.restaurantId);
    await waitUntil(() => received.has(-1), 10_000, 'the warm-up event');
    received.delete(-1);
    const idleRss = residentBytes(bff.pid!);

    const targets: number[] = [];
    const committedAt: number[] = [];
    const started = now();
    let nextSeq = 0;
    const writerLoop = async () => {
      while (nextSeq < EVENTS) {
        const seq = nextSeq++;
        const due = started + (seq * 1000) / RATE;
        const wait = due - now();
        if (wait > 0) await sleep(wait);
        const target = restaurants[Math.floor(Math.random() * restaurants.length)]!.restaurantId;
        targets[seq] = target;
        committedAt[seq] = await record(seq, target);
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writerLoop));
    const recordSeconds = (now() - started) / 1000;
    await waitUntil(() => received.size >= EVENTS, 15_000, 'the deliveries').catch(() => undefined);
    await sleep(500); // late duplicates or wrong deliveries would show now
    const busyRss = residentBytes(bff.pid!);
    clients.send({ type: 'status' });
    await waitUntil(() => status !== undefined, 5_000, 'the clients');

    const latencies: number[] = [];
    let wrong = 0;
    let duplicates = 0;
    let missing = 0;
    for (let seq = 0; seq < EVENTS; seq++) {
      const deliveries = received.get(seq) ?? [];
      const right = deliveries.filter((delivery) => delivery.restaurantId === targets[seq]);
      wrong += deliveries.length - right.length;
      if (right.length === 0) missing += 1;
      else {
        duplicates += right.length - 1;
        latencies.push(right[0]!.receivedAt - committedAt[seq]!);
      }
    }
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 0.5);
    const p99 = percentile(latencies, 0.99);

    print(
      `events recorded: ${EVENTS} in ${recordSeconds.toFixed(1)} s (${RATE}/s asked, ${WRITERS} writers, one transaction each)`,
    );
    print(
      `delivered to the right stream: ${latencies.length}, missing: ${missing}, duplicates: ${duplicates}`,
    );
    print(`wrong deliveries: ${wrong}`);
    print(
      `latency from COMMIT sent to the right stream: p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(latencies.at(-1) ?? NaN)}`,
    );
    print(`BFF RSS: ${mb(idleRss)} with ${opened!.open} streams open, ${mb(busyRss)} after the events`);
    print(`streams still open at the end: ${status!.open}, ended: ${status!.ended}`);
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    print(
      `goals: RSS < 1 GB ${verdict(Math.max(idleRss, busyRss) < GOALS.rssBytes)}, ` +
        `p99 < 1 s ${verdict(p99 < GOALS.p99Ms)}, 0 wrong deliveries ${verdict(wrong === 0)}, ` +
        `none missing ${verdict(missing === 0)}`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) =>
        child.exitCode !== null ? undefined : new Promise((done) => child.once('exit', done)),
      ),
    );
    await deleteKeys(redis, `${keyPrefix}*`);
    await redis.quit();
    await orm.close(true);
    await dropDatabase(url);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
