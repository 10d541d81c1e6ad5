import { createBffApp, type BffDependencies } from '@turno/bff-kit';
import { answerTimesheetRoute, listTimesheetsRoute, proposeTimesheetRoute } from './routes/timesheets';
import { applyToVacancy, listApplications } from './routes/applications';
import { listPaymentHistory, rateBusiness } from './routes/finances';
import { listOpenJobs } from './routes/jobs';
import { getMe } from './routes/me';
import { multipartUploads } from './multipart';
import { uploadPhoto } from './routes/photo';
import { updateProfile } from './routes/profile';
import { askCheckIn, askCheckOut, listShifts, signalOnTheWay } from './routes/shifts';
import { cancelShiftRoute } from './routes/shift-release';
import { appealStrikeRoute, listStrikes } from './routes/reliability';
import { presenceCheckIn, presenceCheckOut } from './routes/presence';

/** Every endpoint of the freelancer BFF (paths as in spec 01 §7). */
export const routes = [
  getMe,
  listOpenJobs,
  applyToVacancy,
  listApplications,
  listShifts,
  signalOnTheWay,
  askCheckIn,
  askCheckOut,
  cancelShiftRoute,
  presenceCheckIn,
  presenceCheckOut,
  listPaymentHistory,
  rateBusiness,
  updateProfile,
  uploadPhoto,
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
  bff.app.middleware.unshift(multipartUploads([uploadPhoto.path]));
  return bff;
};
