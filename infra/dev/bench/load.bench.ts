/**
 * Monday-morning load (`npm run bench:load`): the gateway on loopback in front of the freelancer
 * and restaurant BFFs and the workers (their real entries, as `npm start` runs them; no front-end
 * build needed), over a database of the run's own (created, seeded and dropped here) and Redis key
 * prefixes of its own. 500 businesses and 2,000 freelancers are signed in (sessions made directly
 * in the session store) and for BENCH_LOAD_DURATION_S (60) seconds:
 * - every business polls its agenda and every freelancer the open vacancies or its applications
 *   once per BENCH_LOAD_POLL_S (15 s, what the screens do), with If-None-Match like the browser;
 * - BENCH_LOAD_STREAMS (300) live streams (`/api/events`, half of each role) stay open;
 * - freelancers apply (BENCH_LOAD_APPLY_RATE/s, 10) and ask for check-in (BENCH_LOAD_CHECKIN_RATE/s, 5).
 * BENCH_LOAD_WARMUP_S (10) seconds of the same mix come first, printed apart: the processes have
 * just started (V8 has not optimized the hot code yet, connections are being opened).
 * Requests leave open-loop on a Poisson schedule (bench/open-loop.ts) and each latency counts from
 * the moment its request was due, so a server that falls behind shows its whole queue.
 * It prints requests/s, p50/p90/p99 latency and errors per kind, the CPU seconds of every process, the streams held, the peak RSS of
 * every process and the load average. Goal: p99 < 200 ms and 0 errors. A script, not a test.
 * Smoke run: BENCH_LOAD_DURATION_S=3 BENCH_LOAD_BUSINESSES=20 BENCH_LOAD_FREELANCERS=50 BENCH_LOAD_STREAMS=10.
 * Profile: BENCH_LOAD_PROFILE=bff-freelancer (process names, comma-separated) writes their V8 CPU profiles
 * (.cpuprofile, open in Chrome's DevTools) to BENCH_LOAD_PROFILE_DIR (/tmp/turno-load-profiles).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { get, type ClientRequest } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { Redis } from 'ioredis';
import {
  databaseUrl,
  dropDatabase,
  ensureDatabaseExists,
  initOrm,
  runMigrations,
  withDatabaseName,
} from '@turno/core';
import { SessionStore, USER_SESSION_COOKIE, securitySettings } from '@turno/bff-kit';
import { deleteKeys } from '@turno/bff-kit/testing';
import { portalConfig } from '../src/config';
import { portalProcesses } from '../src/portal-processes';
import { startProcess, stopAll, waitUntilReady, type RunningProcess } from '../src/processes';
import { LIVE_HEARTBEAT_EVENT, LIVE_READY_EVENT, LIVE_RESYNC_EVENT } from '@turno/domain';
import { seedLoadData } from './load-seed';
import { percentile, runOpenLoop, type LoadKind } from './open-loop';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const DURATION_S = num('BENCH_LOAD_DURATION_S', 60);
/** Seconds of the same mix before the measured run, its figures printed apart (the processes' first seconds). */
const WARMUP_S = num('BENCH_LOAD_WARMUP_S', 10);
const BUSINESSES = num('BENCH_LOAD_BUSINESSES', 500);
const FREELANCERS = num('BENCH_LOAD_FREELANCERS', 2_000);
const STREAMS = num('BENCH_LOAD_STREAMS', 300);
const POLL_S = num('BENCH_LOAD_POLL_S', 15);
const APPLY_RATE = num('BENCH_LOAD_APPLY_RATE', 10);
const CHECKIN_RATE = num('BENCH_LOAD_CHECKIN_RATE', 5);
const PORT_OFFSET = process.env.PORT_OFFSET ?? '25000';
const GOALS = { p99Ms: 200, errors: 0 };
const PROCESSES = ['bff-freelancer', 'bff-restaurant', 'workers', 'gateway'];
const PROFILED = new Set((process.env.BENCH_LOAD_PROFILE ?? '').split(',').filter(Boolean));
const PROFILE_DIR = process.env.BENCH_LOAD_PROFILE_DIR ?? '/tmp/turno-load-profiles';
const STREAM_FRAMES = new Set([LIVE_READY_EVENT, LIVE_HEARTBEAT_EVENT, LIVE_RESYNC_EVENT]);

