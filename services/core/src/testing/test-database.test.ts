import { MIGRATIONS } from '../migrations';
import { createTestDatabase, migratedTemplateName, type TestDatabase } from './test-database';

describe('createTestDatabase', () => {
  const opened: TestDatabase[] = [];
  const open = async (options?: { migrate?: boolean }) => {
    const db = await createTestDatabase(options);
    opened.push(db);
    return db;
  };
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.drop()));
  });

  it('names the template after the migrations, the same for every call', async () => {
    const name = await migratedTemplateName();
    expect(name).toMatch(/^turno_tpl_[0-9a-f]{12}$/);
    expect(await migratedTemplateName()).toBe(name);
  });

  it('gives a database with every migration applied, nothing pending, and no data', async () => {
    const db = await open();
    const migrator = db.orm.getMigrator();
    expect((await migrator.getExecutedMigrations()).map((migration) => migration.name)).toEqual(
      MIGRATIONS.map((migration) => migration.name),
    );
    expect(await migrator.checkMigrationNeeded()).toBe(false);
    expect(await db.em.execute('select count(*)::int as n from users')).toEqual([{ n: 0 }]);
  });

  it('gives each call a database of its own, several at once', async () => {
    const [a, b, c] = await Promise.all([open(), open(), open()]);
    expect(new Set([a!.url, b!.url, c!.url]).size).toBe(3);
    await a!.em.execute(`create table only_in_a (id int)`);
    const inB = await b!.em.execute(`select to_regclass('only_in_a') as found`);
    expect(inB).toEqual([{ found: null }]);
  });

  it('with migrate: false gives an empty database', async () => {
    const db = await open({ migrate: false });
    const tables = await db.em.execute(
      `select count(*)::int as n from pg_tables where schemaname = 'public'`,
    );
    expect(tables).toEqual([{ n: 0 }]);
  });

  it('keeps the template closed to connections (a connected session would make every clone fail)', async () => {
    const db = await open();
    const rows = await db.em.execute('select datallowconn from pg_database where datname = ?', [
      await migratedTemplateName(),
    ]);
    expect(rows).toEqual([{ datallowconn: false }]);
  });

  it('drops a database whose test left a transaction open (a failed check inside it), and frees the process', async () => {
    const db = await createTestDatabase();
    const name = new URL(db.url).pathname.slice(1);
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // Never settles, as a transaction awaiting a promise a failed assertion never resolved.
    void db.orm.em
      .fork()
      .transactional(async (tx) => {
        await tx.execute('select 1');
        entered();
        await new Promise(() => undefined);
      })
      .catch(() => undefined);
    await inside;
    await db.drop();
    const other = opened[0] ?? (await open());
    expect(
      await other.em.execute('select count(*)::int as n from pg_database where datname = ?', [name]),
    ).toEqual([{ n: 0 }]);
  }, 30_000);
});
