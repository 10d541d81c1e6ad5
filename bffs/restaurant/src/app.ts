import { createBffApp, type BffDependencies } from '@turno/bff-kit';
import {
  answerTimesheetRoute,
  listTimesheetsRoute,
  proposeTimesheetRoute,
} from './timesheets/timesheets.route';
import {
  acceptApplicationRoute,
  applicationsCount,
  jobApplications,
  rejectApplicationRoute,
} from './applications/applications.route';
import { getInvoice, getInvoicePdf, listInvoices } from './invoices/invoices.route';
import { createJobsRoute, deleteJobRoute, listJobs } from './jobs/jobs.route';
import { getProfile, updateProfile } from './profile/profile.route';
import { rateFreelancer } from './ratings/ratings.route';
import {
  blockFreelancerRoute,
  listBlockedFreelancers,
  listPickable,
  unblockFreelancerRoute,
} from './blocks/blocks.route';
import { approveCheckInRoute, approveCheckOutRoute, pendingShiftRequests } from './agenda/agenda.route';
import { cancelAssignmentRoute, reportNoShowRoute } from './shift-release/shift-release.route';
import {
  getShiftConfirmationSettings,
  releaseUnconfirmedRoute,
  updateShiftConfirmationSettings,
} from './shift-confirmation/shift-confirmation.route';
import { spendingAnalytics } from './spending/spending.route';
import { presenceCodeRoute } from './presence/presence.route';
import { pastWorkersRoute, repeatVacancyRoute } from './invitations/invitations.route';
import {
  createStoreRoute,
  listStoresRoute,
  updateBillingModeRoute,
  updateStoreRoute,
} from './stores/stores.route';
import {
  changeMemberRoute,
  inviteMemberRoute,
  removeMemberRoute,
  revokeInvitationRoute,
  teamRoute,
} from './team/team.route';

/** Every endpoint of the restaurant BFF (paths as in spec 01 §7). */
export const routes = [
  listJobs,
  getProfile,
  createJobsRoute,
  deleteJobRoute,
  applicationsCount,
  jobApplications,
  acceptApplicationRoute,
  rejectApplicationRoute,
  approveCheckInRoute,
  approveCheckOutRoute,
  cancelAssignmentRoute,
  releaseUnconfirmedRoute,
  getShiftConfirmationSettings,
  updateShiftConfirmationSettings,
  reportNoShowRoute,
  pendingShiftRequests,
  presenceCodeRoute,
  spendingAnalytics,
  listInvoices,
  getInvoice,
  getInvoicePdf,
  updateProfile,
  rateFreelancer,
  listBlockedFreelancers,
  listPickable,
  blockFreelancerRoute,
  unblockFreelancerRoute,
  listTimesheetsRoute,
  proposeTimesheetRoute,
  answerTimesheetRoute,
  repeatVacancyRoute,
  pastWorkersRoute,
  listStoresRoute,
  createStoreRoute,
  updateStoreRoute,
  updateBillingModeRoute,
  teamRoute,
  inviteMemberRoute,
  revokeInvitationRoute,
  changeMemberRoute,
  removeMemberRoute,
];

/** Live updates (`GET /api/events`) for restaurants: their jobs, applications, shifts and invoices. */
export const live = { access: 'restaurant' } as const;

export const createRestaurantBff = (deps: BffDependencies) =>
  createBffApp({ name: 'bff-restaurant', routes, live, ...deps });
