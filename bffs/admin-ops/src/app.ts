import { createBffApp, type BffDependencies } from '@turno/bff-kit';
import {
  approveCheckInRoute,
  approveCheckOutRoute,
  assignFreelancerRoute,
  manualCheckInRoute,
  manualCheckOutRoute,
  unassignFreelancerRoute,
} from './routes/assignments';
import {
  approveFreelancerRoute,
  createFreelancerRoute,
  deleteFreelancerRoute,
  listFreelancerOptionsRoute,
  listFreelancersRoute,
  rejectFreelancerRoute,
  updateFreelancerRoute,
} from './routes/freelancers';
import {
  acceptApplicationRoute,
  deleteAdminJobRoute,
  listJobApplicationsRoute,
  rejectApplicationRoute,
  updateAdminJobRoute,
} from './routes/job-actions';
import { applicationCountsRoute, listPendingActionsRoute } from './routes/command-centre';
import { createAdminJobs } from './routes/job-creation';
import { listAdminJobs } from './routes/jobs';
import {
  approveRestaurantRoute,
  deleteRestaurantRoute,
  rejectRestaurantRoute,
  updateRestaurantRoute,
} from './routes/restaurant-actions';
import { listRestaurants } from './routes/restaurants';

/** Every endpoint of the admin-ops BFF (accounts, jobs, assignments, ratings, blocks; spec 02 §7). */
export const routes = [
  listAdminJobs,
  applicationCountsRoute,
  listPendingActionsRoute,
  createAdminJobs,
  updateAdminJobRoute,
  deleteAdminJobRoute,
  listJobApplicationsRoute,
  acceptApplicationRoute,
  rejectApplicationRoute,
  assignFreelancerRoute,
  unassignFreelancerRoute,
  manualCheckInRoute,
  approveCheckInRoute,
  manualCheckOutRoute,
  approveCheckOutRoute,
  listRestaurants,
  approveRestaurantRoute,
  rejectRestaurantRoute,
  updateRestaurantRoute,
  deleteRestaurantRoute,
  listFreelancersRoute,
  listFreelancerOptionsRoute,
  createFreelancerRoute,
  updateFreelancerRoute,
  approveFreelancerRoute,
  rejectFreelancerRoute,
  deleteFreelancerRoute,
];

/** Live updates (`GET /api/events`) for admins: every change. */
export const live = { access: 'admin' } as const;

export const createAdminOpsBff = (deps: BffDependencies) =>
  createBffApp({ name: 'bff-admin-ops', routes, live, ...deps });
