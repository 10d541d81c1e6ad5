/**
 * @turno/core: the data layer and the domain. Every entity in `model/`; one folder per aggregate
 * (jobs, applications, assignments, ratings, blocks, accounts, invoices, analytics, …), each with
 * its service (writes), its read queries and their tests; `workflows/` for what spans aggregates;
 * `shared/` and `rows/` hold what they all use (layers: README.md, scripts/folder-arrows.mjs). This
 * file is the package's one public entry.
 */

// ORM and database lifecycle
export { DEFAULT_DATABASE_URL, databaseUrl, ormConfig, type OrmConfigOptions } from './db/config';
export { dropDatabase, ensureDatabaseExists, databaseNameOf, withDatabaseName } from './db/database';
export { initOrm, runMigrations, type Orm } from './db/orm';
export { migrateDatabase } from './db/migrate-database';
export { ENTITIES } from './model';

// Aggregates
export * from './shared';
// The read API BFF-owned screen queries build on (keyset paging, filters, versioned counts, wire shaping)
export * from './shared/read-api';
export * from './accounts';
export * from './identity';
export * from './jobs';
export * from './applications';
export * from './assignments';
export * from './ratings';
export * from './blocks';
export * from './consents';
export * from './account-deletions';
export * from './data-exports';
export * from './retention';
export * from './notifications';
export * from './notification-channels';
export * from './invoices';
export * from './invoice-charges';
export * from './analytics';
export * from './timesheets';
export * from './events';
export * from './audit';
export * from './reliability/strikes.queries';
export * from './reliability/appeals.service';
export * from './reliability/score.queries';
export * from './reliability/release.service';
export * from './presence';
// What spans aggregates: staffing, account removal, check-out by presence, release sweeps
export * from './workflows';

// Seeding
export { DemoDataSeeder, refreshFreelancerStats } from './seeders/demo-data.seeder';
export { ensureAdminFromEnv } from './seeders/admin-from-env';
export {
  seedDemoDataOnce,
  seedDemoDataIfMissing,
  type SeedOptions,
  type SeedOutcome,
} from './seeders/seed-once';

// MikroORM pieces the services and BFFs need, so they depend on @turno/core only.
export {
  CheckConstraintViolationException,
  ForeignKeyConstraintViolationException,
  LockMode,
  NotFoundError,
  RequestContext,
  UniqueConstraintViolationException,
  type EntityManager,
} from '@mikro-orm/postgresql';

// Freelancer profile photos
export * from './photos';
export * from './payouts';
