import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig, type OrmConfigOptions } from './config';

export type Orm = MikroORM;

/** Connects to PostgreSQL with Turno's configuration (the database must exist: see ensureDatabaseExists). */
export async function initOrm(options: OrmConfigOptions = {}): Promise<Orm> {
  return MikroORM.init(ormConfig(options));
}

/** Applies every pending migration; returns the names of the migrations it ran. */
export async function runMigrations(orm: Orm): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((migration) => migration.name);
}
