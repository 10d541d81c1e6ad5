import { createBffApp, type BffDependencies } from '@turno/bff-kit';
import { listOpenJobs } from './routes/jobs';

/** Every endpoint of the freelancer BFF (paths as in spec 01 §7). */
export const routes = [listOpenJobs];

/** Live updates (`GET /api/events`) for freelancers: their applications, shifts and payments, and the open vacancies. */
export const live = { access: 'freelancer' } as const;

export const createFreelancerBff = (deps: BffDependencies) =>
  createBffApp({ name: 'bff-freelancer', routes, live, ...deps });
