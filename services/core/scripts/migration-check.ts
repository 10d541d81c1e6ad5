/**
 * `mikro-orm migration:check` for this package: applies the committed migrations to a throw-away
 * database, then asks the migrator (with the snapshot, as `migration:create` does) whether the
 * entities differ from them. Prints the SQL a new migration would hold; exits 1 when there is any.
 *
 *   npx tsx services/core/scripts/migration-check.ts
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { databaseUrl } from '../src/db/config';
import { dropDatabase, ensureDatabaseExists, withDatabaseName } from '../src/db/database';
import { initOrm, runMigrations } from '../src/db/orm';

const MIGRATIONS_DIR = resolve(__dirname, '../src/migrations');
const SNAPSHOT = '.snapshot-turno.json';

async function main(): Promise<number> {
  const scratchUrl = withDatabaseName(
    databaseUrl(),
    `turno_check_${process.pid}_${randomBytes(4).toString('hex')}`,
  );
  // The migrator rewrites the snapshot it compares with: give it a copy, never the committed file.
  const scratchDir = await mkdtemp(join(tmpdir(), 'turno-migration-check-'));
  await cp(join(MIGRATIONS_DIR, SNAPSHOT), join(scratchDir, SNAPSHOT));
  await ensureDatabaseExists(scratchUrl);
  const orm = await initOrm({ url: scratchUrl, migrationsPath: scratchDir, poolMax: 2 });
  try {
    await runMigrations(orm);
    const needed = await orm.getMigrator().checkMigrationNeeded();
    const sql = await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
    process.stdout.write(
      needed || sql.trim()
        ? `Migration needed:\n${sql}\n`
        : 'Nothing to migrate: the entities match the snapshot and the migrated schema.\n',
    );
    return needed || sql.trim() ? 1 : 0;
  } finally {
    await orm.close(true);
    await dropDatabase(scratchUrl);
    if (process.env.KEEP_SNAPSHOT) await cp(join(scratchDir, SNAPSHOT), process.env.KEEP_SNAPSHOT);
    await rm(scratchDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
