/**
 * Payouts benchmark (`npm run bench:payouts`, issue 25): a Friday evening — BENCH_PAYOUTS shifts
 * (10,000) completed over BENCH_WINDOW_S seconds (600) through core's real `approveCheckOut`, each
 * creating its payout; the workers (`src/main.ts`, a process of their own so its RSS can be read)
 * send them to the fake PSP (infra/fake-psp, in this process) answering in BENCH_PSP_LATENCY_MS
 * (300 ms) and refusing beyond BENCH_PSP_RATE (50) requests per second with 429; the fake's
 * webhooks settle them through the admin-billing BFF (`bffs/admin-billing/src/main.ts`, a process)
 * on `POST /psp/webhook`. Printed: payouts created, sent, paid, sends per idempotency id at the
 * fake (duplicates must be 0), completion→sending / →accepted by the PSP / →paid p50/p95/p99, the
 * theoretical figures the PSP's rate allows, the worker's RSS at start, middle and end, total time.
 *
 * Then the webhook route alone, in two parts, each on payouts seeded `sending` of its own, half of
 * the notifications duplicates posted right after their original, over keep-alive connections:
 * open loop, BENCH_WEBHOOK_RATE (1,000) signed notifications per second for BENCH_WEBHOOK_S seconds
 * (10), whatever the answers (achieved rate and latency at that offered rate); then closed loop,
 * as many notifications with BENCH_WEBHOOK_IN_FLIGHT (64) always in flight (the route's capacity:
 * the open loop cannot show more than its offered rate). Printed per part: achieved rate, latency
 * p50/p99, statuses, CPU per notification (the BFF, PostgreSQL, the client), and that each payout
 * ended paid with exactly one `payout.paid` audit entry. Both after a warm-up of
 * BENCH_WEBHOOK_WARMUP (1,000) notifications of unknown sends (0: none, the sequence before).
 * BENCH_CPU_PROF=1 writes the BFF's CPU profile (node --cpu-prof) to BENCH_CPU_PROF_DIR (/tmp).
 *
 * Its own database (dropped at the end) and Redis queue prefix (deleted at the end). Quick run:
 *   BENCH_PAYOUTS=500 BENCH_WINDOW_S=30 BENCH_WEBHOOK_S=3 npm run bench:payouts
 * The workers run with PAYOUT_SEND_CONCURRENCY=BENCH_CONCURRENCY (20) and
 * PSP_RATE_LIMIT_PER_SECOND=BENCH_WORKER_RATE (= BENCH_PSP_RATE); set them to 4 and 20 to measure
 * the shipped defaults. A script that prints figures, not a timed test.
 */
