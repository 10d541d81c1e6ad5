import { databaseUrl } from './config';
import { ensureDatabaseExists } from './database';
import { initOrm, runMigrations } from './orm';

/**
 * Creates the database if it does not exist and applies every pending migration
 * (for `npm start` and `npm run db:migrate`). Returns the names of the migrations applied.
 */
export async function migrateDatabase(options: { url?: string } = {}): Promise<string[]> {
  const url = options.url ?? databaseUrl();
  await ensureDatabaseExists(url);
  const orm = await initOrm({ url, poolMax: 2 });
  try {
    return await runMigrations(orm);
  } finally {
    await orm.close(true);
  }
}