const print = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** CPU seconds (user + system) a process has used: /proc/<pid>/stat fields 14 and 15, in clock ticks. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by every process whose command is `command` (PostgreSQL's backends, Redis). */
function cpuSecondsOf(command: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === command) total += cpuSeconds(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** CPU seconds of the portal's processes, this script (load generator and streams), PostgreSQL and Redis. */
function cpuByProcess(running: RunningProcess[]): Map<string, number> {
  const usage = process.cpuUsage();
  return new Map([
    ...running.map((proc): [string, number] => [proc.spec.name, cpuSeconds(proc.child.pid ?? 0)]),
    ['load generator', (usage.user + usage.system) / 1e6],
    ['postgres', cpuSecondsOf('postgres')],
    ['redis', cpuSecondsOf('redis-server')],
  ]);
}

function residentBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const runId = randomBytes(4).toString('hex');
  const url = withDatabaseName(databaseUrl(), `turno_load_${process.pid}_${runId}`);
  const sessionPrefix = `turno-load:${runId}:auth:`;
  const queuePrefix = `turno-load-${runId}`;
  Object.assign(process.env, {
    PORT_OFFSET,
    DATABASE_URL: url,
    QUEUE_PREFIX: queuePrefix,
    SESSION_KEY_PREFIX: sessionPrefix,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const config = portalConfig();
  config.oidc.clientSecret = 'load-bench';
  const origin = new URL(config.publicUrl).origin;
  const redis = new Redis(config.redisUrl);
  const running: RunningProcess[] = [];
  const streams: ClientRequest[] = [];

  print(
    `Monday-morning load: ${BUSINESSES} businesses, ${FREELANCERS} freelancers, ${STREAMS} live streams, ${DURATION_S} s`,
  );
  print(
    `load average before: ${loadBefore.map((v) => v.toFixed(2)).join(' ')} (1/5/15 min), ${cpus().length} cores`,
  );
  await ensureDatabaseExists(url);
  try {
    const orm = await initOrm({ url, poolMax: 4 });
    await runMigrations(orm);
    const data = await seedLoadData(orm, {
      businesses: BUSINESSES,
      freelancers: FREELANCERS,
      openJobsPerBusiness: 4,
      checkIns: Math.min(FREELANCERS, 1_000),
    });
    await orm.close(true);

    const store = new SessionStore(
      redis,
      securitySettings({ SESSION_KEY_PREFIX: sessionPrefix, PUBLIC_URL: config.publicUrl }),
    );
    const cookieOf = async (userId: number) =>
      `${USER_SESSION_COOKIE}=${await store.create({ kind: 'user', userId })}`;
    const businessCookies = await Promise.all(data.businessUserIds.map(cookieOf));
    const freelancerCookies = await Promise.all(data.freelancerUserIds.map(cookieOf));
    print(
      `seeded: ${data.openJobIds.length} open vacancies, ${data.todayAssignmentIds.length} shifts today, ${businessCookies.length + freelancerCookies.length} sessions`,
    );

    for (const spec of portalProcesses(config).filter((s) => PROCESSES.includes(s.name))) {
      const profile = PROFILED.has(spec.name) ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
      const nodeFlags = [...(spec.nodeFlags ?? []), ...profile];
      running.push(startProcess({ ...spec, nodeFlags }, running.length, (line) => print(line)));
    }
    await Promise.all(running.map((proc) => waitUntilReady(proc, 120_000)));
    const gatewayUrl = `http://127.0.0.1:${config.gatewayPort}`;

    const peakRss = new Map<string, number>();
    const sampler = setInterval(() => {
      for (const proc of running) {
        const rss = residentBytes(proc.child.pid ?? 0);
        peakRss.set(proc.spec.name, Math.max(peakRss.get(proc.spec.name) ?? 0, rss));
      }
    }, 250);

    // Live streams, held for the whole run.
    let streamsOpen = 0;
    let streamsRefused = 0;
    let streamEvents = 0;
    for (let i = 0; i < STREAMS; i += 1) {
      const business = i % 2 === 0;
      const cookies = business ? businessCookies : freelancerCookies;
      const request = get(
        `${gatewayUrl}/bff/${business ? 'restaurant' : 'freelancer'}/api/events`,
        { headers: { cookie: cookies[i % cookies.length]!, accept: 'text/event-stream' }, agent: false },
        (response) => {
          if (response.statusCode === 200) streamsOpen += 1;
          else streamsRefused += 1;
          response.on('data', (chunk: Buffer) => {
            // Changes only: not the stream's own ready / heartbeat / resync frames.
            for (const [, type] of chunk.toString().matchAll(/^event: (\S+)$/gm)) {
              if (!STREAM_FRAMES.has(type ?? '')) streamEvents += 1;
            }
          });
          response.on('error', () => undefined);
        },
      );
      request.on('error', () => undefined);
      streams.push(request);
      if (i % 50 === 49) await sleep(50);
    }
    await sleep(500);

    const F = freelancerCookies.length;
    const J = data.openJobIds.length;
    const json = { 'content-type': 'application/json', origin };
    const kinds: LoadKind[] = [
      {
        name: 'business agenda poll',
        rate: BUSINESSES / POLL_S,
        conditionalKey: (request) => `${request.headers.cookie} ${request.path}`,
        next: (n) => ({
          method: 'GET',
          path: '/bff/restaurant/api/jobs',
          headers: { cookie: businessCookies[n % businessCookies.length]! },
        }),
      },
      {
        name: 'freelancer list poll',
        rate: FREELANCERS / POLL_S,
        conditionalKey: (request) => `${request.headers.cookie} ${request.path}`,
        next: (n) => ({
          method: 'GET',
          path:
            Math.floor(n / F) % 2 === 0
              ? '/bff/freelancer/api/jobs'
              : '/bff/freelancer/api/freelancers/applications',
          headers: { cookie: freelancerCookies[n % F]! },
        }),
      },
      {
        // Pair n: freelancer n mod F, vacancy (n div F + n) mod J — never the same pair twice.
        name: 'application',
        rate: APPLY_RATE,
        next: (n) => ({
          method: 'POST',
          path: `/bff/freelancer/api/jobs/${data.openJobIds[(Math.floor(n / F) + n) % J]}/apply`,
          headers: { ...json, cookie: freelancerCookies[n % F]! },
          body: JSON.stringify({ message: 'Disponível!' }),
        }),
      },
      {
        name: 'check-in request',
        rate: CHECKIN_RATE,
        next: (n) => {
          const index = n % data.todayAssignmentIds.length;
          return {
            method: 'POST',
            path: `/bff/freelancer/api/freelancers/checkin/${data.todayAssignmentIds[index]}`,
            headers: { origin, cookie: freelancerCookies[index]! },
          };
        },
      },
    ];

    let firstNumbers: number[] = [];
    if (WARMUP_S > 0) {
      const warmup = await runOpenLoop({ baseUrl: gatewayUrl, kinds, durationMs: WARMUP_S * 1000, seed: 2 });
      firstNumbers = warmup.map((result) => result.sent);
      const worst = Math.max(...warmup.map((result) => percentile(result.latencies, 99)));
      print(
        `warm-up (the processes' first ${WARMUP_S} s, the same mix, not counted in the goal): ` +
          `${firstNumbers.reduce((a, b) => a + b, 0)} requests, worst p99 ${Math.round(worst)} ms`,
      );
    }
    const cpuBefore = cpuByProcess(running);
    // The CPU of every process second by second, to tell what ran in a slow second.
    const cpuBySecond: Map<string, number>[] = [];
    let lastCpu = cpuBefore;
    const cpuTicker = setInterval(() => {
      const now = cpuByProcess(running);
      cpuBySecond.push(
        new Map([...now].map(([name, seconds]) => [name, seconds - (lastCpu.get(name) ?? 0)])),
      );
      lastCpu = now;
    }, 1000);
    const results = await runOpenLoop({
      baseUrl: gatewayUrl,
      kinds,
      durationMs: DURATION_S * 1000,
      firstNumbers,
    });
    clearInterval(sampler);
    clearInterval(cpuTicker);
    const cpuAfter = cpuByProcess(running);
    const loadAfter = loadavg();

    print('');
    print(
      'kind                     req/s    total   p50 ms  p90 ms  p99 ms  max ms  ok(2xx/304)  errors  statuses',
    );
    let worstP99 = 0;
    let allErrors = 0;
    for (const result of results) {
      const statuses = Object.entries(result.statuses).map(([code, count]) => `${code}:${count}`);
      const ok = Object.entries(result.statuses)
        .filter(([code]) => code.startsWith('2') || code === '304')
        .reduce((sum, [, count]) => sum + count, 0);
      const errors = result.sent - ok;
      const at = (p: number) => String(Math.round(percentile(result.latencies, p))).padStart(7);
      worstP99 = Math.max(worstP99, percentile(result.latencies, 99));
      allErrors += errors;
      print(
        [
          result.name.padEnd(22),
          (result.sent / DURATION_S).toFixed(1).padStart(7),
          String(result.sent).padStart(8),
          ` ${at(50)}`,
          at(90),
          at(99),
          at(100),
          String(ok).padStart(12),
          String(errors).padStart(7),
          `  ${statuses.join(' ')}`,
        ].join(' '),
      );
    }
    const slowSeconds = results
      .flatMap((result) => result.slowestBySecond.map((ms, second) => ({ ms, second })))
      .filter(({ ms }) => ms >= GOALS.p99Ms)
      .map(({ second }) => second);
    print(
      `seconds of the run with an answer over ${GOALS.p99Ms} ms: ` +
        ([...new Set(slowSeconds)].sort((a, b) => a - b).join(', ') || 'none'),
    );
    for (const second of [...new Set(slowSeconds)].sort((a, b) => a - b)) {
      const busiest = [...(cpuBySecond[second] ?? new Map<string, number>())]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([name, seconds]) => `${name} ${seconds.toFixed(2)}`);
      print(`  second ${second}: CPU seconds ${busiest.join(', ')}`);
    }
    print('');
    print(
      `live streams: ${streamsOpen} open for the whole run (${streamsRefused} refused), ${streamEvents} change events delivered`,
    );
    print(
      `peak RSS: ${[...peakRss].map(([name, bytes]) => `${name} ${Math.round(bytes / 1024 / 1024)} MB`).join(', ')}`,
    );
    print(
      `CPU used during the run (of ${cpus().length * DURATION_S} core-seconds): ` +
        [...cpuAfter]
          .map(([name, seconds]) => `${name} ${(seconds - (cpuBefore.get(name) ?? 0)).toFixed(1)} s`)
          .join(', '),
    );
    print(`load average after: ${loadAfter.map((v) => v.toFixed(2)).join(' ')} (1/5/15 min)`);
    print(
      `goal p99 < ${GOALS.p99Ms} ms and ${GOALS.errors} errors: worst p99 ${Math.round(worstP99)} ms, ${allErrors} errors → ` +
        (worstP99 < GOALS.p99Ms && allErrors === GOALS.errors && streamsRefused === 0 ? 'MET' : 'NOT MET'),
    );
  } finally {
    for (const stream of streams) stream.destroy();
    await stopAll(running, 10_000);
    await deleteKeys(redis, `${sessionPrefix}*`);
    await deleteKeys(redis, `${queuePrefix}:*`);
    await redis.quit();
    await dropDatabase(url);
  }
}

main().catch((error: unknown) => {
  print(`load bench failed: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
