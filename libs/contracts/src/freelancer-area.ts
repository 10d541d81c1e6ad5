import { z } from 'zod';
import {
  APPLICATION_MESSAGE_MAX_LENGTH,
  APPLICATION_STATUSES,
  ASSIGNMENT_STATUSES,
  MESSAGES,
  RATING_COMMENT_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from '@turno/domain';
import { ClockTime, Id, IsoDate, Money, Timestamp } from './common';
import { PageQuery, pageSchema } from './lists';

/**
 * The freelancer area's calls (spec 01 §7 "Freelancer"), served by the freelancer BFF at
 * `/bff/freelancer/api/…`. Field names are the specification's.
 */

/** A path id (`/api/jobs/:id/apply`, `/api/freelancers/checkin/:id`): a PostgreSQL integer. */
export const FreelancerAreaIdParamsSchema = z.object({ id: Id });

// GET /api/freelancers/me
/** The signed-in freelancer's profile (spec 01 §3 "Freelancer profile"); 404 `{ error }` when there is none. */
export const FreelancerMeSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  cpf: z.string().nullable(),
  pix_key: z.string().nullable(),
  experience_years: z.number().int(),
  specialties: z.array(z.string()),
  profile_photo_url: z.string().nullable(),
  has_profile_photo: z.boolean(),
  rating: z.number().nullable(),
  total_jobs: z.number().int(),
  is_approved: z.boolean(),
  is_available: z.boolean(),
  /** Issue 23: applying is suspended until then (3 active strikes); null or absent: not suspended. */
  suspended_until: z.string().nullish(),
  /** Issue 23: the reliability score of the last 90 days (0–100), null "Sem histórico". */
  reliability_score: z.number().nullish(),
});
export type FreelancerMe = z.infer<typeof FreelancerMeSchema>;

// POST /api/jobs/:id/apply
/** An application may carry a message (spec 01 §5); blank means none. */
export const ApplyRequestSchema = z
  .object({
    message: z
      .string()
      .trim()
      .max(
        APPLICATION_MESSAGE_MAX_LENGTH,
        MESSAGES.applications.messageTooLong(APPLICATION_MESSAGE_MAX_LENGTH),
      )
      .optional()
      .nullable(),
  })
  .optional()
  .default({});
export type ApplyRequest = z.input<typeof ApplyRequestSchema>;

/**
 * 201: the pending application. Refusals `{ error }`: 403 without photo, approval or availability
 * or when the business blocked the freelancer, 409 when the vacancy is no longer open, when already
 * applied, or on a time clash ("CONFLITO DE HORÁRIO: …").
 */
export const ApplyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  application: z.object({
    id: z.number().int(),
    job_id: z.number().int(),
    status: z.literal('pending'),
    applied_at: Timestamp,
    expires_at: Timestamp,
  }),
});
export type ApplyResponse = z.infer<typeof ApplyResponseSchema>;

// GET /api/freelancers/applications
/** Statuses a freelancer sees: expired applications (and pending ones past expiry) are hidden. */
export const FREELANCER_APPLICATION_STATUSES = APPLICATION_STATUSES.filter(
  (status): status is Exclude<(typeof APPLICATION_STATUSES)[number], 'expired'> => status !== 'expired',
);
export const FREELANCER_APPLICATION_FILTERS = ['all', ...FREELANCER_APPLICATION_STATUSES] as const;
export type FreelancerApplicationFilter = (typeof FREELANCER_APPLICATION_FILTERS)[number];

/**
 * One application, freelancer view (spec 01 §3): the business's name only once accepted (before,
 * its neighbourhood and city, as on the vacancy); the payout beside the price.
 */
export const FreelancerApplicationSchema = z.object({
  id: z.number().int(),
  job_id: z.number().int(),
  title: z.string(),
  position_type: z.string(),
  date_needed: IsoDate,
  start_time: ClockTime,
  end_time: ClockTime,
  hourly_rate: Money,
  freelancer_payment_amount: Money,
  status: z.enum(FREELANCER_APPLICATION_STATUSES),
  message: z.string().nullable(),
  applied_at: Timestamp,
  expires_at: Timestamp,
  reviewed_at: Timestamp.nullable(),
  restaurant_name: z.string().nullable(),
  restaurant_neighborhood: z.string().nullable(),
  restaurant_city: z.string().nullable(),
});
export type FreelancerApplication = z.infer<typeof FreelancerApplicationSchema>;

/** Newest application first; `status` narrows to pending (not yet expired), accepted or rejected. */
export const FreelancerApplicationsQuerySchema = z.object({
  ...PageQuery,
  status: z.enum(FREELANCER_APPLICATION_FILTERS).default('all'),
});
export type FreelancerApplicationsQuery = z.input<typeof FreelancerApplicationsQuerySchema>;
export const FreelancerApplicationCountsSchema = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
});
export const FreelancerApplicationsPageSchema = pageSchema(FreelancerApplicationSchema).extend({
  counts: FreelancerApplicationCountsSchema,
});
export type FreelancerApplicationsPage = z.infer<typeof FreelancerApplicationsPageSchema>;

// GET /api/freelancers/jobs ("Trabalhos")
export const FREELANCER_SHIFT_SCOPES = ['active', 'completed'] as const;
export type FreelancerShiftScope = (typeof FREELANCER_SHIFT_SCOPES)[number];

/**
 * A shift the freelancer holds (an accepted application): `id` is the assignment's, the id the
 * shift calls take. Business name and full address are shown after acceptance (spec 01 §6).
 */
