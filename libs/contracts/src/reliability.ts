/** Wire shapes of issue 23 ("Shifts that happen"): reliability — strikes, appeals, "Disputas", the score. */
import { z } from 'zod';
import {
  APPEAL_NOTE_MAX_LENGTH,
  APPEAL_NOTE_MIN_LENGTH,
  APPEAL_TEXT_MAX_LENGTH,
  APPEAL_TEXT_MIN_LENGTH,
  MESSAGES,
  STRIKE_APPEAL_STATUSES,
  STRIKE_REASONS,
} from '@turno/domain';
import { Id, IsoDate, Timestamp } from './common';
import { PageQuery, pageSchema } from './lists';

/** The reliability score of the last 90 days and what it is made of (libs/domain reliabilityScore). */
export const ReliabilityScoreSchema = z.object({
  /** 0–100, null under 3 shifts ("Sem histórico"). */
  score: z.number().int().min(0).max(100).nullable(),
  completed: z.number().int(),
  no_shows: z.number().int(),
  check_ins: z.number().int(),
  late_check_ins: z.number().int(),
  late_cancellations: z.number().int(),
});
export type ReliabilityScore = z.infer<typeof ReliabilityScoreSchema>;

/** The shift a strike is about (null when its assignment was deleted). */
export const StrikeShiftSchema = z.object({
  job_id: z.number().int(),
  title: z.string(),
  restaurant_name: z.string(),
  date_needed: IsoDate,
  start_time: z.string(),
  end_time: z.string(),
});
export type StrikeShift = z.infer<typeof StrikeShiftSchema>;

// GET /api/freelancers/strikes
/** One strike as its freelancer sees it: reason, date, expiry, whether it counts, the appeal. */
export const FreelancerStrikeSchema = z.object({
  id: z.number().int(),
  reason: z.enum(STRIKE_REASONS),
  created_at: Timestamp,
  expires_at: Timestamp,
  /** Counts now (not removed, not expired). */
  active: z.boolean(),
  removed_at: Timestamp.nullable(),
  appeal_status: z.enum(STRIKE_APPEAL_STATUSES).nullable(),
  appeal_text: z.string().nullable(),
  appealed_at: Timestamp.nullable(),
  appeal_decision_note: z.string().nullable(),
  appeal_decided_at: Timestamp.nullable(),
  /** The end (exclusive) of the 7 days in which it may be appealed. */
  appeal_deadline: Timestamp,
  can_appeal: z.boolean(),
  shift: StrikeShiftSchema.nullable(),
});
export type FreelancerStrike = z.infer<typeof FreelancerStrikeSchema>;

/** "Ocorrências": the strikes of the last 90 days (and older ones still under appeal), newest first. */
export const FreelancerStrikesSchema = z.object({
  items: z.array(FreelancerStrikeSchema),
  active_count: z.number().int(),
  /** Applying is suspended until then (null: not suspended). */
  suspended_until: Timestamp.nullable(),
  reliability: ReliabilityScoreSchema,
});
export type FreelancerStrikes = z.infer<typeof FreelancerStrikesSchema>;

// POST /api/freelancers/strikes/:id/appeal
export const StrikeIdParamsSchema = z.object({ id: Id });
/** The appeal's text, 5–1000 characters after trimming. */
export const StrikeAppealRequestSchema = z.object({
  text: z
    .string({ message: MESSAGES.reliability.appealTextLength })
    .trim()
    .min(APPEAL_TEXT_MIN_LENGTH, { message: MESSAGES.reliability.appealTextLength })
    .max(APPEAL_TEXT_MAX_LENGTH, { message: MESSAGES.reliability.appealTextLength }),
});
export type StrikeAppealRequest = z.infer<typeof StrikeAppealRequestSchema>;
export const StrikeAppealResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  strike: FreelancerStrikeSchema,
});
export type StrikeAppealResponse = z.infer<typeof StrikeAppealResponseSchema>;

// GET /api/admin/disputes — "Disputas"
/**
 * What an admin decides in "Disputas". One kind today (a strike's appeal); timesheet disputes join
 * as another kind with their own fields in `details`.
 */
export const DISPUTE_KINDS = ['strike_appeal'] as const;
export type DisputeKind = (typeof DISPUTE_KINDS)[number];
export const DISPUTE_STATUS_FILTERS = ['pending', 'decided'] as const;
export type DisputeStatusFilter = (typeof DISPUTE_STATUS_FILTERS)[number];

/** Pending ones oldest first (the longest waiting on top); decided ones newest decision first. */
export const AdminDisputesQuerySchema = z.object({
  ...PageQuery,
  status: z.enum(DISPUTE_STATUS_FILTERS).default('pending'),
  kind: z.enum(DISPUTE_KINDS).optional(),
});
export type AdminDisputesQuery = z.input<typeof AdminDisputesQuerySchema>;

export const AdminDisputeSchema = z.object({
  kind: z.enum(DISPUTE_KINDS),
  /** The record decided: for 'strike_appeal', the strike's id. */
  id: z.number().int(),
  freelancer_id: z.number().int(),
  freelancer_name: z.string(),
  reason: z.enum(STRIKE_REASONS),
  shift: StrikeShiftSchema.nullable(),
  text: z.string(),
  submitted_at: Timestamp,
  strike_created_at: Timestamp,
  status: z.enum(STRIKE_APPEAL_STATUSES),
  decided_at: Timestamp.nullable(),
  decision_note: z.string().nullable(),
});
export type AdminDispute = z.infer<typeof AdminDisputeSchema>;
export const AdminDisputesPageSchema = pageSchema(AdminDisputeSchema);
export type AdminDisputesPage = z.infer<typeof AdminDisputesPageSchema>;

// POST /api/admin/strikes/:id/appeal-decision
export const APPEAL_DECISIONS = ['uphold', 'remove'] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];
export const AppealDecisionRequestSchema = z.object({
  decision: z.enum(APPEAL_DECISIONS, { message: MESSAGES.reliability.invalidDecision }),
  note: z
    .string({ message: MESSAGES.reliability.noteLength })
    .trim()
    .min(APPEAL_NOTE_MIN_LENGTH, { message: MESSAGES.reliability.noteLength })
    .max(APPEAL_NOTE_MAX_LENGTH, { message: MESSAGES.reliability.noteLength }),
});
export type AppealDecisionRequest = z.infer<typeof AppealDecisionRequestSchema>;
export const AppealDecisionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  dispute: AdminDisputeSchema,
  /** The freelancer's suspension after the decision (null: none). */
  suspended_until: Timestamp.nullable(),
});
export type AppealDecisionResponse = z.infer<typeof AppealDecisionResponseSchema>;

// GET /api/restaurant/jobs/:id/applications?sort=
/** The applicants' order: by application (oldest first, the default) or by reliability (best first, "Sem histórico" last). */
export const APPLICANT_SORTS = ['applied', 'reliability'] as const;
export type ApplicantSort = (typeof APPLICANT_SORTS)[number];
export const RestaurantApplicationsQuerySchema = z.object({
  sort: z.enum(APPLICANT_SORTS).default('applied'),
});
export type RestaurantApplicationsQuery = z.input<typeof RestaurantApplicationsQuerySchema>;
