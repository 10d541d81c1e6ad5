import { z } from 'zod';
import {
  APPLICATION_STATUSES,
  MESSAGES,
  PAYOUT_STATUSES,
  PIX_SEND_FAILURE_REASONS,
  RATING_COMMENT_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from '@turno/domain';
import { ClockTime, Id, IsoDate, Money, Timestamp } from './common';
import { FreelancerMeSchema } from './freelancer-area';
import { PageQuery, pageSchema } from './lists';

/**
 * The freelancer area's calls that only its later screens read (Candidaturas, Finanças, rating,
 * Perfil), apart from freelancer-area.ts so the first screen (Vagas) does not carry their schemas:
 * zod schemas are built when their module loads, whatever the screen uses.
 */

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

/** A complement or a deduction of a shift in "Finanças" (issue 25). */
export const PaymentPayoutLineSchema = z.object({
  kind: z.enum(['complement', 'deduction']),
  amount: Money,
  /** A complement's state (null for a deduction). */
  status: z.enum(PAYOUT_STATUSES).nullable(),
  paid_at: Timestamp.nullable(),
  failure_reason: z.enum(PIX_SEND_FAILURE_REASONS).nullable(),
  held_until: Timestamp.nullable(),
  /** What deductions took from a complement; what a deduction still owes. */
  deducted: Money,
  remaining: Money.nullable(),
});
export type PaymentPayoutLine = z.infer<typeof PaymentPayoutLineSchema>;

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
  /**
   * The Pix payout of the payment (issue 25), null where there is none (a late cancellation's
   * share, a shift completed before payouts existed; absent from a server older than issue 25: a
   * new response field is optional, release-compatibility.test.ts): its state, when it was paid,
   * why it failed, until when it is held. Shown with `payoutStateText`.
   */
  payout_status: z.enum(PAYOUT_STATUSES).nullish(),
  payout_paid_at: Timestamp.nullish(),
  payout_failure_reason: z.enum(PIX_SEND_FAILURE_REASONS).nullish(),
  payout_held_until: Timestamp.nullish(),
  /**
   * After a timesheet correction (issue 25): what the shift's payout sends by Pix and what the
   * freelancer's deductions took from it (both absent where there is no payout), and the lines of
   * the shift besides its payout — a `complement` (a raise after the payout left: its own payout,
   * with its state) and a `deduction` (a cut after it left: `amount` negative, `remaining` what the
   * next payouts have not yet taken).
   */
  payout_amount: Money.nullish(),
  payout_deducted: Money.nullish(),
  payout_lines: z.array(PaymentPayoutLineSchema).nullish(),
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
