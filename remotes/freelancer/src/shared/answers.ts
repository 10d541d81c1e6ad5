import {
  type ApplyResponse,
  type FreelancerJobsArea,
  type FreelancerJobsPage,
  type FreelancerMe,
  type FreelancerShift,
  type FreelancerShiftsPage,
  type OpenJob,
} from '@turno/contracts';
import { ASSIGNMENT_STATUSES, VETTING_STATUSES } from '@turno/domain';
import {
  answerSchema,
  nullable,
  nullish,
  readArray,
  readBoolean,
  readClockTime,
  readCount,
  readInt,
  readIsoDate,
  readLiteral,
  readNumber,
  readObject,
  readOneOf,
  readString,
  type Reader,
} from '@turno/ui';

/*
 * The answers Vagas reads while it opens (the profile, the vacancies, the completed shifts the
 * completion notice starts from) and the answer of "Candidatar-se", read without zod: the shapes of
 * libs/contracts (`FreelancerMeSchema`, `FreelancerJobsPageSchema`, `FreelancerShiftsPageSchema`,
 * `ApplyResponseSchema`) checked by hand, so the first screen neither loads zod nor builds schemas
 * (a long task of a phone's main thread). zod comes with the other tabs. answers.test.ts keeps these
 * readers and the schemas in agreement.
 */

const readText = nullable(readString);

const readMe = readObject<FreelancerMe>({
  id: readInt,
  user_id: readInt,
  name: readString,
  phone: readText,
  address: readText,
  cpf: readText,
  pix_key: readText,
  experience_years: readInt,
  specialties: readArray(readString),
  profile_photo_url: readText,
  has_profile_photo: readBoolean,
  rating: nullable(readNumber),
  total_jobs: readInt,
  is_approved: readBoolean,
  is_available: readBoolean,
  suspended_until: nullish(readString),
  reliability_score: nullish(readNumber),
  vetting_status: nullish(readOneOf(VETTING_STATUSES)),
});

const readOpenJob = readObject<OpenJob>({
  id: readInt,
  restaurant_neighborhood: readText,
  restaurant_city: readText,
  title: readString,
  position_type: readString,
  description: readText,
  date_needed: readIsoDate,
  start_time: readClockTime,
  end_time: readClockTime,
  hourly_rate: readNumber,
  freelancer_payment_amount: readNumber,
  meal_time: readText,
  recommended_attire: readText,
  has_applied: readBoolean,
  distance_km: nullish(readNumber),
  invitation: nullish(readObject<{ exclusive_until: string }>({ exclusive_until: readString })),
});

const readShift = readObject<FreelancerShift>({
  id: readInt,
  job_id: readInt,
  title: readString,
  position_type: readString,
  description: readText,
  date_needed: readIsoDate,
  start_time: readClockTime,
  end_time: readClockTime,
  meal_time: readText,
  recommended_attire: readText,
  freelancer_payment_amount: readNumber,
  restaurant_name: readString,
  restaurant_address: readText,
  assignment_status: readOneOf(ASSIGNMENT_STATUSES),
  on_the_way_time: readText,
  freelancer_checkin_request_time: readText,
  check_in_time: readText,
  freelancer_checkout_request_time: readText,
  check_out_time: readText,
  early_departure_paid_minutes: nullish(readInt),
  confirmation_requested_time: nullish(readString),
  confirmed_time: nullish(readString),
});

const readShiftsPage = readObject<FreelancerShiftsPage>({
  items: readArray(readShift),
  total: readCount,
  nextCursor: readText,
  counts: readObject<FreelancerShiftsPage['counts']>({ active: readInt, completed: readInt }),
});

const readApplyResponse = readObject<ApplyResponse>({
  success: readLiteral(true),
  message: readString,
  application: readObject<ApplyResponse['application']>({
    id: readInt,
    job_id: readInt,
    status: readLiteral('pending'),
    applied_at: readString,
    expires_at: readString,
  }),
});

/** GET /api/freelancers/me. */
export const FREELANCER_ME = answerSchema('FreelancerMe', readMe);
/** GET /api/jobs (Vagas). */
export const FREELANCER_JOBS_PAGE = answerSchema<FreelancerJobsPage>(
  'FreelancerJobsPage',
  readObject<FreelancerJobsPage>({
    items: readArray(readOpenJob),
    total: readCount,
    nextCursor: nullable(readString),
    area: nullish(
      readObject<FreelancerJobsArea>({
        origin: nullable(readOneOf(['home', 'current'] as const)),
        radius_km: readInt,
      }),
    ) as Reader<FreelancerJobsArea | undefined>,
  }),
);
/** GET /api/freelancers/shifts (the completion notice's completed shifts). */
export const FREELANCER_SHIFTS_PAGE = answerSchema('FreelancerShiftsPage', readShiftsPage);
/** POST /api/jobs/:id/apply. */
export const APPLY_RESPONSE = answerSchema('ApplyResponse', readApplyResponse);
