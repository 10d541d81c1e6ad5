/**
 * Billing benchmark: weekly invoice generation for 1,000 restaurants (businesses) of 4 stores each
 * and 50,000 completed assignments in one week, then the same generation again (it must create
 * nothing). Every other business is billed per store (one invoice per store), the rest centrally
 * (one invoice for its stores, issue 28).
 *
 *   npx tsx services/core/bench/billing.bench.ts            (from the repository root)
 *   BENCH_RESTAURANTS=5000 BENCH_STORES_PER_BUSINESS=4 BENCH_ASSIGNMENTS=1000000 npx tsx services/core/bench/billing.bench.ts
 *
 * It creates its own database on the server of DATABASE_URL (default local), fills it with
 * set-based inserts (generate_series), prints wall time, SQL statements (counted from the query
 * events of the ORM's connection), invoices and lines created, and drops the database at the end.
 * A script that prints figures, not a timed test.
 */
import { performance } from 'node:perf_hooks';
import {
  billingWeekJustEnded,
  shiftAmountsCents,
  shiftEndTime,
  workloadMinutes,
  type BillingWeek,
} from '@turno/domain';
import { databaseUrl } from '../src/db/config';
import { dropDatabase, ensureDatabaseExists, withDatabaseName } from '../src/db/database';
import { initOrm, runMigrations, type Orm } from '../src/db/orm';
import {
  SYSTEM_ACTOR,
  generateWeeklyInvoices,
  type WeeklyGenerationResult,
} from '../src/invoices/invoices.service';
import { uniqueTestDatabaseName } from '../src/testing';

const RESTAURANTS = Number(process.env.BENCH_RESTAURANTS ?? 1_000);
const ASSIGNMENTS = Number(process.env.BENCH_ASSIGNMENTS ?? 50_000);
const STORES_PER_BUSINESS = Math.max(1, Number(process.env.BENCH_STORES_PER_BUSINESS ?? 4));
const FREELANCERS = 500;

/** The shift shapes the data cycles through, priced by libs/domain. */
const SHAPES = [
  { hours: 6, start: '08:00' },
  { hours: 8.33, start: '16:00' },
  { hours: 10, start: '07:00' },
  { hours: 10.5, start: '09:00' },
  { hours: 11.5, start: '06:00' },
].map((shape, idx) => {
  const amounts = shiftAmountsCents(shape.hours, shape.start);
  return {
    idx,
    start_time: shape.start,
    end_time: shiftEndTime(shape.start, shape.hours),
    minutes: workloadMinutes(shape.hours),
    charge: amounts.chargeCents,
    payout: amounts.payoutCents,
    commission: amounts.commissionCents,
  };
});

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** Counts the SQL the ORM sends, telling statements from transaction control. */
function countQueries(orm: Orm) {
  const counter = { statements: 0, transactionControl: 0 };
  /** BENCH_PROFILE=1: time spent per statement shape (its first 70 characters). */
  const started = new Map<string, { at: number; key: string }>();
  const spent = new Map<string, { ms: number; count: number }>();
  const knex = orm.em.getKnex();
  knex.on('query', (query: { sql?: string; __knexQueryUid?: string }) => {
    const sql = (query.sql ?? '').trim().toLowerCase();
    if (/^(begin|commit|rollback|savepoint|release savepoint)/.test(sql)) counter.transactionControl += 1;
    else counter.statements += 1;
    if (query.__knexQueryUid) {
      started.set(query.__knexQueryUid, {
        at: performance.now(),
        key: sql.replace(/\s+/g, ' ').slice(0, 70),
      });
    }
  });
  knex.on('query-response', (_response: unknown, query: { __knexQueryUid?: string }) => {
    const start = query.__knexQueryUid ? started.get(query.__knexQueryUid) : undefined;
    if (!start) return;
    started.delete(query.__knexQueryUid!);
    const entry = spent.get(start.key) ?? { ms: 0, count: 0 };
    entry.ms += performance.now() - start.at;
    entry.count += 1;
    spent.set(start.key, entry);
  });
  return {
    reset() {
      counter.statements = 0;
      counter.transactionControl = 0;
      spent.clear();
    },
    read: () => ({ ...counter }),
    profile: () => [...spent].sort((a, b) => b[1].ms - a[1].ms),
  };
}

