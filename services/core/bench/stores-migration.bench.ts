/**
 * The stores migration on bench-sized data (issue 28): 1,000 businesses and 100,000 vacancies
 * (BENCH_RESTAURANTS, BENCH_JOBS), written at the schema before stores, then the migration applied.
 * Prints how long it took and checks what it made: one store per business with the business's id,
 * every vacancy at its business's store, the stores' sequence past the highest id.
 *
 *   npx tsx services/core/bench/stores-migration.bench.ts      (from the repository root)
 *
 * It creates its own database on the server of DATABASE_URL (default local) and drops it at the end.
 * A script that prints figures, not a timed test.
 */
import { performance } from 'node:perf_hooks';
import { databaseUrl } from '../src/db/config';
import { dropDatabase, ensureDatabaseExists, withDatabaseName } from '../src/db/database';
import { initOrm, runMigrations } from '../src/db/orm';
import { uniqueTestDatabaseName } from '../src/testing';

const RESTAURANTS = Number(process.env.BENCH_RESTAURANTS ?? 1_000);
const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const STORES_MIGRATION = 'Migration20261128013459_stores';

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

async function main(): Promise<void> {
  const url = withDatabaseName(databaseUrl(), uniqueTestDatabaseName('turno_bench_stores'));
  await ensureDatabaseExists(url);
  const orm = await initOrm({ url, poolMax: 2 });
  try {
    await runMigrations(orm);
    const migrator = orm.getMigrator();
    const executed = (await migrator.getExecutedMigrations()).map((migration) => migration.name);
    const before = executed[executed.indexOf(STORES_MIGRATION) - 1];
    if (!before) throw new Error(`${STORES_MIGRATION} is not among the migrations`);
    await migrator.down({ to: before });

    const em = orm.em.fork();
    let started = performance.now();
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
      `insert into jobs (restaurant_id, title, position_type, date_needed, start_time, end_time, workload_minutes,
                         charge_cents, status)
       select r.first_id + (g - 1) % ?, 'Operador de Caixa', 'Operador de Caixa', current_date - 200 + g % 400,
              '08:00', '14:00', 360, 14900, (array['open', 'completed', 'cancelled'])[1 + g % 3]
         from generate_series(1, ?) g cross join (select min(id) as first_id from restaurants) r`,
      [RESTAURANTS, JOBS],
    );
    await em.execute('analyze');
    print(
      `Seeded ${RESTAURANTS} businesses and ${JOBS} vacancies before stores in ${Math.round(performance.now() - started)} ms`,
    );

    started = performance.now();
    await migrator.up({ to: STORES_MIGRATION });
    const elapsed = Math.round(performance.now() - started);

    const [figures] = await em.execute<
      { stores: string; same_id: string; jobs_at_store: string; next_id: string; max_restaurant: string }[]
    >(
      `select (select count(*) from stores) as stores,
              (select count(*) from stores s where s.id = s.restaurant_id) as same_id,
              (select count(*) from jobs where store_id = restaurant_id) as jobs_at_store,
              (select last_value from stores_id_seq) as next_id,
              (select max(id) from restaurants) as max_restaurant`,
    );
    print(`The stores migration: ${elapsed} ms`);
    print(
      `  stores ${figures!.stores} (with their business's id: ${figures!.same_id}), vacancies at their business's store ` +
        `${figures!.jobs_at_store} of ${JOBS}, stores' sequence at ${figures!.next_id} (highest business id ${figures!.max_restaurant})`,
    );
    const ok =
      Number(figures!.stores) === RESTAURANTS &&
      Number(figures!.same_id) === RESTAURANTS &&
      Number(figures!.jobs_at_store) === JOBS &&
      Number(figures!.next_id) >= Number(figures!.max_restaurant);
    print(ok ? '  correct' : '  WRONG');
    await migrator.up();
    if (!ok) process.exitCode = 1;
  } finally {
    await orm.close(true);
    await dropDatabase(url);
  }
}

void main();
