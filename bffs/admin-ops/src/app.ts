import { createBffApp, withAuditSnapshots, type BffDependencies } from '@turno/bff-kit';
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
import { geocodeStoreRoute, setStoreLocationRoute, storeLocationRoute } from './routes/restaurant-location';
import { readAdminJobRoute } from './routes/job-read';
import { listRestaurantOptionsRoute } from './routes/restaurant-options';
import { listRatingsRoute } from './routes/ratings';
import { restaurantAgendaRoute, restaurantSpendingRoute } from './routes/restaurant-control';
import {
  exportBlocksRoute,
  exportFreelancersRoute,
  exportJobsRoute,
  exportRatingsRoute,
  exportRestaurantsRoute,
} from './routes/exports';
import { blockFreelancerRoute, listBlocksRoute, unblockFreelancerRoute } from './routes/blocks';
import { ADMIN_OPS_AUDIT } from './routes/audit-snapshots';
import { exportAuditEventsRoute, listAuditEventsRoute } from './routes/audit-events';
import { decideAppealRoute, listDisputesRoute } from './routes/disputes';
import { decideTimesheetRoute, disputedTimesheetsRoute } from './routes/timesheets';

/** Every endpoint of the admin-ops BFF (accounts, jobs, assignments, ratings, blocks; spec 02 §7). */
export const routes = withAuditSnapshots(
  [
    listAdminJobs,
    applicationCountsRoute,
    listPendingActionsRoute,
    // After /jobs/application-counts, which its `:id` would otherwise take.
    readAdminJobRoute,
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
    storeLocationRoute,
    geocodeStoreRoute,
    setStoreLocationRoute,
    listFreelancersRoute,
    listFreelancerOptionsRoute,
    createFreelancerRoute,
    updateFreelancerRoute,
    approveFreelancerRoute,
    rejectFreelancerRoute,
    deleteFreelancerRoute,
    listRestaurantOptionsRoute,
    restaurantSpendingRoute,
    restaurantAgendaRoute,
    listRatingsRoute,
    listBlocksRoute,
    blockFreelancerRoute,
    unblockFreelancerRoute,
    exportJobsRoute,
    exportRestaurantsRoute,
    exportFreelancersRoute,
    exportRatingsRoute,
    exportBlocksRoute,
    listAuditEventsRoute,
    exportAuditEventsRoute,
    listDisputesRoute,
    decideAppealRoute,
    disputedTimesheetsRoute,
    decideTimesheetRoute,
  ],
  ADMIN_OPS_AUDIT,
);

/** Live updates (`GET /api/events`) for admins: every change. */
export const live = { access: 'admin' } as const;

export const createAdminOpsBff = (deps: BffDependencies) =>
  createBffApp({ name: 'bff-admin-ops', routes, live, ...deps });
