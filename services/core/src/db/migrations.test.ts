import { resolve } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../testing';
import { MIGRATIONS } from '../migrations';
import { migrationFileNames } from '../migrations/migration-files';

describe('migrations', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await db.drop();
  });

  it('list every migration file in src/migrations/index.ts', async () => {
    const files = await migrationFileNames(resolve(__dirname, '../migrations'));
    expect(MIGRATIONS.map((migration) => migration.name)).toEqual(files);
  });

  it('apply on an empty database and leave nothing between the entities and the schema', async () => {
    const migrator = db.orm.getMigrator();
    const applied = await migrator.up();
    expect(applied.map((migration) => migration.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
    expect(await migrator.getPendingMigrations()).toEqual([]);
    expect(await migrator.checkMigrationNeeded()).toBe(false);
  });

  it('run again as a no-op', async () => {
    expect(await db.orm.getMigrator().up()).toEqual([]);
  });

  it('revert completely and apply again', async () => {
    const migrator = db.orm.getMigrator();
    await migrator.down({ to: 0 });
    expect(await migrator.getExecutedMigrations()).toEqual([]);
    const tables = await db.em.execute(
      `select tablename from pg_tables where schemaname = 'public' and tablename = 'jobs'`,
    );
    expect(tables).toEqual([]);
    await migrator.up();
    expect(await migrator.checkMigrationNeeded()).toBe(false);
  });
});