/* eslint-disable no-console -- a benchmark's output is its figures */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { connect, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import {
  approveCheckOut,
  databaseUrl,
  dropDatabase,
  ensureDatabaseExists,
  initOrm,
  runMigrations,
  withDatabaseName,
  type Actor,
  type Orm,
} from '@turno/core';
import { uniqueTestDatabaseName } from '@turno/core/testing';
import {
  payoutIdempotencyId,
  saoPauloDate,
  shiftAmountsCents,
  shiftEndTime,
  workloadMinutes,
} from '@turno/domain';
// A bench, like a test, starts the local PSP stand-in (tooling); nothing under src/ imports it.
// eslint-disable-next-line turno/layers
import { startFakePsp, type RunningFakePsp } from '@turno/fake-psp';
import { pspSettingsFromEnv, signWebhookBody, webhookUrlWithToken } from '@turno/psp';

const num = (name: string, fallback: number) => {
  const raw = process.env[name]?.trim();
  return raw ? Number(raw) : fallback;
};
const PAYOUTS = num('BENCH_PAYOUTS', 10_000);
const WINDOW_S = num('BENCH_WINDOW_S', 600);
const PSP_LATENCY_MS = num('BENCH_PSP_LATENCY_MS', 300);
const PSP_RATE = num('BENCH_PSP_RATE', 50);
const SETTLE_MS = num('BENCH_PSP_SETTLE_MS', 500);
const CONCURRENCY = num('BENCH_CONCURRENCY', 20);
const WORKER_RATE = num('BENCH_WORKER_RATE', PSP_RATE);
const WEBHOOK_RATE = num('BENCH_WEBHOOK_RATE', 1_000);
const WEBHOOK_S = num('BENCH_WEBHOOK_S', 10);
const WEBHOOK_IN_FLIGHT = num('BENCH_WEBHOOK_IN_FLIGHT', 64);
const WEBHOOK_WARMUP = num('BENCH_WEBHOOK_WARMUP', 1_000);
const CPU_PROF = /^(1|true|yes)$/i.test(process.env.BENCH_CPU_PROF?.trim() ?? '');
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF_DIR?.trim() || '/tmp';
/** After the last completion, how long the payouts may take to end before the run gives up. */
const DRAIN_LIMIT_S = num('BENCH_DRAIN_LIMIT_S', 900);
const FREELANCERS = Math.min(2_000, Math.max(10, Math.ceil(PAYOUTS / 5)));
const RESTAURANTS = 200;
const WEBHOOK_PAYOUTS = Math.ceil((WEBHOOK_RATE * WEBHOOK_S) / 2);

const ROOT = resolve(__dirname, '../../..');
const SECRET = 'bench-payouts-webhook-secret';
const BFF_PORT = 19_900 + (process.pid % 90);
const ADMIN: Actor = { role: 'admin', adminId: 1 };
/** A valid CPF (the payee of every send; the fake checks the digits, not the owner). */
const CPF = '52998224725';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const spread = (values: number[]) =>
  `p50 ${secs(percentile(values, 50))}  p95 ${secs(percentile(values, 95))}  p99 ${secs(percentile(values, 99))}  max ${secs(percentile(values, 100))}  (n=${values.length})`;

function rssMb(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Math.round(Number(line?.split(/\s+/)[1]) / 1024);
  } catch {
    return NaN;
  }
}

/** CPU time (user + system) a process has used, in ms (Linux /proc; NaN when unreadable). */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in USER_HZ (100)
  } catch {
    return NaN;
  }
}

