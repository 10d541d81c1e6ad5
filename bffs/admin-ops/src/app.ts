import { createBffApp, withAuditSnapshots, type BffDependencies } from '@turno/bff-kit';
import {
  approveCheckInRoute,
  approveCheckOutRoute,
  assignFreelancerRoute,
  manualCheckInRoute,
  manualCheckOutRoute,
  unassignFreelancerRoute,
} from './command-centre/assignments.route';
import {
  approveFreelancerRoute,
  createFreelancerRoute,
  deleteFreelancerRoute,
  listFreelancerOptionsRoute,
  listFreelancersRoute,
  rejectFreelancerRoute,
  updateFreelancerRoute,
} from './freelancers/freelancers.route';
import {
  acceptApplicationRoute,
  deleteAdminJobRoute,
  listJobApplicationsRoute,
  rejectApplicationRoute,
  updateAdminJobRoute,
  readAdminJobRoute,
} from './job-pages/job-pages.route';
import { applicationCountsRoute, listPendingActionsRoute } from './command-centre/command-centre.route';
import { createAdminJobs, listAdminJobs } from './jobs/jobs.route';
import {
  approveRestaurantRoute,
  deleteRestaurantRoute,
  rejectRestaurantRoute,
  updateRestaurantRoute,
} from './restaurants/restaurant-actions.route';
import { listRestaurants } from './restaurants/restaurants.route';
import {
  geocodeStoreRoute,
  setStoreLocationRoute,
  storeLocationRoute,
} from './restaurants/restaurant-location.route';
import { restaurantBillingModeRoute, restaurantStoresRoute } from './restaurants/restaurant-stores.route';
import { listRestaurantOptionsRoute } from './restaurants/restaurant-options.route';
import { listRatingsRoute } from './ratings/ratings.route';
import {
  restaurantAgendaRoute,
  restaurantSpendingRoute,
} from './restaurant-control/restaurant-control.route';
import {
  exportBlocksRoute,
  exportFreelancersRoute,
  exportJobsRoute,
  exportRatingsRoute,
  exportRestaurantsRoute,
} from './exports/exports.route';
import { blockFreelancerRoute, listBlocksRoute, unblockFreelancerRoute } from './blocks/blocks.route';
import { ADMIN_OPS_AUDIT } from './audit/audit-snapshots';
import { exportAuditEventsRoute, listAuditEventsRoute } from './audit/audit-events.route';
import { decideAppealRoute, listDisputesRoute } from './disputes/disputes.route';
import { decideTimesheetRoute, disputedTimesheetsRoute } from './disputes/timesheets.route';
import {
  listVettingQueueRoute,
  readVettingRoute,
  rejectVettingRoute,
  vettingDocumentRoute,
} from './vetting/vetting.route';
import { privacyRoutes } from './privacy/privacy.route';

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
    restaurantStoresRoute,
    restaurantBillingModeRoute,
    geocodeStoreRoute,
    setStoreLocationRoute,
    listFreelancersRoute,
    listFreelancerOptionsRoute,
    createFreelancerRoute,
    updateFreelancerRoute,
    approveFreelancerRoute,
    rejectFreelancerRoute,
    deleteFreelancerRoute,
    listVettingQueueRoute,
    readVettingRoute,
    vettingDocumentRoute,
    rejectVettingRoute,
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
    ...privacyRoutes,
  ],
  ADMIN_OPS_AUDIT,
);

/** Live updates (`GET /api/events`) for admins: every change. */
export const live = { access: 'admin' } as const;

export const createAdminOpsBff = (deps: BffDependencies) =>
  createBffApp({ name: 'bff-admin-ops', routes, live, ...deps });