async function seed(orm: Orm, week: BillingWeek): Promise<void> {
  const em = orm.em.fork();
  await em.execute(
    `insert into users (email, name, user_type)
     select 'bench-owner-' || g || '@example.com', 'Dono ' || g, 'restaurant' from generate_series(1, ?) g`,
    [RESTAURANTS],
  );
  await em.execute(
    `insert into restaurants (user_id, name, business_name, is_approved, is_active)
     select id, name, 'Mercado ' || id, true, true from users where user_type = 'restaurant' order by id`,
  );
  // Each business has its first store (a trigger adds it); the others are added here. Even ids are
  // billed per store.
  await em.execute(
    `insert into stores (restaurant_id, name)
     select r.id, 'Loja ' || k from restaurants r cross join generate_series(2, ?) k`,
    [STORES_PER_BUSINESS],
  );
  await em.execute(`update restaurants set billing_mode = 'per_store' where id % 2 = 0`);
  await em.execute(
    `insert into users (email, name, user_type)
     select 'bench-freela-' || g || '@example.com', 'Freela ' || g, 'freelancer' from generate_series(1, ?) g`,
    [FREELANCERS],
  );
  await em.execute(
    `insert into freelancers (user_id, name, specialties, is_approved, is_available)
     select id, name, '["Operador de Caixa"]'::jsonb, true, true from users where user_type = 'freelancer' order by id`,
  );
  // Jobs spread over the restaurants, their stores and the seven days of the week, cycling through
  // the shapes.
  await em.execute(
    `create temporary table bench_store_slots as
     select id as store_id, restaurant_id, (row_number() over (partition by restaurant_id order by id) - 1)::int as slot
       from stores`,
  );
  await em.execute('create index on bench_store_slots (restaurant_id, slot)');
  await em.execute(
    `insert into jobs (restaurant_id, store_id, title, position_type, date_needed, start_time, end_time,
                       workload_minutes, charge_cents, status)
     select r.first_id + (g - 1) % ?, st.store_id, 'Operador de Caixa', 'Operador de Caixa',
            ?::date + ((g - 1) / ?)::int % 7, s.start_time, s.end_time, s.minutes, s.charge, 'completed'
       from generate_series(1, ?) g
       cross join (select min(id) as first_id from restaurants) r
       join bench_store_slots st on st.restaurant_id = r.first_id + (g - 1) % ? and st.slot = ((g - 1) / ?) % ?
       join jsonb_to_recordset(?::jsonb) as s(idx int, start_time text, end_time text, minutes int, charge int)
         on s.idx = g % ?`,
    [
      RESTAURANTS,
      week.weekStart,
      RESTAURANTS,
      ASSIGNMENTS,
      RESTAURANTS,
      RESTAURANTS * 7,
      STORES_PER_BUSINESS,
      JSON.stringify(SHAPES),
      SHAPES.length,
    ],
  );
  await em.execute(
    `insert into assignments (job_id, freelancer_id, status, check_in_at, check_out_at, restaurant_charge_cents,
                              freelancer_payout_cents, commission_cents, completed_at)
     select j.id, f.first_id + j.id % ?, 'completed', now(), now(), s.charge, s.payout, s.commission, now()
       from jobs j
       cross join (select min(id) as first_id from freelancers) f
       join jsonb_to_recordset(?::jsonb) as s(start_time text, minutes int, charge int, payout int, commission int)
         on s.start_time = j.start_time and s.minutes = j.workload_minutes`,
    [FREELANCERS, JSON.stringify(SHAPES)],
  );
  await em.execute('analyze');
}

