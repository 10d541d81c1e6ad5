/**
 * @turno/core: the data layer. MikroORM entities, migrations, the demo seeder, read queries
 * shaped like @turno/contracts, and the helpers that create and migrate the database.
 */

// ORM and database lifecycle
export { DEFAULT_DATABASE_URL, databaseUrl, ormConfig, type OrmConfigOptions } from './db/config';
export { dropDatabase, ensureDatabaseExists, databaseNameOf, withDatabaseName } from './db/database';
export { initOrm, runMigrations, type Orm } from './db/orm';
export { migrateDatabase } from './db/migrate-database';

// Entities
export * from './entities';

// Accounts
export { hashPassword, verifyPassword } from './accounts/password';

// Seeding
export { DEMO_ACCOUNTS, DEMO_RESTAURANT_NAME, demoIssuer, type DemoAccount } from './seeders/demo-accounts';
export { DemoDataSeeder, refreshFreelancerStats } from './seeders/demo-data.seeder';
export { ensureAdminFromEnv } from './seeders/admin-from-env';
export {
  seedDemoDataOnce,
  seedDemoDataIfMissing,
  type SeedOptions,
  type SeedOutcome,
} from './seeders/seed-once';

// Read queries
export {
  findJobRows,
  listJobsForAdmin,
  listOpenJobsForFreelancer,
  listRestaurantJobs,
} from './queries/jobs.queries';
export { listRestaurantsForAdmin } from './queries/restaurants.queries';
export { listInvoicesForAdmin } from './queries/invoices.queries';
export { findDemoFreelancerId, findDemoRestaurantId } from './queries/demo.queries';

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

// Domain services (one per aggregate)
export * from './services';
