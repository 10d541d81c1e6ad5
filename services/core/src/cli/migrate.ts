/** `npm run db:migrate -w @turno/core`: creates the database if needed and applies pending migrations. */
import { migrateDatabase } from '../db/migrate-database';

migrateDatabase()
  .then((applied) => {
    process.stdout.write(
      applied.length
        ? `Applied ${applied.length} migration(s): ${applied.join(', ')}\n`
        : 'Database is up to date.\n',
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