async function run(
  orm: Orm,
  queries: ReturnType<typeof countQueries>,
  label: string,
  now: Date,
): Promise<WeeklyGenerationResult> {
  const em = orm.em.fork();
  queries.reset();
  const started = performance.now();
  const result = await generateWeeklyInvoices(em, SYSTEM_ACTOR, {}, now);
  const elapsed = performance.now() - started;
  const { statements, transactionControl } = queries.read();
  print(`${label}`);
  print(`  wall time            ${(elapsed / 1000).toFixed(3)} s`);
  print(
    `  SQL queries          ${statements + transactionControl} (${statements} statements + ${transactionControl} begin/commit)`,
  );
  print(`  invoices created     ${result.invoicesGenerated} (updated ${result.invoicesUpdated})`);
  print(
    `  lines created        ${result.completedAssignments} (already billed ${result.alreadyBilledAssignments})`,
  );
  print(`  amount billed        R$ ${result.amountBilled.toFixed(2)}`);
  print(`  peak RSS so far      ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  if (process.env.BENCH_PROFILE) {
    for (const [sql, { ms, count }] of queries.profile().slice(0, 12)) {
      print(`    ${(ms / 1000).toFixed(3).padStart(7)} s ${String(count).padStart(4)}×  ${sql}`);
    }
  }
  return result;
}

async function main(): Promise<void> {
  const url = withDatabaseName(databaseUrl(), uniqueTestDatabaseName('turno_bench'));
  await ensureDatabaseExists(url);
  const orm = await initOrm({ url, poolMax: 4 });
  try {
    await runMigrations(orm);
    const now = new Date();
    const week = billingWeekJustEnded(now);
    print(
      `Billing benchmark: ${RESTAURANTS} businesses with ${RESTAURANTS * STORES_PER_BUSINESS} stores (half billed per store), ` +
        `${ASSIGNMENTS} completed assignments, week ${week.weekStart}..${week.weekEnd}`,
    );

    const seedStarted = performance.now();
    await seed(orm, week);
    print(`  data inserted in     ${((performance.now() - seedStarted) / 1000).toFixed(3)} s`);
    print();

    const queries = countQueries(orm);
    if (process.env.BENCH_SEED_ONLY) return;
    await run(orm, queries, 'First generation', now);
    print();
    await run(orm, queries, 'Second generation (same week)', now);
    print();

    const [check] = await orm.em.fork().execute<
      {
        lines: number;
        distinct_assignments: number;
        invoices: number;
        expected_invoices: number;
        misplaced: number;
        mismatched: number;
        unbilled: number;
      }[]
    >(
      `select (select count(*) from invoice_lines)::int as lines,
              (select count(distinct assignment_id) from invoice_lines)::int as distinct_assignments,
              (select count(*) from invoices)::int as invoices,
              (select count(distinct (j.restaurant_id, case when r.billing_mode = 'per_store' then j.store_id end))
                 from jobs j join restaurants r on r.id = j.restaurant_id)::int as expected_invoices,
              (select count(*) from invoice_lines l join invoices i on i.id = l.invoice_id
                 join assignments a on a.id = l.assignment_id join jobs j on j.id = a.job_id
                 join restaurants r on r.id = j.restaurant_id
                where i.restaurant_id <> j.restaurant_id
                   or (r.billing_mode = 'per_store') <> (i.store_id is not null)
                   or i.store_id <> j.store_id)::int as misplaced,
              (select count(*) from invoices i
                 where i.amount_cents <> (select coalesce(sum(amount_cents), 0) from invoice_lines l where l.invoice_id = i.id))::int
                as mismatched,
              (select count(*) from assignments a where a.status = 'completed'
                 and not exists (select 1 from invoice_lines l where l.assignment_id = a.id))::int as unbilled`,
    );
    const ok =
      check !== undefined &&
      check.lines === ASSIGNMENTS &&
      check.distinct_assignments === ASSIGNMENTS &&
      check.invoices === check.expected_invoices &&
      check.misplaced === 0 &&
      check.mismatched === 0 &&
      check.unbilled === 0;
    print(
      `Check: ${check?.invoices} invoices (${check?.expected_invoices} expected), ${check?.lines} lines for ` +
        `${check?.distinct_assignments} distinct assignments, ${check?.misplaced} on another store's invoice, ` +
        `${check?.mismatched} amounts off, ${check?.unbilled} unbilled → ${ok ? 'OK' : 'FAILED'}`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await orm.close(true);
    // BENCH_KEEP_DB=1 keeps the database to look at plans afterwards (drop it yourself).
    if (process.env.BENCH_KEEP_DB) print(`Database kept: ${url}`);
    else await dropDatabase(url);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
