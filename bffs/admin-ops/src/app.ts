import { createBffApp, type BffDependencies } from '@turno/bff-kit';
import { createAdminJobs } from './routes/job-creation';
import { listAdminJobs } from './routes/jobs';
import { listRestaurants } from './routes/restaurants';

/** Every endpoint of the admin-ops BFF (accounts, jobs, assignments, ratings, blocks; spec 02 §7). */
export const routes = [listAdminJobs, createAdminJobs, listRestaurants];

/** Live updates (`GET /api/events`) for admins: every change. */
export const live = { access: 'admin' } as const;

export const createAdminOpsBff = (deps: BffDependencies) =>
  createBffApp({ name: 'bff-admin-ops', routes, live, ...deps });
