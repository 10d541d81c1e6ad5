import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { SeedManager } from '@mikro-orm/seeder';
import { ENTITIES } from '../model';
import { MIGRATIONS } from '../migrations';

export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/turno';

/** The database URL from `DATABASE_URL`, or the local development default. */
export function databaseUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

export interface OrmConfigOptions {
  /** Connection URL including the database name; defaults to {@link databaseUrl}. */
  url?: string;
  /** Log every SQL statement (off by default). */
  debug?: boolean;
  /** Pool size; defaults to `DATABASE_POOL_MAX`, else 10. */
  poolMax?: number;
  /** Directory the migrator writes new migrations and the snapshot to (only `migration:create` needs it). */
  migrationsPath?: string;
}

/** Connections per process when nothing else is asked for. */
export const DEFAULT_POOL_MAX = 10;

/**
 * The pool size of a BFF or worker process: `DATABASE_POOL_MAX` (a whole number from 1 to 100), or
 * {@link DEFAULT_POOL_MAX}. A deployment sizes it so every pod's pool fits the database's max_connections.
 */
export function poolMaxFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DATABASE_POOL_MAX?.trim();
  if (!raw) return DEFAULT_POOL_MAX;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 100)
    throw new Error(`DATABASE_POOL_MAX must be a whole number from 1 to 100, got "${raw}"`);
  return value;
}

/**
 * The MikroORM configuration of Turno. Instants are `timestamptz` read and written in UTC
 * (sessions run with `TimeZone=UTC`); calendar dates are `date` columns mapped to 'YYYY-MM-DD'
 * strings. Entities and migrations are listed explicitly, so nothing is discovered from disk.
 */
export function ormConfig(options: OrmConfigOptions = {}): Options {
  return defineConfig({
    clientUrl: options.url ?? databaseUrl(),
    entities: [...ENTITIES],
    extensions: [Migrator, SeedManager],
    debug: options.debug ?? false,
    forceUtcTimezone: true,
    timezone: '+00:00',
    pool: { min: 0, max: options.poolMax ?? poolMaxFromEnv() },
    driverOptions: { connection: { options: '-c TimeZone=UTC' } },
    // The database is created explicitly (see ensureDatabaseExists), never as a side effect of connecting.
    ensureDatabase: false,
    discovery: { disableDynamicFileAccess: true },
    migrations: {
      tableName: 'mikro_orm_migrations',
      migrationsList: MIGRATIONS,
      ...(options.migrationsPath ? { path: options.migrationsPath, pathTs: options.migrationsPath } : {}),
      emit: 'ts',
      // The snapshot is only read and written when creating a migration, never by a running app or test.
      snapshot: Boolean(options.migrationsPath),
      snapshotName: '.snapshot-turno',
      transactional: true,
      allOrNothing: true,
      silent: true,
    },
  });
}
