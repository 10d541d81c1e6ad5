/**
 * "New vacancy nearby" benchmark (`npm run bench:notify`, issue 26): BENCH_FREELANCERS (100,000)
 * approved freelancers with a geocoded home spread evenly over a disc of BENCH_DISC_KM (40 km)
 * around Praça da Sé, each with a maximum distance (70 % the 15 km default, the rest 5, 10 or 25 km)
 * and two of the seven specialties. The workers (`src/main.ts`, a process of their own so its RSS
 * can be read) run their LISTEN-driven fan-out with in-app and web push (no e-mail/WhatsApp).
 * A business posts BENCH_VACANCIES (3) vacancies one after another through core's `createJobs`
 * (Estoquista, Operador de Caixa, Aux de Padaria) at a store at the centre. Printed per vacancy:
 * the eligible freelancers (counted independently: distance by the haversine in SQL, specialty,
 * radius), how many got the in-app notification, and the time from the vacancy's commit to each
 * notification being visible (polled every BENCH_POLL_MS, 25 ms) p50/p99; the worker's RSS before,
 * after each vacancy and at the end (BENCH_VACANCIES=10 shows whether it grows or levels off; from the
 * sixth vacancy within an hour the hourly cap of alerts leaves some freelancers out, and "eligible"
 * counts that too). BENCH_WORKER_PROFILE=<dir>: the workers write a V8 CPU profile there on exit. Its own database (dropped) and Redis prefix (deleted). A script that prints figures.
 *
 * Web push ("push requests are handed to the (local) push service at that pace"): the local Web
 * Push service of development (infra/dev-notify `startLocalPushService`, HTTPS, a fresh self-signed
 * certificate) runs in this process; the workers get VAPID keys made at start (`web-push`
 * generateVAPIDKeys) and trust the certificate through WEB_PUSH_CA_FILE (a temporary file). Every
 * freelancer (all of them, 100 %) has one push subscription, inserted set-based like the rest of the
 * seed: endpoint `<service>/push/<freelancer id>`, and one real P-256 key pair + 16-byte auth secret
 * (made here) shared by all rows, so `web-push` encrypts each payload for real. Nobody has stored
 * preferences: web push is on by default for `vacancy_nearby` (e-mail is off by default for it, and
 * no SMTP is configured anyway). Quiet hours (22:00–07:00 São Paulo) hold push until 07:00 unless the
 * shift starts within 12 hours: the vacancies are for the day after tomorrow at 08:00, but when the
 * bench runs in (or within BENCH_WAIT_LIMIT_S of) quiet hours it posts them for a shift starting
 * 3–4 hours later instead, so the pushes are sent at once (it says so; the in-app fan-out does not
 * depend on the shift's time). Printed per vacancy too: how many push requests the service received
 * for that vacancy's notifications (matched by the topic `n<notification id>` the workers set, each
 * to its freelancer's endpoint; it should equal the in-app count) and the time from the commit to
 * each request's arrival (the service's `receivedAt`, this process's clock) p50/p99/max.
 *   BENCH_FREELANCERS=10000 npm run bench:notify   # a quick run
 */
/* eslint-disable no-console -- a benchmark's output is its figures */
import { fork, type ChildProcess } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import webPush from 'web-push';
import {
  createJobs,
  databaseUrl,
  dropDatabase,
  ensureDatabaseExists,
  initOrm,
  runMigrations,
  withDatabaseName,
  type Orm,
  OWNER_MEMBERSHIP,
} from '@turno/core';
import { uniqueTestDatabaseName } from '@turno/core/testing';
import {
  DEFAULT_SEARCH_RADIUS_KM,
  EARTH_RADIUS_M,
  MS_PER_HOUR,
  POSITION_TYPES,
  VACANCY_ALERTS_PER_HOUR,
  addDays,
  inQuietHours,
  saoPauloDate,
  saoPauloTime,
} from '@turno/domain';
// A bench, like a test, starts the local Web Push stand-in (tooling); nothing under src/ imports it.
// eslint-disable-next-line turno/layers
import { startLocalPushService, type LocalPushService, type PushRequest } from '@turno/dev-notify';

