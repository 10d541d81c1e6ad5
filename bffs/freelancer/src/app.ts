import { createBffApp, type BffDependencies } from '@turno/bff-kit';
import {
  answerTimesheetRoute,
  listTimesheetsRoute,
  proposeTimesheetRoute,
} from './timesheets/timesheets.route';
import { applyToJobRoute, listApplications } from './applications/applications.route';
import { listPaymentHistory, rateBusiness } from './finances/finances.route';
import { listOpenJobs } from './jobs/jobs.route';
import { getMe } from './me/me.route';
import { multipartUploads } from './multipart';
import { uploadPhoto } from './photo/photo.route';
import { updateProfile } from './profile/profile.route';
import { askCheckIn, askCheckOut, listShifts, signalOnTheWay } from './shifts/shifts.route';
import { cancelShiftRoute } from './shift-release/shift-release.route';
import { confirmShiftRoute } from './shift-confirmation/shift-confirmation.route';
import { appealStrikeRoute, listStrikes } from './reliability/reliability.route';
import { presenceCheckIn, presenceCheckOut } from './presence/presence.route';
import { getSearchArea, updateSearchArea } from './search-area/search-area.route';
import {
  VETTING_UPLOAD_PATHS,
  getVetting,
  submitVettingRoute,
  uploadVettingDocument,
} from './vetting/vetting.route';

/** Every endpoint of the freelancer BFF (paths as in spec 01 §7). */
export const routes = [
  getMe,
  listOpenJobs,
  applyToJobRoute,
  listApplications,
  listShifts,
  signalOnTheWay,
  askCheckIn,
  askCheckOut,
  cancelShiftRoute,
  confirmShiftRoute,
  presenceCheckIn,
  presenceCheckOut,
  listPaymentHistory,
  rateBusiness,
  updateProfile,
  getSearchArea,
  updateSearchArea,
  uploadPhoto,
  getVetting,
  uploadVettingDocument,
  submitVettingRoute,
  listStrikes,
  appealStrikeRoute,
  listTimesheetsRoute,
  proposeTimesheetRoute,
  answerTimesheetRoute,
];

/** Live updates (`GET /api/events`) for freelancers: their applications, shifts and payments, and the open vacancies. */
export const live = { access: 'freelancer' } as const;

export const createFreelancerBff = (deps: BffDependencies) => {
  const bff = createBffApp({ name: 'bff-freelancer', routes, live, ...deps });
  // First of all middleware: the photo upload's multipart body bypasses the kit's JSON reader.
  bff.app.middleware.unshift(multipartUploads([uploadPhoto.path, ...VETTING_UPLOAD_PATHS]));
  return bff;
};
