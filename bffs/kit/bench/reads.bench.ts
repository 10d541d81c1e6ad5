/**
 * List reads benchmark (`npm run bench:reads`): 100,000 jobs over 1,000 restaurants and a year of
 * history in a database of its own; the restaurant, freelancer, admin-ops and admin-billing BFFs
 * (their real `main.ts`, each its own process) and, beside them, a raw `node:http` + `pg` twin
 * running the same SQL with the same session and role lookups (raw-twin.ts). For each list it
 * prints requests per second at 10 connections and p50/p99 at a fixed 500 requests per second, the
 * BFF as a share of its twin, each server's own CPU time per request (from /proc: the figure a busy
 * machine moves least), a 304 poll, and the EXPLAIN of each list's page query.
 * A script that prints figures, not a timed test. Sizes: BENCH_JOBS, BENCH_RESTAURANTS, BENCH_FREELANCERS
 * (issue 26: 100,000 with their homes placed), BENCH_SECONDS,
 * BENCH_ROUNDS, BENCH_FIXED_RATE (the open loop's requests per second, 500); BENCH_LISTS (a regular expression) measures only the lists whose name matches it;
 * BENCH_CPU_PROF (a folder) starts the BFFs and the twin with `--cpu-prof` there (a .cpuprofile each,
 * at exit, named by process id: the bench prints which is which).
 */
/* eslint-disable no-console -- a benchmark's output is its figures */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import {
  databaseUrl,
  dropDatabase,
  ensureDatabaseExists,
  initOrm,
  latestEventId,
  listAdminInvoicesPage,
  listAdminJobsPage,
  listAdminRestaurantsPage,
  listOpenJobsPage,
  listRestaurantJobsPage,
  wholeBusiness,
  runMigrations,
  withDatabaseName,
  type EntityManager,
} from '@turno/core';
import { saoPauloDate } from '@turno/domain';
import { securitySettings } from '../src/session';
import { createTestSession, type TestPrincipal } from '../src/testing/sessions';
import { closedLoop, openLoop, type LoadResult, type Target } from './load';
import { plainPgReader } from './pg-read-adapter';
import { seedReadsBench } from './seed-reads';

