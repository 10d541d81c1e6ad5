import { createBffApp, type BffDependencies } from '@turno/bff-kit';
import { listOpenJobs } from './routes/jobs';

/** Every endpoint of the freelancer BFF (paths as in spec 01 §7). */
export const routes = [listOpenJobs];

export const createFreelancerBff = (deps: BffDependencies) =>
  createBffApp({ name: 'bff-freelancer', routes, ...deps });
