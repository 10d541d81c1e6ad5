import { z } from 'zod';
import { ASSIGNMENT_STATUSES } from '@turno/domain';
import { ClockTime, IsoDate, Money, Timestamp } from './common';
import { PageQuery, pageSchema } from './lists';

/**
 * The freelancer's shifts ("Trabalhos") and their steps, apart from freelancer-area.ts so the first
 * screen (Vagas), which reads the profile, does not build these schemas when it loads.
 */

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
  /** Issue 26: when the freelancer was asked to confirm presence (24 h before), and confirmed. */
  confirmation_requested_time: Timestamp.nullish(),
  confirmed_time: Timestamp.nullish(),
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

// POST /api/freelancers/confirm-shift/:id (issue 26: "Confirmar presença"; id = the shift's assignment)
/** The confirmation recorded (a retry answers the first one's time) and the pt-BR message to show. */
export const ConfirmShiftResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
  job_id: z.number().int(),
  confirmed_time: Timestamp,
});
export type ConfirmShiftResponse = z.infer<typeof ConfirmShiftResponseSchema>;
