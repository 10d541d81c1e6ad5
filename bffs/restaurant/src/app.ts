import { createBffApp, type BffDependencies } from '@turno/bff-kit';
import { answerTimesheetRoute, listTimesheetsRoute, proposeTimesheetRoute } from './routes/timesheets';
import {
  acceptApplicationRoute,
  applicationsCount,
  jobApplications,
  rejectApplicationRoute,
} from './routes/applications';
import { getInvoice, getInvoicePdf, listInvoices } from './routes/invoices';
import { listJobs } from './routes/jobs';
import { getProfile, updateProfile } from './routes/profile';
import { rateFreelancer } from './routes/ratings';
import {
  blockFreelancerRoute,
  listBlockedFreelancers,
  listPickable,
  unblockFreelancerRoute,
} from './routes/blocks';
import { approveCheckInRoute, approveCheckOutRoute, pendingShiftRequests } from './routes/shifts';
import { cancelAssignmentRoute, reportNoShowRoute } from './routes/shift-release';
import { spendingAnalytics } from './routes/spending';
import { presenceCodeRoute } from './routes/presence';
import { createVacancies, deleteVacancy } from './routes/vacancies';

/** Every endpoint of the restaurant BFF (paths as in spec 01 §7). */
export const routes = [
  listJobs,
  getProfile,
  createVacancies,
  deleteVacancy,
  applicationsCount,
  jobApplications,
  acceptApplicationRoute,
  rejectApplicationRoute,
  approveCheckInRoute,
  approveCheckOutRoute,
  cancelAssignmentRoute,
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
];

/** Live updates (`GET /api/events`) for restaurants: their jobs, applications, shifts and invoices. */
export const live = { access: 'restaurant' } as const;

export const createRestaurantBff = (deps: BffDependencies) =>
  createBffApp({ name: 'bff-restaurant', routes, live, ...deps });
