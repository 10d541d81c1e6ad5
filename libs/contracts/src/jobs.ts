import { z } from 'zod';
import { ASSIGNMENT_STATUSES, JOB_STATUSES } from '@turno/domain';
import { ClockTime, IsoDate, Money, Timestamp } from './common';

/** A job (vacancy) as the restaurant and admin see it: spec 01 §3 "Job", spec 02 §3 "Job (admin)". */
export const JobSchema = z.object({
  id: z.number().int(),
  restaurant_id: z.number().int(),
  restaurant_name: z.string(),
  restaurant_address: z.string().nullable(),
  title: z.string(),
  position_type: z.string(),
  description: z.string().nullable(),
  date_needed: IsoDate,
  start_time: ClockTime,
  end_time: ClockTime,
  hourly_rate: Money,
  meal_time: z.string().nullable(),
  recommended_attire: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  is_assigned: z.boolean(),
  assignment_id: z.number().int().nullable(),
  assignment_status: z.enum(ASSIGNMENT_STATUSES).nullable(),
  freelancer_name: z.string().nullable(),
  freelancer_user_id: z.number().int().nullable(),
  freelancer_profile_photo_url: z.string().nullable(),
  /**
   * The allocated freelancer's phone (digits as registered), for "Ligar" and "WhatsApp" (issue 23):
   * only on the jobs of the business holding the assignment, while allocated or completed.
   */
  freelancer_phone: z.string().nullable().optional(),
  on_the_way_time: Timestamp.nullable(),
  freelancer_checkin_request_time: Timestamp.nullable(),
  check_in_time: Timestamp.nullable(),
  freelancer_checkout_request_time: Timestamp.nullable(),
  check_out_time: Timestamp.nullable(),
  created_by_admin: z.boolean(),
  /** The allocated freelancer confirmed presence (issue 26): when; null until then. */
  assignment_confirmed_time: Timestamp.nullish(),
  /**
   * Not confirmed 12 h before the start (issue 26): when the business was told; the agenda offers
   * "Liberar vaga" while it stays unconfirmed.
   */
  assignment_unconfirmed_time: Timestamp.nullish(),
});
export type Job = z.infer<typeof JobSchema>;
export const JobListSchema = z.array(JobSchema);

/**
 * An open vacancy as a freelancer sees it before applying: the business's neighbourhood and city,
 * never its name or street until accepted (spec 01 §6; docs/decisions.md "Freelancer area").
 */
export const OpenJobSchema = z.object({
  id: z.number().int(),
  restaurant_neighborhood: z.string().nullable(),
  restaurant_city: z.string().nullable(),
  title: z.string(),
  position_type: z.string(),
  description: z.string().nullable(),
  date_needed: IsoDate,
  start_time: ClockTime,
  end_time: ClockTime,
  hourly_rate: Money,
  freelancer_payment_amount: Money,
  meal_time: z.string().nullable(),
  recommended_attire: z.string().nullable(),
  /** The signed-in freelancer already applied (any status): the card says so instead of offering it. */
  has_applied: z.boolean(),
  /**
   * Issue 26: km from where the freelancer searches, to the 100 m step (libs/domain
   * `shownDistanceKm`, written by `formatVacancyDistance`); null when the business or the
   * freelancer could not be placed ("distância desconhecida").
   */
  distance_km: z.number().nonnegative().nullish(),
  /**
   * Issue 26 "Chamar de novo": the business invited this freelancer (the card's "Convite" badge; the
   * list puts invitations first). `exclusive_until`: until when only invitees may apply (ISO
   * instant; past once anyone may). Absent or null: not invited.
   */
  invitation: z.object({ exclusive_until: z.string() }).nullish(),
});
export type OpenJob = z.infer<typeof OpenJobSchema>;
export const OpenJobListSchema = z.array(OpenJobSchema);
