import { createBffApp, type BffDependencies } from '@turno/bff-kit';
import { applyToVacancy, listApplications } from './routes/applications';
import { listPaymentHistory, rateBusiness } from './routes/finances';
import { listOpenJobs } from './routes/jobs';
import { getMe } from './routes/me';
import { updateProfile } from './routes/profile';
import { askCheckIn, askCheckOut, listShifts, signalOnTheWay } from './routes/shifts';

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
  listPaymentHistory,
  rateBusiness,
  updateProfile,
];

/** Live updates (`GET /api/events`) for freelancers: their applications, shifts and payments, and the open vacancies. */
export const live = { access: 'freelancer' } as const;

export const createFreelancerBff = (deps: BffDependencies) =>
  createBffApp({ name: 'bff-freelancer', routes, live, ...deps });
