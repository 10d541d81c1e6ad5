/**
 * `npm run db:seed -w @turno/core`: seeds the demo data once (says so and exits 0 when it is
 * there already) and creates the first admin when ADMIN_EMAIL and ADMIN_PASSWORD are set.
 */
import { seedDemoDataOnce } from '../seeders/seed-once';

seedDemoDataOnce()
  .then(({ demoSeeded, adminCreated }) => {
    process.stdout.write(demoSeeded ? 'Demo data seeded.\n' : 'Demo data already seeded; nothing to do.\n');
    if (adminCreated) process.stdout.write('Admin created from ADMIN_EMAIL.\n');
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
