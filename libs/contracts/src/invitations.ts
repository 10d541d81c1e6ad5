import { z } from 'zod';
import { INVITATION_WINDOW_HOURS, MAX_INVITEES, PAST_WORKERS_LIMIT } from '@turno/domain';
import { ClockTime, Id, IsoDate } from './common';

/**
 * Issue 26 "Ask again the people who came", restaurant BFF: "Repetir vaga" (the vacancy form filled
 * in from one of the business's vacancies) and "Chamar de novo" (the people who completed shifts with
 * the business, to invite; the invitees and their window travel with POST /api/jobs). Scoped to the
 * signed-in business: another business's vacancy answers 404, its freelancers are refused (403).
 */

/** POST /api/jobs's invitation fields (RestaurantCreateJobsRequestSchema): both optional. */
export const JobInvitationFields = {
  /** Freelancers who completed a shift with the business, at most MAX_INVITEES. */
  inviteFreelancerIds: z.array(Id).max(MAX_INVITEES).optional().nullable(),
  /** Hours only the invitees may apply (2, 6 or 24; the domain service answers the pt-BR refusal). */
  exclusiveHours: z.coerce
    .number()
    .int()
    .min(Math.min(...INVITATION_WINDOW_HOURS))
    .max(Math.max(...INVITATION_WINDOW_HOURS))
    .optional()
    .nullable(),
};

// GET /api/jobs/:id/repeat
/** The vacancy form's values from vacancy `:id` ("Repetir vaga"); `date` is today or later. */
export const RepeatableVacancySchema = z.object({
  job_id: z.number().int(),
  position_type: z.string(),
  workload: z.number().nullable(),
  start_time: ClockTime,
  quantity: z.number().int().min(1),
  meal_time: z.string().nullable(),
  recommended_attire: z.string().nullable(),
  description: z.string().nullable(),
  date: IsoDate,
  original_date: IsoDate,
  /** Who completed its shift: "Chamar de novo" proposes them as the invitee. */
  past_worker: z.object({ freelancer_id: z.number().int(), name: z.string() }).nullable(),
});
export type RepeatableVacancy = z.infer<typeof RepeatableVacancySchema>;

// GET /api/past-workers?q=&date=&limit=
/**
 * The invitee picker: a part of the name, the day of the vacancy to post (the monthly cap is of its
 * month; default today) and how many (at most PAST_WORKERS_LIMIT).
 */
export const PastWorkersQuerySchema = z.object({
  q: z.string().trim().max(80).optional(),
  date: IsoDate.optional(),
  limit: z.coerce.number().int().min(1).max(PAST_WORKERS_LIMIT).optional(),
});
export type PastWorkersQuery = z.infer<typeof PastWorkersQuerySchema>;

/**
 * Freelancers who completed a shift with the business and may be invited for that day (approved,
 * available, not blocked, under the monthly cap), the most recent shift first.
 */
export const PastWorkerSchema = z.object({
  freelancer_id: z.number().int(),
  name: z.string(),
  profile_photo_url: z.string().nullable(),
  completed_shifts: z.number().int().nonnegative(),
  last_shift_date: IsoDate,
});
export type PastWorker = z.infer<typeof PastWorkerSchema>;
export const PastWorkersListSchema = z.object({ items: z.array(PastWorkerSchema) });
export type PastWorkersList = z.infer<typeof PastWorkersListSchema>;
