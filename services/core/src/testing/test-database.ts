import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { databaseUrl } from '../db/config';
import { dropDatabase, ensureDatabaseExists, withDatabaseName } from '../db/database';
import { initOrm, runMigrations, type Orm } from '../db/orm';

export interface TestDatabase {
  orm: Orm;
  /** A fork of the ORM's entity manager, ready for the test's queries. */
  em: EntityManager;
  /** Connection URL of this test database. */
  url: string;
  /** Closes the ORM and drops the database. */
  drop(): Promise<void>;
}

/** A database name unique to this process and call: `turno_test_<pid>_<random>`. */
export function uniqueTestDatabaseName(prefix = 'turno_test'): string {
  return `${prefix}_${process.pid}_${randomBytes(6).toString('hex')}`;
}

/**
 * Creates a fresh, uniquely named database on the server of `DATABASE_URL` (or the local
 * default), applies every migration and connects to it. Each test file should create its own
 * and `drop()` it in `afterAll`; parallel processes never share one.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const url = withDatabaseName(databaseUrl(), uniqueTestDatabaseName());
  await ensureDatabaseExists(url);
  const orm = await initOrm({ url, poolMax: 4 });
  try {
    if (options.migrate ?? true) await runMigrations(orm);
  } catch (error) {
    await orm.close(true);
    await dropDatabase(url);
    throw error;
  }
  return {
    orm,
    em: orm.em.fork(),
    url,
    async drop() {
      await orm.close(true);
      await dropDatabase(url);
    },
  };
}