const SIZE = {
  restaurants: Number(process.env.BENCH_RESTAURANTS ?? 1_000),
  freelancers: Number(process.env.BENCH_FREELANCERS ?? 2_000),
  jobs: Number(process.env.BENCH_JOBS ?? 100_000),
  invoiceWeeks: 52,
  events: 20_000,
};
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const FIXED_RATE = Number(process.env.BENCH_FIXED_RATE ?? 500);
/** Closed-loop runs per side and list, alternating BFF and raw twin; the median counts. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CALLERS = 100;
const ONLY = process.env.BENCH_LISTS ? new RegExp(process.env.BENCH_LISTS, 'i') : undefined;
const ROOT = resolve(__dirname, '../../..');
const BASE_PORT = 19_400 + (process.pid % 50) * 10;

interface Server {
  name: string;
  url: string;
  child: ChildProcess;
}

const CPU_PROF = process.env.BENCH_CPU_PROF;

function start(
  name: string,
  script: string,
  port: number,
  env: Record<string, string>,
  profile = false,
): Server {
  const child = fork(resolve(ROOT, script), [], {
    execArgv: [
      '--import',
      'tsx',
      ...(profile && CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', resolve(CPU_PROF)] : []),
    ],
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return { name, url: `http://127.0.0.1:${port}`, child };
}

async function waitUntilUp(server: Server): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      await fetch(server.url + '/livez');
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${server.name} did not start`);
}

/** CPU time a process has used so far, in ms (Linux /proc: user + system clock ticks of 10 ms). */
function cpuMsOf(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function medianRun(runs: LoadResult[]): LoadResult {
  return [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const rps = (value: number) => `${Math.round(value)}/s`;

async function explain(pool: Pool, label: string, read: (em: EntityManager) => Promise<unknown>) {
  const statements: { sql: string; params: unknown[] }[] = [];
  await read(plainPgReader(pool, (sql, params) => statements.push({ sql, params })));
  for (const [index, statement] of statements.entries()) {
    const plan = await pool.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
    const lines = plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']!);
    const scans = lines.filter((line) => /Scan|Sort|Limit|Aggregate|Nested Loop|Hash Join/.test(line));
    console.log(`  ${label} — statement ${index + 1} (${index === 0 ? 'page' : 'counts'})`);
    for (const line of scans.slice(0, 8))
      console.log(
        `    ${line
          .trim()
          .replace(/\s+\(cost=.*?\)/, '')
          .slice(0, 150)}`,
      );
    console.log(`    ${lines.filter((line) => /^(Planning|Execution) Time/.test(line)).join(', ')}`);
  }
}

async function main(): Promise<void> {
  const url = withDatabaseName(databaseUrl(), `turno_bench_reads_${process.pid}`);
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const keyPrefix = `turno-bench-reads:${process.pid}:`;
  await ensureDatabaseExists(url);
  const servers: Server[] = [];
  const pool = new Pool({ connectionString: url, max: 4 });
  const redis = new Redis(redisUrl);
  try {
    const orm = await initOrm({ url, poolMax: 2 });
    await runMigrations(orm);
    await orm.close(true);
    const today = saoPauloDate(new Date());
    const started = Date.now();
    await seedReadsBench(pool, SIZE, today);
    console.log(
      `Seeded ${SIZE.jobs.toLocaleString('en')} jobs, ${SIZE.restaurants} restaurants, ` +
        `${(SIZE.restaurants * SIZE.invoiceWeeks).toLocaleString('en')} invoices, ${SIZE.events.toLocaleString('en')} events ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    // Sessions straight in Redis: 100 approved restaurants, 100 freelancers, one admin.
    const settings = securitySettings({ SESSION_KEY_PREFIX: keyPrefix });
    const cookieOf = (who: TestPrincipal) => createTestSession(redis, who, settings);
    const approved = await pool.query<{ id: number; user_id: number }>(
      'select id, user_id from restaurants where is_approved order by id limit $1',
      [CALLERS],
    );
    const freelancers = await pool.query<{ user_id: number }>(
      'select user_id from freelancers order by id limit $1',
      [CALLERS],
    );
    const admin = await pool.query<{ id: number }>('select id from admins limit 1');
    const restaurantCookies = await Promise.all(
      approved.rows.map((row) => cookieOf({ role: 'user', userId: row.user_id })),
    );
    const freelancerCookies = await Promise.all(
      freelancers.rows.map((row) => cookieOf({ role: 'user', userId: row.user_id })),
    );
    const adminCookie = await cookieOf({ role: 'admin', adminId: admin.rows[0]!.id });
    // Rows the lists of one record read: the first caller restaurant, vacancies with applications.
    const restaurantId = approved.rows[0]!.id;
    const appliedJob = (
      await pool.query<{ id: number }>(
        `select job_id as id from applications where status = 'pending' group by job_id order by job_id limit 1`,
      )
    ).rows[0]!.id;
    // A vacancy with live applications of an approved, active business, and a session of its owner.
    const applied = (
      await pool.query<{ job_id: number; user_id: number }>(
        `select a.job_id, r.user_id from applications a join jobs j on j.id = a.job_id
           join restaurants r on r.id = j.restaurant_id
          where a.status = 'pending' and r.is_approved and r.is_active order by a.job_id limit 1`,
      )
    ).rows[0]!;
    const ownAppliedJob = applied.job_id;
    const applicantsOwnerCookie = await cookieOf({ role: 'user', userId: applied.user_id });
    const badgeIds = (
      await pool.query<{ id: number }>(`select id from jobs where status = 'open' order by id limit 50`)
    ).rows
      .map((row) => row.id)
      .join(',');
    const monthAgo = saoPauloDate(new Date(Date.now() - 30 * 86_400_000));

    const env = { DATABASE_URL: url, REDIS_URL: redisUrl, SESSION_KEY_PREFIX: keyPrefix };
    const restaurantBff = start('bff-restaurant', 'bffs/restaurant/src/main.ts', BASE_PORT + 1, env, true);
    const freelancerBff = start('bff-freelancer', 'bffs/freelancer/src/main.ts', BASE_PORT + 2, env, true);
    const adminOpsBff = start('bff-admin-ops', 'bffs/admin-ops/src/main.ts', BASE_PORT + 3, env, true);
    const adminBillingBff = start(
      'bff-admin-billing',
      'bffs/admin-billing/src/main.ts',
      BASE_PORT + 4,
      env,
      true,
    );
    const twinApps = ['restaurant', 'freelancer', 'admin-ops', 'admin-billing']
      .map((name) => `${name}=${resolve(ROOT, `bffs/${name}/src/app.ts`)}`)
      .join(',');
    const raw = start(
      'raw-twin',
      'bffs/kit/bench/raw-twin.ts',
      BASE_PORT + 5,
      { ...env, TWIN_APPS: twinApps },
      true,
    );
    servers.push(restaurantBff, freelancerBff, adminOpsBff, adminBillingBff, raw);
    await Promise.all(servers.map(waitUntilUp));
    if (CPU_PROF)
      console.log(
        `CPU profiles in ${resolve(CPU_PROF)}, by process id: ` +
          servers.map((server) => `${server.name} ${server.child.pid}`).join(', '),
      );

    const rotate = (cookies: string[]) => (n: number) => ({ cookie: cookies[n % cookies.length]! });
    const lists: { name: string; bff: Target; raw: Target }[] = [
      {
        name: 'restaurant agenda (this week)',
        bff: { url: `${restaurantBff.url}/api/jobs`, headers: rotate(restaurantCookies) },
        raw: { url: `${raw.url}/restaurant/jobs`, headers: rotate(restaurantCookies) },
      },
      {
        name: 'freelancer vacancies',
        bff: { url: `${freelancerBff.url}/api/jobs`, headers: rotate(freelancerCookies) },
        raw: { url: `${raw.url}/freelancer/jobs`, headers: rotate(freelancerCookies) },
      },
      {
        name: 'admin jobs (all dates)',
        bff: { url: `${adminOpsBff.url}/api/admin/jobs`, headers: rotate([adminCookie]) },
        raw: { url: `${raw.url}/admin/jobs`, headers: rotate([adminCookie]) },
      },
      {
        name: 'admin restaurants',
        bff: { url: `${adminOpsBff.url}/api/admin/restaurants`, headers: rotate([adminCookie]) },
        raw: { url: `${raw.url}/admin/restaurants`, headers: rotate([adminCookie]) },
      },
      {
        name: 'admin invoices',
        bff: { url: `${adminBillingBff.url}/api/admin/invoices`, headers: rotate([adminCookie]) },
        raw: { url: `${raw.url}/admin/invoices`, headers: rotate([adminCookie]) },
      },
      // The other lists, each against its own route's handler in the raw twin (raw-twin.ts TWIN_APPS).
      ...[
        ['admin ratings', adminOpsBff, 'admin-ops', '/api/admin/ratings', [adminCookie]],
        ['admin blocks', adminOpsBff, 'admin-ops', '/api/admin/blocks', [adminCookie]],
        ['admin pending actions', adminOpsBff, 'admin-ops', '/api/admin/pending-actions', [adminCookie]],
        [
          'admin application badges',
          adminOpsBff,
          'admin-ops',
          `/api/admin/jobs/application-counts?ids=${badgeIds}`,
          [adminCookie],
        ],
        [
          'admin restaurant options',
          adminOpsBff,
          'admin-ops',
          '/api/admin/restaurant-options',
          [adminCookie],
        ],
        [
          'admin freelancer options',
          adminOpsBff,
          'admin-ops',
          '/api/admin/freelancer-options',
          [adminCookie],
        ],
        [
          'admin job applications',
          adminOpsBff,
          'admin-ops',
          `/api/admin/jobs/${appliedJob}/applications`,
          [adminCookie],
        ],
        [
          'admin restaurant agenda',
          adminOpsBff,
          'admin-ops',
          `/api/admin/restaurants/${restaurantId}/jobs`,
          [adminCookie],
        ],
        ['admin disputes', adminOpsBff, 'admin-ops', '/api/admin/disputes', [adminCookie]],
        [
          'admin disputed timesheets',
          adminOpsBff,
          'admin-ops',
          '/api/admin/timesheets/disputed',
          [adminCookie],
        ],
        ['admin audit trail', adminOpsBff, 'admin-ops', '/api/admin/audit-events', [adminCookie]],
        [
          'admin invoice restaurants',
          adminBillingBff,
          'admin-billing',
          '/api/admin/invoice-restaurants',
          [adminCookie],
        ],
        [
          'admin detailed report',
          adminBillingBff,
          'admin-billing',
          '/api/admin/daily-detailed-report',
          [adminCookie],
        ],
        [
          'admin invoice services',
          adminBillingBff,
          'admin-billing',
          `/api/admin/invoice-services?restaurantId=${restaurantId}&startDate=${monthAgo}&endDate=${today}`,
          [adminCookie],
        ],
        ['freelancer shifts', freelancerBff, 'freelancer', '/api/freelancers/jobs', freelancerCookies],
        [
          'freelancer applications',
          freelancerBff,
          'freelancer',
          '/api/freelancers/applications',
          freelancerCookies,
        ],
        [
          'freelancer payment history',
          freelancerBff,
          'freelancer',
          '/api/freelancers/payment-history',
          freelancerCookies,
        ],
        ['restaurant invoices', restaurantBff, 'restaurant', '/api/restaurant/invoices', restaurantCookies],
        [
          'restaurant blocked freelancers',
          restaurantBff,
          'restaurant',
          '/api/restaurant/blocked-freelancers',
          restaurantCookies,
        ],
        [
          'restaurant freelancers to block',
          restaurantBff,
          'restaurant',
          '/api/freelancers',
          restaurantCookies,
        ],
        [
          'restaurant pending requests',
          restaurantBff,
          'restaurant',
          '/api/restaurant/assignments/pending-requests',
          restaurantCookies,
        ],
        [
          'restaurant application badges',
          restaurantBff,
          'restaurant',
          '/api/restaurant/jobs/applications-count',
          restaurantCookies,
        ],
        [
          'restaurant vacancy applicants',
          restaurantBff,
          'restaurant',
          `/api/restaurant/jobs/${ownAppliedJob}/applications`,
          [applicantsOwnerCookie],
        ],
      ].map(([name, bff, app, path, cookies]) => ({
        name: name as string,
        bff: { url: `${(bff as Server).url}${path as string}`, headers: rotate(cookies as string[]) },
        raw: {
          url: `${raw.url}/bff/${app as string}${path as string}`,
          headers: rotate(cookies as string[]),
        },
      })),
    ];

    console.log(
      `Machine: ${cpus().length} CPUs shared by PostgreSQL, Redis, the servers and the load generator; ` +
        `load average before measuring ${loadavg()
          .map((value) => value.toFixed(1))
          .join(' / ')} (figures from a busy machine are not comparable)`,
    );
    console.log(
      `\nEach list: ${ROUNDS} × ${SECONDS} s at ${CONNECTIONS} connections, BFF and raw twin alternating (median req/s), ` +
        `then ${SECONDS} s at a fixed ${FIXED_RATE} req/s (p50/p99).`,
    );
    const rows: string[][] = [];
    for (const list of lists) {
      if (ONLY && !ONLY.test(list.name)) continue;
      const measured: Record<'bff' | 'raw', { closed: LoadResult; open: LoadResult }> = {} as never;
      const closedRuns: Record<'bff' | 'raw', LoadResult[]> = { bff: [], raw: [] };
      // The server's own CPU per request (ms): what a busy machine changes least (it counts no waiting).
      const cpuPerRequest: Record<'bff' | 'raw', number[]> = { bff: [], raw: [] };
      const pidOf = (target: Target) =>
        servers.find((server) => target.url.startsWith(server.url))?.child.pid;
      for (const side of ['bff', 'raw'] as const) await closedLoop(list[side], CONNECTIONS, 1); // warm-up
      // Alternate the two sides and keep each one's median run, so a burst of other work on the
      // machine weighs on both alike instead of on whichever side happened to run then.
      for (let round = 0; round < ROUNDS; round++) {
        for (const side of ['bff', 'raw'] as const) {
          const pid = pidOf(list[side]);
          const cpuBefore = cpuMsOf(pid);
          const run = await closedLoop(list[side], CONNECTIONS, SECONDS);
          closedRuns[side].push(run);
          cpuPerRequest[side].push((cpuMsOf(pid) - cpuBefore) / run.requests);
        }
      }
      for (const side of ['bff', 'raw'] as const) {
        const closed = medianRun(closedRuns[side]);
        const open = await openLoop(list[side], FIXED_RATE, SECONDS);
        measured[side] = { closed, open };
        const errors = closedRuns[side].reduce((sum, run) => sum + run.errors, open.errors);
        if (errors > 0)
          console.log(`  ${list.name} ${side}: errors ${errors}`, closed.statuses, open.statuses);
      }
      rows.push([
        list.name,
        rps(measured.bff.closed.perSecond),
        rps(measured.raw.closed.perSecond),
        `${Math.round((100 * measured.bff.closed.perSecond) / measured.raw.closed.perSecond)} %`,
        `${median(cpuPerRequest.bff).toFixed(2)} / ${median(cpuPerRequest.raw).toFixed(2)} ms`,
        `${Math.round((100 * median(cpuPerRequest.raw)) / median(cpuPerRequest.bff))} %`,
        `${ms(measured.bff.open.p50)} / ${ms(measured.bff.open.p99)}`,
        `${ms(measured.raw.open.p50)} / ${ms(measured.raw.open.p99)}`,
      ]);
      console.log(`  ${rows[rows.length - 1]!.join(' | ')}`);
    }

    // A poll that saw the current version: 304 without the body.
    const etag = (await fetch(lists[0]!.bff.url, { headers: { cookie: restaurantCookies[0]! } })).headers.get(
      'etag',
    );
    const poll: Target = {
      url: lists[0]!.bff.url,
      headers: () => ({ cookie: restaurantCookies[0]!, 'if-none-match': etag ?? '' }),
    };
    await closedLoop(poll, CONNECTIONS, 1);
    const poll304 = await closedLoop(poll, CONNECTIONS, SECONDS);
    const poll304Open = await openLoop(poll, FIXED_RATE, SECONDS);

    const header = [
      'list',
      'BFF req/s',
      'raw req/s',
      'BFF/raw',
      'CPU/req BFF / raw',
      'raw/BFF CPU',
      `BFF p50/p99 @${FIXED_RATE}`,
      `raw p50/p99 @${FIXED_RATE}`,
    ];
    const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
    const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
    console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
    for (const row of rows) console.log(line(row));
    console.log(
      `\nrestaurant agenda, poll answered 304 (${Object.keys(poll304.statuses).join(',')}): ${rps(poll304.perSecond)} at ${CONNECTIONS} connections; ` +
        `p50/p99 at ${FIXED_RATE}/s ${ms(poll304Open.p50)} / ${ms(poll304Open.p99)}`,
    );

    console.log(`\nEXPLAIN ANALYZE of each list's statements (${SIZE.jobs.toLocaleString('en')} jobs):`);
    const now = new Date();
    const anyFreelancer = (await pool.query<{ id: number }>('select id from freelancers order by id limit 1'))
      .rows[0]!.id;
    const page = { limit: 50 } as const;
    await explain(pool, 'restaurant agenda', (em) =>
      listRestaurantJobsPage(
        em,
        wholeBusiness(restaurantId),
        { ...page, period: 'week', status: 'all' },
        { now },
      ),
    );
    await explain(pool, 'restaurant agenda, this month, search', (em) =>
      listRestaurantJobsPage(
        em,
        wholeBusiness(restaurantId),
        { ...page, period: 'month', status: 'all', q: 'caixa' },
        { now },
      ),
    );
    await explain(pool, 'freelancer vacancies', (em) => listOpenJobsPage(em, anyFreelancer, page, { now }));
    await explain(pool, 'admin jobs, all dates', (em) =>
      listAdminJobsPage(em, { ...page, date: 'all', status: 'all' }, { now }),
    );
    await explain(pool, 'admin jobs, next 7 days, open', (em) =>
      listAdminJobsPage(em, { ...page, date: 'next7', status: 'open' }, { now }),
    );
    await explain(pool, 'admin jobs, search "acougue"', (em) =>
      listAdminJobsPage(em, { ...page, date: 'all', status: 'all', q: 'acougue' }, { now }),
    );
    await explain(pool, 'admin restaurants', (em) =>
      listAdminRestaurantsPage(em, { ...page, status: 'all' }),
    );
    await explain(pool, 'admin invoices', (em) => listAdminInvoicesPage(em, { ...page, status: 'all' }));
    await explain(pool, 'data version (restaurant)', async (em) =>
      latestEventId(em, { kind: 'restaurant', restaurantId }),
    );
  } finally {
    // Each server stops in its own time (a profiled one writes its profile first), 10 s at most.
    await Promise.all(
      servers.map(
        ({ child }) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            const timer = setTimeout(done, 10_000);
            child.once('exit', () => (clearTimeout(timer), done()));
            child.kill('SIGTERM');
          }),
      ),
    );
    await pool.end();
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await dropDatabase(url);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