export const FreelancerShiftSchema = z.object({
  id: z.number().int(),
  job_id: z.number().int(),
  title: z.string(),
  position_type: z.string(),
  description: z.string().nullable(),
  date_needed: IsoDate,
  start_time: ClockTime,
  end_time: ClockTime,
  meal_time: z.string().nullable(),
  recommended_attire: z.string().nullable(),
  freelancer_payment_amount: Money,
  restaurant_name: z.string(),
  restaurant_address: z.string().nullable(),
  assignment_status: z.enum(ASSIGNMENT_STATUSES),
  on_the_way_time: Timestamp.nullable(),
  freelancer_checkin_request_time: Timestamp.nullable(),
  check_in_time: Timestamp.nullable(),
  freelancer_checkout_request_time: Timestamp.nullable(),
  check_out_time: Timestamp.nullable(),
  /**
   * Completed with a check-out before the scheduled end and paid by worked time (issue 23): the
   * minutes paid; null otherwise.
   */
  early_departure_paid_minutes: z.number().int().nullish(),
});
export type FreelancerShift = z.infer<typeof FreelancerShiftSchema>;

/**
 * `active` (default): shifts not yet completed, soonest first; `completed`: the last ones done,
 * newest first.
 */
export const FreelancerShiftsQuerySchema = z.object({
  ...PageQuery,
  scope: z.enum(FREELANCER_SHIFT_SCOPES).default('active'),
});
export type FreelancerShiftsQuery = z.input<typeof FreelancerShiftsQuerySchema>;
export const FreelancerShiftsPageSchema = pageSchema(FreelancerShiftSchema).extend({
  counts: z.object({ active: z.number().int(), completed: z.number().int() }),
});
export type FreelancerShiftsPage = z.infer<typeof FreelancerShiftsPageSchema>;

// POST /api/freelancers/on-the-way/:id, /checkin/:id, /checkout/:id (id = the shift's assignment)
/** Where the shift stands after the call, and the pt-BR message to show (spec 01 §7: checkout answers message). */
export const ShiftActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
  job_id: z.number().int(),
  assignment_status: z.enum(ASSIGNMENT_STATUSES),
  on_the_way_time: Timestamp.nullable(),
  freelancer_checkin_request_time: Timestamp.nullable(),
  check_in_time: Timestamp.nullable(),
  freelancer_checkout_request_time: Timestamp.nullable(),
  check_out_time: Timestamp.nullable(),
});
export type ShiftActionResponse = z.infer<typeof ShiftActionResponseSchema>;

// GET /api/freelancers/payment-history ("Finanças")
/**
 * One completed, paid shift of the last 30 days (spec 01 §3 "Payment history entry"): `id` is the
 * assignment's (what POST /api/ratings takes); `can_rate` while not yet rated and within 30 days.
 */
export const PaymentHistoryEntrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  restaurant_name: z.string(),
  date_needed: IsoDate,
  check_out_time: Timestamp,
  freelancer_payment_amount: Money,
  rated: z.boolean(),
  can_rate: z.boolean(),
});
export type PaymentHistoryEntry = z.infer<typeof PaymentHistoryEntrySchema>;

export const PaymentHistoryQuerySchema = z.object({ ...PageQuery });
export type PaymentHistoryQuery = z.input<typeof PaymentHistoryQuerySchema>;

/**
 * Newest payment first, over the last 30 days; totals of this week (Monday–Sunday) and this month
 * in Sao Paulo, by the day the payment was released (check-out approved).
 */
export const PaymentHistoryPageSchema = pageSchema(PaymentHistoryEntrySchema).extend({
  totals: z.object({ week: Money, month: Money }),
});
export type PaymentHistoryPage = z.infer<typeof PaymentHistoryPageSchema>;

// POST /api/ratings (the freelancer rates the business of a completed shift)
export const FreelancerRatingRequestSchema = z.object({
  assignmentId: Id,
  rating: z
    .number()
    .int(MESSAGES.ratings.starsRequired)
    .min(1, MESSAGES.ratings.starsRequired)
    .max(5, MESSAGES.ratings.starsRequired),
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX_LENGTH, MESSAGES.ratings.commentTooLong)
    .optional()
    .nullable(),
});
export type FreelancerRatingRequest = z.input<typeof FreelancerRatingRequestSchema>;
export const FreelancerRatingResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
  assignmentId: z.number().int(),
  rating: z.number().int(),
});

// PUT /api/freelancers/profile
/**
 * The profile edit (spec 01 §3 "Freelancer profile" save payload): name, CPF and PIX key required
 * (checked by the accounts service: CPF digits, PIX key type); phone, address optional; experience
 * 0–50; specialties among the seven (a legacy one already stored is kept).
 */
export const FreelancerProfileUpdateSchema = z.object({
  name: z.string().trim().max(SHORT_TEXT_MAX_LENGTH),
  phone: z.string().trim().max(30).optional().nullable(),
  address: z.string().trim().max(SHORT_TEXT_MAX_LENGTH).optional().nullable(),
  cpf: z.string().trim().max(20),
  pix_key: z.string().trim().max(SHORT_TEXT_MAX_LENGTH),
  experience_years: z.coerce.number().int().min(0).max(50).optional().nullable(),
  specialties: z.array(z.string().max(100)).max(20).optional().nullable(),
});
export type FreelancerProfileUpdate = z.input<typeof FreelancerProfileUpdateSchema>;
export const FreelancerProfileUpdateResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  profile: FreelancerMeSchema,
});
