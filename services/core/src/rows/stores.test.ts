import {
  createTestDatabase,
  insertJob,
  insertRestaurant,
  useTestPasswordCost,
  type TestDatabase,
} from '../testing';
import { seedDemoDataOnce } from '../seeders/seed-once';
import { storeForNewVacancy } from '../rows/store-of-vacancy';
import { wholeBusiness } from '../shared/business-scope';
import { DomainError } from '../shared/domain-error';

const STORES_MIGRATION = 'Migration20261128013459_stores';

/**
 * Chains, step 1 (issue 28): the migration that gives every business a store keeps every id, and
 * the database keeps a vacancy at a store of its own business.
 */
describe('stores', () => {
  let db: TestDatabase;
  useTestPasswordCost();

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedDemoDataOnce({ orm: db.orm, env: { SEED_DEMO_DATA: 'true' } });
  });
  afterAll(async () => {
    await db.drop();
  });

  const count = async (sql: string) => Number((await db.em.execute<{ n: string }[]>(sql))[0]!.n);

  it('are made for every business of the demo data, again after the migration is reverted and applied', async () => {
    const businesses = await count('select count(*) as n from restaurants');
    const vacancies = await count('select count(*) as n from jobs');
    expect(businesses).toBeGreaterThan(3);
    expect(vacancies).toBeGreaterThan(20);

    const migrator = db.orm.getMigrator();
    const executed = (await migrator.getExecutedMigrations()).map((migration) => migration.name);
    const index = executed.indexOf(STORES_MIGRATION);
    expect(index).toBeGreaterThan(0);
    await migrator.down({ to: executed[index - 1] });
    expect(await count(`select count(*) as n from pg_tables where tablename = 'stores'`)).toBe(0);
    await migrator.up();
    expect(await migrator.checkMigrationNeeded()).toBe(false);

    // One store per business, with the business's id and name; every vacancy at its business's store.
    expect(await count('select count(*) as n from stores')).toBe(businesses);
    expect(
      await count(
        `select count(*) as n from stores s join restaurants r on r.id = s.restaurant_id
         where s.id = r.id and s.name = left(btrim(r.business_name), 80) and s.is_active`,
      ),
    ).toBe(businesses);
    expect(await count('select count(*) as n from jobs where store_id = restaurant_id')).toBe(vacancies);
  });

  it('start after the highest id taken, and every new business gets its first store', async () => {
    const restaurant = await insertRestaurant(db.em.fork(), { businessName: '  Atacadão Norte  ' });
    const [store] = await db.em.execute<{ id: number; name: string }[]>(
      'select id, name from stores where restaurant_id = ?',
      [restaurant.id],
    );
    expect(store?.name).toBe('Atacadão Norte');
    expect(await count(`select count(*) as n from stores where id = ${store!.id}`)).toBe(1);
    const job = await insertJob(db.em.fork(), restaurant);
    expect(job.store.id).toBe(store!.id);
  });

  it('refuse a vacancy at another business’s store; one naming no store goes to the main store', async () => {
    const em = db.em.fork();
    const [a, b] = [await insertRestaurant(em), await insertRestaurant(em)];
    const [storeOfB] = await em.execute<{ id: number }[]>('select id from stores where restaurant_id = ?', [
      b.id,
    ]);
    await expect(
      em.execute(
        `insert into jobs (restaurant_id, store_id, title, position_type, date_needed, start_time, end_time,
           workload_minutes, charge_cents) values (?, ?, 'Estoquista', 'Estoquista', '2026-12-01', '08:00', '14:00', 360, 14900)`,
        [a.id, storeOfB!.id],
      ),
    ).rejects.toMatchObject({ code: '23503' });
    await expect(storeForNewVacancy(em, wholeBusiness(a.id), storeOfB!.id)).rejects.toMatchObject({
      status: 404,
    });

    // A second store: SQL and the owner's API naming none reach the first active store.
    const [main] = await em.execute<{ id: number }[]>('select id from stores where restaurant_id = ?', [
      a.id,
    ]);
    const [second] = await em.execute<{ id: number }[]>(
      `insert into stores (restaurant_id, name) values (?, 'Loja 2') returning id`,
      [a.id],
    );
    const insertUnnamed = () =>
      em.execute<{ store_id: number }[]>(
        `insert into jobs (restaurant_id, title, position_type, date_needed, start_time, end_time,
           workload_minutes, charge_cents) values (?, 'Estoquista', 'Estoquista', '2026-12-01', '08:00', '14:00', 360, 14900)
         returning store_id`,
        [a.id],
      );
    expect((await insertUnnamed())[0]!.store_id).toBe(main!.id);
    expect((await storeForNewVacancy(em, wholeBusiness(a.id))).id).toBe(main!.id);
    await em.execute('update stores set is_active = false where id = ?', [main!.id]);
    expect((await insertUnnamed())[0]!.store_id).toBe(second!.id);

    // A manager of both stores must choose.
    await em.execute('update stores set is_active = true where id = ?', [main!.id]);
    const refusal = await storeForNewVacancy(em, {
      restaurantId: a.id,
      storeIds: [main!.id, second!.id],
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ status: 400, message: 'Escolha a loja da vaga.' });
  });
});
