import { z } from 'zod';
import { APPLICATION_MESSAGE_MAX_LENGTH, MESSAGES, VETTING_STATUSES } from '@turno/domain';
import { Id, Timestamp } from './common';

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
  /** Issue 27: the vetting state; in review or approved, the CPF is the admins' to change. */
  vetting_status: z.enum(VETTING_STATUSES).nullish(),
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
