/**
 * Writes a new migration to src/migrations from the difference between the entities and the
 * schema the existing migrations build (on a throw-away database), updates the snapshot and the
 * MIGRATIONS list. Usage: `npm run migration:create -w @turno/core -- [name]`.
 */
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { databaseUrl } from '../db/config';
import { dropDatabase, ensureDatabaseExists, withDatabaseName } from '../db/database';
import { initOrm, runMigrations } from '../db/orm';
import { makeMigrationLintClean, writeMigrationIndex } from '../migrations/migration-files';

const MIGRATIONS_DIR = resolve(__dirname, '../migrations');

async function main(): Promise<void> {
  const name = process.argv[2];
  const scratchUrl = withDatabaseName(
    databaseUrl(),
    `turno_migration_${process.pid}_${randomBytes(4).toString('hex')}`,
  );
  await ensureDatabaseExists(scratchUrl);
  const orm = await initOrm({ url: scratchUrl, migrationsPath: MIGRATIONS_DIR, poolMax: 2 });
  try {
    await runMigrations(orm);
    const result = await orm.getMigrator().createMigration(MIGRATIONS_DIR, false, false, name);
    if (!result.fileName) {
      process.stdout.write('No changes: the entities match the migrations.\n');
      return;
    }
    await makeMigrationLintClean(join(MIGRATIONS_DIR, result.fileName));
    await writeMigrationIndex(MIGRATIONS_DIR);
    process.stdout.write(
      `Created src/migrations/${result.fileName} (and updated index.ts and the snapshot).\n`,
    );
  } finally {
    await orm.close(true);
    await dropDatabase(scratchUrl);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