const num = (name: string, fallback: number) => {
  const raw = process.env[name]?.trim();
  return raw ? Number(raw) : fallback;
};
const FREELANCERS = num('BENCH_FREELANCERS', 100_000);
const DISC_KM = num('BENCH_DISC_KM', 40);
const VACANCIES = num('BENCH_VACANCIES', 3);
const POLL_MS = num('BENCH_POLL_MS', 25);
const WAIT_LIMIT_S = num('BENCH_WAIT_LIMIT_S', 120);
const ROOT = resolve(__dirname, '../../..');
const STORE = { latitude: -23.5505, longitude: -46.6333 };
const POSITIONS = ['Estoquista', 'Operador de Caixa', 'Aux de Padaria'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (value: number) => `${Math.round(value)} ms`;
function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
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

/** The workers' process (tsx); resolves once it logs 'workers ready' (its channels kept); errors counted. */
function startWorkers(env: Record<string, string>) {
  const child: ChildProcess = fork(resolve(ROOT, 'services/workers/src/main.ts'), [], {
    // BENCH_WORKER_PROFILE=<dir>: the workers write a V8 CPU profile there when they exit.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_WORKER_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_WORKER_PROFILE}`]
        : []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const seen = { errors: 0, lastErrors: [] as string[], channels: [] as string[] };
  const ready = new Promise<void>((resolveReady, reject) => {
    setTimeout(() => reject(new Error('workers not ready after 120 s')), 120_000).unref();
    child.once('exit', (code) => reject(new Error(`workers exited (${code}) before they were ready`)));
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        if (line.includes('"msg":"workers ready"')) {
          try {
            const ready = JSON.parse(line) as { notificationChannels?: string[] };
            seen.channels = ready.notificationChannels ?? [];
          } catch {
            // Not JSON (a pretty logger): the channels stay unknown.
          }
          resolveReady();
        }
        if (/"level":(50|60)|"level":"(error|fatal)"/.test(line)) {
          seen.errors += 1;
          if (seen.lastErrors.length < 5) seen.lastErrors.push(line.slice(0, 400));
        }
      });
    }
  });
  return { child, seen, ready };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** One browser's keys (a real P-256 key pair and auth secret: `web-push` encrypts for them), for every row. */
function subscriberKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/**
 * The business, and the freelancers in set-based statements (users, profiles, search areas, one
 * push subscription each at the local push service: `<service>/push/<freelancer id>`).
 */
async function seed(orm: Orm, push: LocalPushService): Promise<{ restaurantId: number; userId: number }> {
  const em = orm.em.fork();
  const [owner] = await em.execute<{ id: number }[]>(
    `insert into users (email, name, user_type) values ('loja@bench.example', 'Loja Sé', 'restaurant') returning id`,
  );
  const [store] = await em.execute<{ id: number }[]>(
    `insert into restaurants (user_id, name, business_name, is_approved, is_active, latitude, longitude)
     values (?, 'Loja Sé', 'Mercado Sé', true, true, ?, ?) returning id`,
    [owner!.id, STORE.latitude, STORE.longitude],
  );
  await em.execute(
    `insert into users (email, name, user_type)
     select 'freela' || g || '@bench.example', 'Freela ' || g, 'freelancer' from generate_series(1, ?) g`,
    [FREELANCERS],
  );
  await em.execute(
    `insert into freelancers (user_id, name, specialties, is_approved, is_available)
     select u.id, u.name,
            jsonb_build_array((?::jsonb)->>(u.id % 7), (?::jsonb)->>((u.id / 7) % 7)), true, true
       from users u where u.user_type = 'freelancer'`,
    [JSON.stringify(POSITION_TYPES), JSON.stringify(POSITION_TYPES)],
  );
  // Evenly over the disc: distance sqrt(random) × R, bearing random (1° of latitude = 111.195 km).
  await em.execute(
    `insert into freelancer_search_areas (freelancer_id, home_query, home_latitude, home_longitude,
       home_geocode_status, home_geocoded_at, origin, radius_km)
     select f.id, 'bench', ? + d * cos(b) / 111.195, ? + d * sin(b) / (111.195 * cos(radians(?))),
            'found', now(), 'home',
            case when r < 0.7 then null when r < 0.8 then 5 when r < 0.9 then 10 else 25 end
       from (select id, sqrt(random()) * ? as d, random() * 2 * pi() as b, random() as r from freelancers) f`,
    [STORE.latitude, STORE.longitude, STORE.latitude, DISC_KM],
  );
  const keys = subscriberKeys();
  await em.execute(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
     select f.user_id, ?::text || f.id, ?, ?, 'bench' from freelancers f`,
    [push.endpointFor(''), keys.p256dh, keys.auth],
  );
  await em.execute('analyze');
  return { restaurantId: store!.id, userId: owner!.id };
}

/**
 * The freelancers a vacancy of `position` at the store should reach, counted independently of the
 * fan-out: approved, the specialty, within their distance, and under the hourly cap of "new vacancy"
 * alerts (VACANCY_ALERTS_PER_HOUR: from the sixth vacancy in an hour, the ones already told five
 * times are left out).
 */
async function eligible(orm: Orm, position: string): Promise<number> {
  const [row] = await orm.em.fork().execute<{ n: string }[]>(
    `select count(*) as n from freelancers f join freelancer_search_areas s on s.freelancer_id = f.id
      where f.is_approved and f.specialties @> jsonb_build_array(?::text)
        and (select count(*) from notifications n where n.user_id = f.user_id and n.kind = 'vacancy_nearby'
              and n.created_at > now() - interval '1 hour') < ${VACANCY_ALERTS_PER_HOUR}
        and 2 * ${EARTH_RADIUS_M} * asin(sqrt(power(sin(radians(s.home_latitude - ?) / 2), 2)
            + cos(radians(?)) * cos(radians(s.home_latitude)) * power(sin(radians(s.home_longitude - ?) / 2), 2)))
            <= coalesce(s.radius_km, ${DEFAULT_SEARCH_RADIUS_KM}) * 1000`,
    [position, STORE.latitude, STORE.latitude, STORE.longitude],
  );
  return Number(row!.n);
}

/**
 * The shift a vacancy is posted for: the day after tomorrow at 08:00; when quiet hours (22:00–07:00
 * São Paulo) hold push now or before BENCH_WAIT_LIMIT_S is over, one starting 3–4 hours from now
 * (within the 12 hours that make it urgent), so its pushes are sent at once.
 */
function shiftFor(now: Date): { date: string; startTime: string; urgent: boolean } {
  const end = new Date(now.getTime() + WAIT_LIMIT_S * 1000 + 60_000);
  if (!inQuietHours(now) && !inQuietHours(end))
    return { date: addDays(saoPauloDate(now), 2), startTime: '08:00', urgent: false };
  const start = new Date(Math.ceil((now.getTime() + 3 * MS_PER_HOUR) / MS_PER_HOUR) * MS_PER_HOUR);
  return { date: saoPauloDate(start), startTime: saoPauloTime(start), urgent: true };
}

/**
 * One vacancy's push requests, read from the service's `requests` incrementally (from `cursor`):
 * those whose topic is one of its notifications (`n<id>` → the freelancer's id), sent to that
 * freelancer's endpoint, with the time from the vacancy's commit to each one's arrival. A second
 * request for the same notification is a duplicate (a retried job), one to another endpoint is
 * misdirected.
 */
interface PushTally {
  cursor: number;
  committedAt: number;
  topics: Map<string, string>;
  delivered: Set<string>;
  latencies: number[];
  duplicates: number;
  misdirected: number;
  refused: number;
}

function readPushes(tally: PushTally, requests: readonly PushRequest[]): void {
  for (; tally.cursor < requests.length; tally.cursor += 1) {
    const request = requests[tally.cursor]!;
    const freelancerId = tally.topics.get(request.topic);
    if (freelancerId === undefined) continue;
    if (request.id !== freelancerId) tally.misdirected += 1;
    else if (request.status !== 201) tally.refused += 1;
    else if (tally.delivered.has(request.topic)) tally.duplicates += 1;
    else {
      tally.delivered.add(request.topic);
      tally.latencies.push(Date.parse(request.receivedAt) - tally.committedAt);
    }
  }
}

async function main(): Promise<void> {
  const began = Date.now();
  const url = withDatabaseName(databaseUrl(), uniqueTestDatabaseName('turno_bench_notify'));
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `bench-notify-${process.pid}`;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  // The local Web Push service (this process) and its certificate in a file for WEB_PUSH_CA_FILE.
  const push = await startLocalPushService();
  const caFolder = await mkdtemp(join(tmpdir(), 'bench-notify-'));
  const caFile = join(caFolder, 'push-ca.pem');
  await writeFile(caFile, push.ca);
  const vapid = webPush.generateVAPIDKeys();
  await ensureDatabaseExists(url);
  const orm = await initOrm({ url, poolMax: 4 });
  let workers: ReturnType<typeof startWorkers> | null = null;
  try {
    await runMigrations(orm);
    console.log(
      `Notify benchmark: ${FREELANCERS.toLocaleString('en')} geocoded freelancers over a ${DISC_KM} km disc, ` +
        `each with a push subscription at the local push service (${push.url}), ` +
        `${VACANCIES} vacancies posted at its centre; load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    const seeded = Date.now();
    const business = await seed(orm, push);
    console.log(`  seeded in ${ms(Date.now() - seeded)}`);

    workers = startWorkers({
      DATABASE_URL: url,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: prefix,
      LOG_LEVEL: 'info',
      SMTP_HOST: '',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:bench@turno.local',
      WEB_PUSH_CA_FILE: caFile,
      WHATSAPP_ACCESS_TOKEN: '',
    });
    await workers.ready;
    if (!workers.seen.channels.includes('web_push'))
      throw new Error(`the workers started without web push (channels: ${workers.seen.channels.join(', ')})`);
    // The fan-out's first scan places its cursor (the every-5-s schedule or the first LISTEN).
    const em = orm.em.fork();
    for (let waited = 0; ; waited += 100) {
      const rows = await em.execute(`select 1 from notification_cursors where stream = 'notifications'`);
      if (rows.length > 0) break;
      if (waited > 30_000) throw new Error('the fan-out did not start within 30 s');
      await sleep(100);
    }
    const rssBefore = rssMb(workers.child.pid);
    console.log(
      `  workers ready (channels: in_app, ${workers.seen.channels.join(', ')}); RSS ${rssBefore} MB`,
    );

    let allLatencies: number[] = [];
    let allPushLatencies: number[] = [];
    for (let index = 0; index < VACANCIES; index += 1) {
      const position = POSITIONS[index % POSITIONS.length]!;
      const expected = await eligible(orm, position);
      const shift = shiftFor(new Date());
      if (shift.urgent)
        console.log(
          `  quiet hours in São Paulo (22:00–07:00) now or within ${WAIT_LIMIT_S} s: vacancy ${index + 1} ` +
            `is for ${shift.date} ${shift.startTime} (starts within 12 h), so its pushes are not held until 07:00`,
        );
      const pushFrom = push.requests.length;
      const postedAt = Date.now();
      const { jobIds } = await createJobs(
        orm.em.fork(),
        {
          role: 'restaurant',
          restaurantId: business.restaurantId,
          userId: business.userId,
          member: OWNER_MEMBERSHIP,
        },
        {
          positionType: position,
          dates: [shift.date],
          workload: 8.33,
          startTime: shift.startTime,
          quantity: 1,
        },
      );
      const committedAt = Date.now();
      const jobId = jobIds[0]!;
      const latencies: number[] = [];
      let seen = 0;
      while (seen < expected && Date.now() - committedAt < WAIT_LIMIT_S * 1000) {
        const [row] = await orm.em
          .fork()
          .execute<{ n: string }[]>(
            `select count(*) as n from notifications where kind = 'vacancy_nearby' and subject_id = ?`,
            [jobId],
          );
        const now = Date.now();
        const count = Number(row!.n);
        for (let k = seen; k < count; k += 1) latencies.push(now - committedAt);
        seen = count;
        if (seen < expected) await sleep(POLL_MS);
      }
      allLatencies = allLatencies.concat(latencies);
      console.log(
        `  vacancy ${index + 1} (${position}): eligible ${expected}, notified in-app ${seen}` +
          `${seen === expected ? '' : ' (MISMATCH)'}; from commit p50 ${ms(percentile(latencies, 50))} ` +
          `p99 ${ms(percentile(latencies, 99))} max ${ms(percentile(latencies, 100))} ` +
          `(createJobs took ${ms(committedAt - postedAt)})`,
      );

      // Its pushes: one per notification made (by its topic), to that freelancer's endpoint.
      const tally: PushTally = {
        cursor: pushFrom,
        committedAt,
        topics: new Map(),
        delivered: new Set(),
        latencies: [],
        duplicates: 0,
        misdirected: 0,
        refused: 0,
      };
      const made = await orm.em.fork().execute<{ id: string | number; freelancer_id: number }[]>(
        `select n.id, f.id as freelancer_id from notifications n join freelancers f on f.user_id = n.user_id
          where n.kind = 'vacancy_nearby' and n.subject_type = 'job' and n.subject_id = ?`,
        [jobId],
      );
      for (const row of made) tally.topics.set(`n${row.id}`, String(row.freelancer_id));
      for (;;) {
        readPushes(tally, push.requests);
        if (tally.delivered.size >= made.length || Date.now() - committedAt >= WAIT_LIMIT_S * 1000) break;
        await sleep(POLL_MS);
      }
      allPushLatencies = allPushLatencies.concat(tally.latencies);
      let deliveries = '';
      if (tally.delivered.size !== made.length) {
        const statuses = await orm.em.fork().execute<{ status: string; n: string }[]>(
          `select d.status, count(*) as n from notification_deliveries d
             join notifications n on n.id = d.notification_id
            where n.kind = 'vacancy_nearby' and n.subject_id = ? and d.channel = 'web_push'
            group by d.status order by d.status`,
          [jobId],
        );
        deliveries = ` (MISMATCH; web_push deliveries: ${
          statuses.map((s) => `${s.status} ${s.n}`).join(', ') || 'none'
        })`;
      }
      const oddities = [
        tally.duplicates ? `${tally.duplicates} duplicate` : '',
        tally.misdirected ? `${tally.misdirected} to another endpoint` : '',
        tally.refused ? `${tally.refused} refused` : '',
      ].filter(Boolean);
      console.log(
        `    push: received ${tally.delivered.size} of ${made.length} notified${deliveries}; ` +
          `from commit p50 ${ms(percentile(tally.latencies, 50))} p99 ${ms(percentile(tally.latencies, 99))} ` +
          `max ${ms(percentile(tally.latencies, 100))}${oddities.length ? `; ${oddities.join(', ')}` : ''}`,
      );
      // Flat or growing: the workers' RSS after each vacancy.
      console.log(`    worker RSS ${rssMb(workers.child.pid)} MB`);
    }
    await sleep(1_000);
    const rssAfter = rssMb(workers.child.pid);
    console.log(
      `  all: ${allLatencies.length} notifications, from commit p50 ${ms(percentile(allLatencies, 50))} ` +
        `p99 ${ms(percentile(allLatencies, 99))} (target < 10 s); ` +
        `${allPushLatencies.length} pushes, from commit p50 ${ms(percentile(allPushLatencies, 50))} ` +
        `p99 ${ms(percentile(allPushLatencies, 99))} (target < 10 s); worker RSS ${rssBefore} MB before, ${rssAfter} MB after; ` +
        `worker errors ${workers.seen.errors}${workers.seen.errors ? `: ${workers.seen.lastErrors.join(' | ')}` : ''}`,
    );
    console.log(
      `Total time ${ms(Date.now() - began)}; load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    if (workers) await stop(workers.child);
    await push.close();
    await rm(caFolder, { recursive: true, force: true });
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
