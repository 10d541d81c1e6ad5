import { MikroORM, type Connection } from '@mikro-orm/postgresql';

const MANAGEMENT_DATABASE = 'postgres';
const SAFE_DATABASE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** The database name in a connection URL (`postgresql://…/turno` → `turno`). */
export function databaseNameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!SAFE_DATABASE_NAME.test(name)) {
    throw new Error(`Unsupported database name in DATABASE_URL: "${name}" (letters, digits and _ only)`);
  }
  return name;
}

/** The same server with another database name. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function onManagementDatabase<T>(
  url: string,
  work: (connection: Connection) => Promise<T>,
): Promise<T> {
  const orm = await MikroORM.init({
    clientUrl: withDatabaseName(url, MANAGEMENT_DATABASE),
    entities: [],
    discovery: { warnWhenNoEntities: false, disableDynamicFileAccess: true },
    ensureDatabase: false,
    pool: { min: 0, max: 1 },
    debug: false,
  });
  try {
    return await work(orm.em.getConnection());
  } finally {
    await orm.close(true);
  }
}

const DUPLICATE_DATABASE = '42P04';
const UNIQUE_VIOLATION = '23505';

/**
 * Creates the database named in `url` when it does not exist yet (connecting to the `postgres`
 * database of the same server). Safe to call from several processes at once. Returns true when
 * it created the database.
 */
export async function ensureDatabaseExists(url: string): Promise<boolean> {
  const name = databaseNameOf(url);
  return onManagementDatabase(url, async (connection) => {
    const found = await connection.execute('select 1 from pg_database where datname = ?', [name]);
    if (found.length > 0) return false;
    try {
      await connection.execute(`create database "${name}"`);
      return true;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === DUPLICATE_DATABASE || code === UNIQUE_VIOLATION) return false;
      throw error;
    }
  });
}

/** Drops the database named in `url`, closing any session still connected to it. */
export async function dropDatabase(url: string): Promise<void> {
  const name = databaseNameOf(url);
  await onManagementDatabase(url, async (connection) => {
    await connection.execute(`drop database if exists "${name}" with (force)`);
  });
}