/** A child process (tsx) whose JSON log lines are scanned: ready line, errors counted. */
function start(
  name: string,
  script: string,
  env: Record<string, string>,
  readyMessage: string,
  execArgv: string[] = [],
) {
  const child: ChildProcess = fork(resolve(ROOT, script), [], {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const seen = { errors: 0, lastErrors: [] as string[], failedJobs: 0, rateLimited: 0 };
  const ready = new Promise<void>((resolveReady, reject) => {
    setTimeout(() => reject(new Error(`${name} not ready after 60 s`)), 60_000).unref();
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it was ready`)));
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        if (line.includes(`"msg":"${readyMessage}"`)) resolveReady();
        if (line.includes('"msg":"job failed"')) seen.failedJobs += 1;
        if (/"level":(50|60)|"level":"(error|fatal)"/.test(line) || !line.startsWith('{')) {
          seen.errors += 1;
          if (seen.lastErrors.length < 5) seen.lastErrors.push(line.slice(0, 400));
        }
      });
    }
  });
  return { name, child, seen, ready };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

const SHIFT = { hours: 8, start: '08:00' };

async function seed(
  orm: Orm,
): Promise<{ assignmentIds: number[]; webhookIds: string[]; webhookAssignmentIds: number[] }> {
  const em = orm.em.fork();
  const amounts = shiftAmountsCents(SHIFT.hours, SHIFT.start);
  const end = shiftEndTime(SHIFT.start, SHIFT.hours);
  // Yesterday's shifts (São Paulo), checked in at the start and the check-out asked at the end.
  const day = saoPauloDate(new Date(Date.now() - 86_400_000));
  await em
    .execute(
      `insert into admins (id, email, name, password_hash) values (1, 'bench@turno.dev', 'Bench', 'x') on conflict do nothing`,
    )
    .catch(() => undefined);
  await em.execute(
    `insert into users (email, name, user_type)
     select 'bench-owner-' || g || '@example.com', 'Dono ' || g, 'restaurant' from generate_series(1, ?) g`,
    [RESTAURANTS],
  );
  await em.execute(
    `insert into restaurants (user_id, name, business_name, is_approved, is_active)
     select id, name, 'Mercado ' || id, true, true from users where user_type = 'restaurant' order by id`,
  );
  await em.execute(
    `insert into users (email, name, user_type)
     select 'bench-freela-' || g || '@example.com', 'Freela ' || g, 'freelancer' from generate_series(1, ?) g`,
    [FREELANCERS],
  );
  // Pix keys set long ago (a key changed in the last 24 h would hold the payout).
  await em.execute(
    `insert into freelancers (user_id, name, specialties, is_approved, is_available, cpf, pix_key, pix_key_changed_at)
     select id, name, '["Operador de Caixa"]'::jsonb, true, true, ?, 'pix-' || id || '@example.com',
            now() - interval '30 days'
       from users where user_type = 'freelancer' order by id`,
    [CPF],
  );
  // The webhook phase's payouts: one set for the open loop, one for the closed loop.
  const total = PAYOUTS + 2 * WEBHOOK_PAYOUTS;
  await em.execute(
    `insert into jobs (restaurant_id, title, position_type, date_needed, start_time, end_time, workload_minutes,
                       charge_cents, status)
     select r.first_id + (g - 1) % ?, 'Operador de Caixa', 'Operador de Caixa', ?::date, ?, ?, ?, ?,
            case when g <= ? then 'assigned' else 'completed' end
       from generate_series(1, ?) g cross join (select min(id) as first_id from restaurants) r`,
    [RESTAURANTS, day, SHIFT.start, end, workloadMinutes(SHIFT.hours), amounts.chargeCents, PAYOUTS, total],
  );
  const checkIn = `(j.date_needed + j.start_time::time) at time zone 'America/Sao_Paulo'`;
  const checkOut = `(j.date_needed + j.end_time::time) at time zone 'America/Sao_Paulo'`;
  // The first PAYOUTS jobs: checked in, check-out asked (the business approves it during the run).
  await em.execute(
    `insert into assignments (job_id, freelancer_id, status, check_in_at, check_in_method, checkout_requested_at)
     select j.id, f.first_id + j.id % ?, 'in_progress', ${checkIn}, 'manager', ${checkOut}
       from jobs j cross join (select min(id) as first_id from freelancers) f
      where j.status = 'assigned' order by j.id`,
    [FREELANCERS],
  );
  // The others: completed, their payout handed to the PSP (`sending`): the webhook phase settles them.
  await em.execute(
    `insert into assignments (job_id, freelancer_id, status, check_in_at, check_out_at, restaurant_charge_cents,
                              freelancer_payout_cents, commission_cents, completed_at, pay_basis)
     select j.id, f.first_id + j.id % ?, 'completed', ${checkIn}, ${checkOut}, ?, ?, ?, ${checkOut}, 'full'
       from jobs j cross join (select min(id) as first_id from freelancers) f
      where j.status = 'completed' order by j.id`,
    [FREELANCERS, amounts.chargeCents, amounts.payoutCents, amounts.commissionCents],
  );
  const assignmentIds = (
    await em.execute<{ id: number }[]>(`select id from assignments where status = 'in_progress' order by id`)
  ).map((r) => r.id);
  const done = (
    await em.execute<{ id: number }[]>(`select id from assignments where status = 'completed' order by id`)
  ).map((r) => r.id);
  const webhookIds = done.map((id) => payoutIdempotencyId(id, 0));
  await em.execute('analyze');
  return { assignmentIds, webhookIds, webhookAssignmentIds: done };
}

/**
 * The webhook phase's payouts, handed to the PSP (`sending`): inserted once the workers have
 * stopped (their sweep would otherwise check them after two minutes and send them).
 */
async function seedSendingPayouts(orm: Orm, done: number[]): Promise<void> {
  const em = orm.em.fork();
  const webhookIds = done.map((id) => payoutIdempotencyId(id, 0));
  await em.execute(
    `insert into payouts (assignment_id, freelancer_id, amount_cents, attempt, idempotency_id, status, pix_key,
                          payee_name, payee_cpf, sending_since, created_at, updated_at)
     select a.id, a.freelancer_id, a.freelancer_payout_cents, 0, ids.idem, 'sending', f.pix_key, f.name, f.cpf,
            now(), now(), now()
       from unnest(?::int[], ?::text[]) as ids(assignment_id, idem)
       join assignments a on a.id = ids.assignment_id
       join freelancers f on f.id = a.freelancer_id`,
    [`{${done.join(',')}}`, `{${webhookIds.join(',')}}`],
  );
}

/** Completes the shifts spread evenly over the window, a few at once at most; answers their ids. */
async function completeOverWindow(orm: Orm, assignmentIds: number[], onProgress: (done: number) => void) {
  const started = Date.now();
  const interval = (WINDOW_S * 1000) / assignmentIds.length;
  const inFlight = new Set<Promise<void>>();
  let errors = 0;
  let done = 0;
  for (const [index, assignmentId] of assignmentIds.entries()) {
    const due = started + index * interval;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    while (inFlight.size >= 8) await Promise.race(inFlight);
    const call = approveCheckOut(orm.em.fork(), ADMIN, assignmentId, new Date())
      .then(() => undefined)
      .catch((error: unknown) => {
        errors += 1;
        if (errors <= 3) console.error(`  completion ${assignmentId} failed: ${(error as Error).message}`);
      })
      .finally(() => {
        inFlight.delete(call);
        done += 1;
        onProgress(done);
      });
    inFlight.add(call);
  }
  await Promise.all(inFlight);
  return { errors, seconds: (Date.now() - started) / 1000 };
}

/**
 * The best a perfect sender does: completion i at i·W/N; a PSP that takes `rate` requests a second
 * starts send i at the earliest at max(t_i, i/rate); accepted `latency` later.
 */
function theoretical(n: number, windowS: number, rate: number, latencyMs: number): number[] {
  const out: number[] = [];
  let lastStart = -Infinity;
  for (let i = 0; i < n; i++) {
    const arrival = (i * windowS * 1000) / n;
    const begin = Math.max(arrival, lastStart + 1000 / rate);
    lastStart = begin;
    out.push(begin - arrival + latencyMs);
  }
  return out;
}

async function statusCounts(orm: Orm, ids: 'bench' | 'webhook'): Promise<Record<string, number>> {
  const rows = await orm.em
    .fork()
    .getConnection()
    .execute<{ status: string; n: string }[]>(
      `select p.status, count(*) as n from payouts p join jobs_of_phase using (assignment_id) group by p.status`.replace(
        'jobs_of_phase using (assignment_id)',
        ids === 'bench'
          ? `assignments a on a.id = p.assignment_id and a.check_out_method is not null`
          : `assignments a on a.id = p.assignment_id and a.check_out_method is null`,
      ),
    );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * One keep-alive HTTP/1.1 connection sending prepared requests one at a time and reading only
 * what the figures need (the status; the body skipped by its Content-Length). Node's
 * `http.request` cost about as much CPU per request as the webhook's own handling on this 2-core
 * machine, where the client, the BFF and PostgreSQL share the cores.
 */
class Lane {
  private readonly socket: Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: ((status: number) => void) | null = null;

  constructor(port: number) {
    this.socket = connect({ host: '127.0.0.1', port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.parse();
    });
    this.socket.on('error', () => this.fail());
    this.socket.on('close', () => this.fail());
  }

  send(request: Buffer): Promise<number> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private fail(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.(0);
  }

  private parse(): void {
    const end = this.buffered.indexOf('\r\n\r\n');
    if (end === -1) return;
    const head = this.buffered.toString('latin1', 0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffered.length < end + 4 + length) return;
    const status = Number(head.slice(9, 12));
    this.buffered = this.buffered.subarray(end + 4 + length);
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.(status);
  }
}

/**
 * Posts the webhook notifications (bodies signed beforehand), each duplicate right after its
 * original, over keep-alive connections: open loop at WEBHOOK_RATE a second (`inFlight`
 * undefined: 64 connections taken in turn, a request waiting for a free one counts its wait), or closed
 * loop with `inFlight` connections each sending its next request as soon as one is answered.
 */
async function webhookLoad(url: string, ids: string[], e2eBase: number, inFlight?: number) {
  const target = new URL(`${url}/pix`);
  const requests = ids.flatMap((id, index) => {
    const body = JSON.stringify({
      pix: [
        {
          endToEndId: `E09089356202611272200${String(e2eBase + index).padStart(11, '0')}`.slice(0, 32),
          valor: '150.00',
          horario: new Date().toISOString(),
          status: 'REALIZADO',
          tipo: 'SOLICITACAO',
          gnExtras: { idEnvio: id },
        },
      ],
    });
    const request = Buffer.from(
      `POST ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n` +
        `Content-Type: application/json\r\nX-Turno-Signature: ${signWebhookBody(SECRET, body)}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    return [request, request];
  });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const lanes = Array.from({ length: inFlight ?? 64 }, () => new Lane(Number(target.port)));
  const free = [...lanes];
  const queued: ((lane: Lane) => void)[] = [];
  const post = async (request: Buffer) => {
    const began = performance.now();
    const lane = free.shift() ?? (await new Promise<Lane>((resolveLane) => queued.push(resolveLane)));
    const status = await lane.send(request);
    latencies.push(performance.now() - began);
    const key = status === 0 ? 'error' : String(status);
    statuses[key] = (statuses[key] ?? 0) + 1;
    const next = queued.shift();
    if (next) next(lane);
    else free.push(lane);
  };
  const started = performance.now();
  if (inFlight !== undefined) {
    let next = 0;
    const lane = async () => {
      while (next < requests.length) await post(requests[next++]!);
    };
    await Promise.all(Array.from({ length: inFlight }, lane));
    const elapsed = performance.now() - started;
    for (const each of lanes) each.close();
    return { posted: requests.length, sentIn: elapsed, elapsed, latencies, statuses };
  }
  const pending: Promise<void>[] = [];
  const tick = 10;
  const perTick = (WEBHOOK_RATE * tick) / 1000;
  for (let sent = 0; sent < requests.length;) {
    const due = started + (sent / perTick) * tick;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    for (let k = 0; k < perTick && sent < requests.length; k++) pending.push(post(requests[sent++]!));
  }
  const sentIn = performance.now() - started;
  await Promise.all(pending);
  const elapsed = performance.now() - started;
  for (const each of lanes) each.close();
  return { posted: requests.length, sentIn, elapsed, latencies, statuses };
}

async function main(): Promise<void> {
  const began = Date.now();
  const url = withDatabaseName(databaseUrl(), uniqueTestDatabaseName('turno_bench_payouts'));
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `bench-payouts-${process.pid}`;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  await ensureDatabaseExists(url);
  const orm = await initOrm({ url, poolMax: 8 });
  let fake: RunningFakePsp | null = null;
  const children: ChildProcess[] = [];
  try {
    await runMigrations(orm);
    console.log(
      `Payouts benchmark: ${PAYOUTS} completions over ${WINDOW_S} s (${(PAYOUTS / WINDOW_S).toFixed(1)}/s), ` +
        `fake PSP ${PSP_LATENCY_MS} ms per answer, ${PSP_RATE} requests/s, settles after ${SETTLE_MS} ms; ` +
        `workers PAYOUT_SEND_CONCURRENCY=${CONCURRENCY} PSP_RATE_LIMIT_PER_SECOND=${WORKER_RATE}; load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    const seedStarted = Date.now();
    const { assignmentIds, webhookIds, webhookAssignmentIds } = await seed(orm);
    console.log(
      `  seeded ${assignmentIds.length} checked-in shifts, ${webhookIds.length} completed shifts for the webhook phase, ` +
        `${FREELANCERS} freelancers in ${secs(Date.now() - seedStarted)}`,
    );

    // The admin-billing BFF: the fake PSP's webhooks land on its POST /psp/webhook.
    const bffUrl = `http://127.0.0.1:${BFF_PORT}`;
    const bff = start(
      'bff-admin-billing',
      'bffs/admin-billing/src/main.ts',
      {
        DATABASE_URL: url,
        REDIS_URL: redisUrl,
        SESSION_KEY_PREFIX: `${prefix}-sess:`,
        QUEUE_PREFIX: prefix,
        PORT: String(BFF_PORT),
        PSP_WEBHOOK_SECRET: SECRET,
        LOG_LEVEL: 'info',
      },
      'listening',
      CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [],
    );
    children.push(bff.child);
    if (CPU_PROF) console.log(`  BFF pid ${bff.child.pid}: its CPU profile goes to ${CPU_PROF_DIR}`);
    await bff.ready;
    const webhookUrl = webhookUrlWithToken(`${bffUrl}/psp/webhook`, SECRET);
    const psp = pspSettingsFromEnv({ PSP_WEBHOOK_SECRET: SECRET } as NodeJS.ProcessEnv);
    fake = await startFakePsp({
      port: 0,
      webhookUrl,
      webhookSecret: SECRET,
      clientId: psp.clientId,
      clientSecret: psp.clientSecret,
      accountKey: psp.accountKey,
      settleAfterMs: SETTLE_MS,
    });
    for (const [path, body] of [
      ['latency', { ms: PSP_LATENCY_MS }],
      ['rate-limit', { perSecond: PSP_RATE }],
    ] as const) {
      const answer = await fetch(`${fake.url}/__control/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!answer.ok) throw new Error(`fake PSP ${path}: ${answer.status}`);
    }

    const workers = start(
      'workers',
      'services/workers/src/main.ts',
      {
        DATABASE_URL: url,
        REDIS_URL: redisUrl,
        QUEUE_PREFIX: prefix,
        PSP_BASE_URL: fake.url,
        PSP_WEBHOOK_SECRET: SECRET,
        PAYOUT_SEND_CONCURRENCY: String(CONCURRENCY),
        PSP_RATE_LIMIT_PER_SECOND: String(WORKER_RATE),
        LOG_LEVEL: 'info',
      },
      'workers ready',
    );
    children.push(workers.child);
    await workers.ready;
    const rss = { start: rssMb(workers.child.pid), middle: NaN, end: NaN, max: 0 };
    const sampler = setInterval(() => {
      rss.max = Math.max(rss.max, rssMb(workers.child.pid) || 0);
    }, 1_000);

    // The Friday evening.
    const runStarted = Date.now();
    let middleTaken = false;
    const progress = setInterval(
      () => {
        void statusCounts(orm, 'bench').then((counts) =>
          console.log(
            `  t=${Math.round((Date.now() - runStarted) / 1000)} s  ${JSON.stringify(counts)}  worker RSS ${rssMb(workers.child.pid)} MB`,
          ),
        );
      },
      Math.max(5_000, (WINDOW_S * 1000) / 10),
    );
    const completion = await completeOverWindow(orm, assignmentIds, (done) => {
      if (!middleTaken && done >= assignmentIds.length / 2) {
        middleTaken = true;
        rss.middle = rssMb(workers.child.pid);
      }
    });
    console.log(
      `  ${assignmentIds.length} completions in ${completion.seconds.toFixed(1)} s (${completion.errors} failed)`,
    );
    const drainLimit = Date.now() + DRAIN_LIMIT_S * 1000;
    let counts: Record<string, number> = {};
    for (;;) {
      counts = await statusCounts(orm, 'bench');
      const open = (counts.pending ?? 0) + (counts.sending ?? 0) + (counts.held ?? 0);
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      if ((total >= assignmentIds.length - completion.errors && open === 0) || Date.now() > drainLimit) break;
      await sleep(1_000);
    }
    await fake.idle();
    const runMs = Date.now() - runStarted;
    clearInterval(progress);
    rss.end = rssMb(workers.child.pid);
    clearInterval(sampler);

    const conn = orm.em.fork().getConnection();
    const rows = await conn.execute<
      { idempotency_id: string; created: Date; sending: Date | null; paid: Date | null; status: string }[]
    >(
      `select p.idempotency_id, p.created_at as created, p.sending_since as sending, p.status,
              (select min(e.created_at) from audit_events e
                where e.target_type = 'payouts' and e.target_id = p.id::text and e.action = 'payout.paid') as paid
         from payouts p join assignments a on a.id = p.assignment_id and a.check_out_method is not null`,
    );
    const perId = new Map<string, number>();
    for (const id of fake.state.sendRequests) perId.set(id, (perId.get(id) ?? 0) + 1);
    const duplicates = [...perId.values()].filter((n) => n > 1).length;
    const toSending: number[] = [];
    const toAccepted: number[] = [];
    const toPaid: number[] = [];
    for (const row of rows) {
      const created = new Date(row.created).getTime();
      if (row.sending) toSending.push(new Date(row.sending).getTime() - created);
      const send = fake.state.sends.get(row.idempotency_id);
      if (send) toAccepted.push(new Date(send.solicitacao).getTime() - created);
      if (row.paid) toPaid.push(new Date(row.paid).getTime() - created);
    }
    const best = theoretical(rows.length, WINDOW_S, PSP_RATE, PSP_LATENCY_MS);
    const bestPaid = best.map((ms) => ms + SETTLE_MS);
    const [auditTwice] = await conn.execute<{ n: string }[]>(
      `select count(*) as n from (select target_id, action from audit_events where target_type = 'payouts'
        group by target_id, action having count(*) > 1 and action <> 'payout.sending' and action <> 'payout.unsent') t`,
    );
    const [sendingTwice] = await conn.execute<{ n: string }[]>(
      `select count(*) as n from (select target_id from audit_events where target_type = 'payouts' and action = 'payout.sending'
        group by target_id having count(*) > 1) t`,
    );
    console.log('');
    console.log('Payouts');
    console.log(`  payouts created            ${rows.length} of ${assignmentIds.length} completions`);
    console.log(`  states                     ${JSON.stringify(counts)}`);
    console.log(`  sent (accepted by the PSP) ${fake.state.sends.size}`);
    console.log(`  paid                       ${counts.paid ?? 0}`);
    console.log(
      `  send requests at the PSP   ${fake.state.sendRequests.length} for ${perId.size} ids; ids sent more than once: ${duplicates}`,
    );
    console.log(
      `  audit: same change twice   ${auditTwice?.n ?? '?'} payouts; claimed 'sending' more than once: ${sendingTwice?.n ?? '?'}`,
    );
    console.log(`  completion → sending       ${spread(toSending)}`);
    console.log(`  completion → PSP accepted  ${spread(toAccepted)}`);
    console.log(`  completion → paid          ${spread(toPaid)}`);
    console.log(
      `  theoretical at ${PSP_RATE}/s      accepted ${spread(best)}\n` +
        `                             paid     ${spread(bestPaid)}\n` +
        `                             (last send no earlier than ${secs(Math.max(WINDOW_S * 1000, (rows.length / PSP_RATE) * 1000))} after the first completion)`,
    );
    console.log(
      `  p99 accepted over the theoretical p99: ${secs(percentile(toAccepted, 99) - percentile(best, 99))} (target ≤ 30 s)`,
    );
    console.log(
      `  worker RSS                 start ${rss.start} MB, middle ${rss.middle} MB, end ${rss.end} MB, max ${rss.max} MB`,
    );
    console.log(
      `  worker log                 ${workers.seen.failedJobs} failed jobs, ${workers.seen.errors} error lines${workers.seen.lastErrors.length ? `\n    ${workers.seen.lastErrors.join('\n    ')}` : ''}`,
    );
    console.log(
      `  run time                   ${secs(runMs)} (completions ${completion.seconds.toFixed(1)} s + drain)`,
    );

    // The workers stop first: the webhook phase's `sending` payouts must be settled by webhooks only.
    await stop(workers.child);
    await seedSendingPayouts(orm, webhookAssignmentIds);

    const openIds = webhookIds.slice(0, WEBHOOK_PAYOUTS);
    const closedIds = webhookIds.slice(WEBHOOK_PAYOUTS);
    const parts = [
      {
        title: `Webhooks, open loop: ${WEBHOOK_RATE}/s for ${WEBHOOK_S} s, half duplicates, ${openIds.length} payouts`,
        ids: openIds,
        assignments: webhookAssignmentIds.slice(0, WEBHOOK_PAYOUTS),
        inFlight: undefined,
      },
      {
        title: `Webhooks, closed loop: ${WEBHOOK_IN_FLIGHT} in flight, half duplicates, ${closedIds.length} payouts`,
        ids: closedIds,
        assignments: webhookAssignmentIds.slice(WEBHOOK_PAYOUTS),
        inFlight: WEBHOOK_IN_FLIGHT,
      },
    ];
    if (WEBHOOK_WARMUP > 0) {
      // A BFF that has served a while: its code compiled, its pool's connections open. Sends no
      // payout has (answered 200 'unknown', one warning line each), in closed loop.
      const ids = Array.from(
        { length: Math.ceil(WEBHOOK_WARMUP / 2) },
        (_, i) => `TURNOAQUECIMENTO${String(i).padStart(16, '0')}`,
      );
      const warm = await webhookLoad(webhookUrl, ids, 9 * WEBHOOK_PAYOUTS, WEBHOOK_IN_FLIGHT);
      console.log('');
      console.log(
        `Webhooks, warm-up: ${warm.posted} notifications of unknown sends in ${secs(warm.elapsed)} ${JSON.stringify(warm.statuses)} (BENCH_WEBHOOK_WARMUP=0: none)`,
      );
    }
    for (const [index, part] of parts.entries()) {
      console.log('');
      console.log(
        `${part.title}; load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
      // PostgreSQL's side: the backends connected to this run's database (the BFF's pool among them).
      const backends = (
        await conn.execute<{ pid: number }[]>(
          `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        )
      ).map((row) => row.pid);
      const cpuBefore = {
        bff: cpuMs(bff.child.pid),
        bench: process.cpuUsage(),
        postgres: backends.map(cpuMs),
      };
      const load = await webhookLoad(webhookUrl, part.ids, index * 2 * WEBHOOK_PAYOUTS, part.inFlight);
      const cpu = {
        bff: cpuMs(bff.child.pid) - cpuBefore.bff,
        bench: (() => {
          const used = process.cpuUsage(cpuBefore.bench);
          return (used.user + used.system) / 1000;
        })(),
        // Backends that came and went during the part are not counted (the BFF's pool keeps its own).
        postgres: backends.reduce((sum, pid, i) => sum + (cpuMs(pid) - cpuBefore.postgres[i]! || 0), 0),
      };
      const ids = `{${part.assignments.join(',')}}`;
      const states = await conn.execute<{ status: string; n: string }[]>(
        `select status, count(*) as n from payouts where assignment_id = any(?::int[]) group by status`,
        [ids],
      );
      const [paidTwice] = await conn.execute<{ n: string; entries: string }[]>(
        `select count(*) filter (where c > 1) as n, coalesce(sum(c), 0) as entries from (
           select p.id, count(e.id) as c from payouts p
             left join audit_events e on e.target_type = 'payouts' and e.target_id = p.id::text and e.action like 'payout.%'
            where p.assignment_id = any(?::int[])
            group by p.id) t`,
        [ids],
      );
      console.log(
        `  posted                     ${load.posted} in ${secs(load.sentIn)} (all answered after ${secs(load.elapsed)})`,
      );
      console.log(
        `  achieved                   ${Math.round(load.posted / (load.elapsed / 1000))} answered/s`,
      );
      console.log(`  answers                    ${JSON.stringify(load.statuses)}`);
      console.log(
        `  latency                    p50 ${percentile(load.latencies, 50).toFixed(1)} ms  p99 ${percentile(load.latencies, 99).toFixed(1)} ms  max ${percentile(load.latencies, 100).toFixed(1)} ms`,
      );
      const per = (ms: number) => `${((ms / load.posted) * 1000).toFixed(0)} µs`;
      console.log(
        `  CPU per notification       BFF ${per(cpu.bff)}, PostgreSQL ${per(cpu.postgres)} (${backends.length} backends), bench client ${per(cpu.bench)}`,
      );
      console.log(
        `  final states               ${JSON.stringify(Object.fromEntries(states.map((r) => [r.status, Number(r.n)])))} (expected all ${part.ids.length} paid)`,
      );
      console.log(
        `  audit entries              ${paidTwice?.entries ?? '?'} for ${part.ids.length} payouts; payouts changed more than once: ${paidTwice?.n ?? '?'}`,
      );
    }
    console.log(
      `  BFF log                    ${bff.seen.errors} error lines${bff.seen.lastErrors.length ? `\n    ${bff.seen.lastErrors.join('\n    ')}` : ''}`,
    );
    console.log('');
    console.log(
      `Total time ${secs(Date.now() - began)}; load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    for (const child of children) await stop(child);
    await fake?.close();
    await orm.close(true);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    if (!process.env.BENCH_KEEP_DB) await dropDatabase(url);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
