import { createBffApp, type BffDependencies } from '@turno/bff-kit';
import { listJobs } from './routes/jobs';

/** Every endpoint of the restaurant BFF (paths as in spec 01 §7). */
export const routes = [listJobs];

/** Live updates (`GET /api/events`) for restaurants: their jobs, applications, shifts and invoices. */
export const live = { access: 'restaurant' } as const;

export const createRestaurantBff = (deps: BffDependencies) =>
  createBffApp({ name: 'bff-restaurant', routes, live, ...deps });
