import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Client } from 'pg';
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

const MIGRATIONS_DIR = resolve(__dirname, '../migrations');
const TEMPLATE_PREFIX = 'turno_tpl_';
/** Bumped when the way a template is built changes, so older templates are not reused. */
const TEMPLATE_FORMAT = 'template-v2';
/** pg_advisory_lock key held while a template is built (any number shared by every process). */
const TEMPLATE_LOCK_KEY = '7310225001';

const UNDEFINED_DATABASE = '3D000';
const OBJECT_IN_USE = '55006';

/**
 * Name of the migrated template database of the current migrations: `turno_tpl_<hash>`, the hash
 * covering the name and content of every file in src/migrations. A new or edited migration gives a
 * new name, so a template never outlives the migrations it was built from.
 */
export async function migratedTemplateName(): Promise<string> {
  const hash = createHash('sha256').update(TEMPLATE_FORMAT);
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.ts')).sort();
  for (const file of files) {
    hash.update(`\0${file}\0`);
    hash.update(await readFile(join(MIGRATIONS_DIR, file)));
  }
  return TEMPLATE_PREFIX + hash.digest('hex').slice(0, 12);
}

function errorCode(error: unknown): string | undefined {
  return (error as { code?: string }).code;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function onMaintenance<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: withDatabaseName(serverUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function databaseExists(client: Client, name: string): Promise<boolean> {
  const found = await client.query('select 1 from pg_database where datname = $1', [name]);
  return (found.rowCount ?? 0) > 0;
}

/**
 * Makes sure the template `name` exists on the server of `serverUrl`. Built once for every process
 * and test worker: under an advisory lock, in a database of a temporary name that is migrated, left
 * by every connection and only then renamed, so a template under its final name is always complete.
 * Templates of other migrations built more than a day ago (another checkout, on other migrations,
 * may still clone its own) and builds a killed process left behind are dropped meanwhile.
 */
async function ensureTemplate(serverUrl: string, name: string): Promise<void> {
  await onMaintenance(serverUrl, async (client) => {
    if (await databaseExists(client, name)) return;
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      if (await databaseExists(client, name)) return;
      await dropStaleTemplates(client, name);
      const building = `${name}_build_${randomBytes(4).toString('hex')}`;
      await client.query(`create database "${building}"`);
      try {
        const orm = await initOrm({ url: withDatabaseName(serverUrl, building), poolMax: 2 });
        try {
          await runMigrations(orm);
        } finally {
          await orm.close(true);
        }
        // Nothing may connect to a template (a connected session makes every clone of it fail).
        await client.query(`alter database "${building}" with allow_connections false`);
        await client.query(`comment on database "${building}" is 'built ${new Date().toISOString()}'`);
        await client.query(`alter database "${building}" rename to "${name}"`);
      } catch (error) {
        await client.query(`drop database if exists "${building}" with (force)`);
        throw error;
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
}

/** A template of other migrations is kept this long after its build (another checkout may still use it). */
const STALE_TEMPLATE_AGE_MS = 24 * 60 * 60 * 1000;
const BUILT_AT = /^built (\S+)$/;

async function dropStaleTemplates(client: Client, current: string): Promise<void> {
  const found = await client.query<{ datname: string; note: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as note from pg_database
     where datname like 'turno\\_tpl\\_%' and datname <> $1`,
    [current],
  );
  for (const { datname, note } of found.rows) {
    // Builds in progress hold the lock this runs under: one seen here was left by a killed process.
    const leftover = datname.includes('_build_');
    const builtAt = Date.parse(BUILT_AT.exec(note ?? '')?.[1] ?? '');
    if (!leftover && Date.now() - builtAt < STALE_TEMPLATE_AGE_MS) continue;
    try {
      await client.query(`drop database if exists "${datname}"${leftover ? ' with (force)' : ''}`);
    } catch (error) {
      // Being cloned from by a process on older migrations: left for a later build to drop.
      if (errorCode(error) !== OBJECT_IN_USE) throw error;
    }
  }
}

/**
 * Creates `name` as a copy of the migrated template (building the template first when the
 * current migrations have none yet).
 */
async function cloneMigratedDatabase(serverUrl: string, name: string): Promise<void> {
  const template = await migratedTemplateName();
  for (let attempt = 1; ; attempt++) {
    try {
      await onMaintenance(serverUrl, (client) =>
        client.query(`create database "${name}" template "${template}"`),
      );
      return;
    } catch (error) {
      const code = errorCode(error);
      if (attempt >= 10) throw error;
      // No template for these migrations yet (or one dropped by a build of newer migrations).
      if (code === UNDEFINED_DATABASE) await ensureTemplate(serverUrl, template);
      // Something still connected to the template (the template is closed to connections, so at
      // most an ending session of its build): tried again shortly.
      else if (code === OBJECT_IN_USE) await sleep(100 * attempt);
      else throw error;
    }
  }
}

/** How long `drop()` waits for the pool to close before dropping the database regardless. */
const POOL_CLOSE_WAIT_MS = 10_000;

/**
 * Creates a fresh, uniquely named database on the server of `DATABASE_URL` (or the local
 * default) and connects to it. Each test file should create its own and `drop()` it in `afterAll`;
 * parallel processes never share one. With `migrate` (the default) the database is a copy of a
 * template migrated once for the current migrations (see {@link migratedTemplateName}), which is
 * the same schema as migrating from nothing in a fraction of the time; `migrate: false` gives an
 * empty database (for tests of the migrations themselves).
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = databaseUrl();
  const name = uniqueTestDatabaseName();
  const url = withDatabaseName(serverUrl, name);
  if (options.migrate ?? true) await cloneMigratedDatabase(serverUrl, name);
  else await ensureDatabaseExists(url);
  let orm: Orm;
  try {
    orm = await initOrm({ url, poolMax: 4 });
  } catch (error) {
    await dropDatabase(url);
    throw error;
  }
  return {
    orm,
    em: orm.em.fork(),
    url,
    async drop() {
      // A test that failed inside a transaction it holds open (awaiting a promise never settled) keeps a
      // connection checked out, and closing the pool waits for it forever: give it 10 s, then drop the
      // database anyway (WITH FORCE ends that connection, so the test process can still exit).
      let waited: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        orm.close(true),
        new Promise<void>((resolve) => (waited = setTimeout(resolve, POOL_CLOSE_WAIT_MS))),
      ]);
      clearTimeout(waited);
      await dropDatabase(url);
    },
  };
}
