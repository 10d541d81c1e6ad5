import { z } from 'zod';
import {
  APPLICATION_STATUSES,
  LIST_PAGE_SIZE_MAX,
  POSTGRES_INTEGER_MAX,
  SHORT_TEXT_MAX_LENGTH,
  VETTING_STATUSES,
} from '@turno/domain';
import { Id, IsoDate, Money, Timestamp } from './common';
import {
  PageQuery,
  RESTAURANT_LIST_STATUS_FILTERS,
  RestaurantStatusCountsSchema,
  SearchText,
  pageSchema,
} from './lists';

/**
 * The admin operations calls of spec 02 §7 (bffs/admin-ops): account review, edit and deletion,
 * the freelancer list and form, and the command centre's actions on jobs, applications and shifts.
 * Field names stay the specification's (snake_case in the account bodies, camelCase in the job and
 * assignment bodies, as its table shows). The product rules are checked by the domain services,
 * which answer their pt-BR messages; these schemas bound every value first.
 */

const shortText = z.string().trim().max(SHORT_TEXT_MAX_LENGTH);
const optionalText = shortText.optional().nullable();

/** `/…/{id}` of every admin route that names one row. */
export const AdminIdParamsSchema = z.object({ id: Id });
export type AdminIdParams = z.infer<typeof AdminIdParamsSchema>;

// Account review — POST /api/admin/restaurants|freelancers/{id}/approve|reject
export const ACCOUNT_STATES = ['approved', 'pending', 'rejected'] as const;
export const AccountReviewResponseSchema = z.object({
  id: z.number().int(),
  state: z.enum(ACCOUNT_STATES),
});
export type AccountReviewResponse = z.infer<typeof AccountReviewResponseSchema>;

// Restaurant edit — PUT /api/admin/restaurants/{id}
/**
 * Spec 02 §7: responsible name and business name required (the service answers their messages);
 * the other fields trimmed, empty → null (cleared).
 */
export const AdminRestaurantUpdateRequestSchema = z.object({
  name: optionalText,
  phone: optionalText,
  business_name: optionalText,
  address: optionalText,
  address_number: optionalText,
  cuisine_type: optionalText,
  contact_person: optionalText,
  /** CNPJ (masked or bare, check digits) and razão social (2–150): issue 25; once set, required. */
  cnpj: optionalText,
  legal_name: optionalText,
});
export type AdminRestaurantUpdateRequest = z.infer<typeof AdminRestaurantUpdateRequestSchema>;
export const AdminRestaurantUpdateResponseSchema = z.object({ restaurantId: z.number().int() });

// Account deletion — DELETE /api/admin/restaurants|freelancers/{id}
/**
 * `deleted`: the account and everything it owned are gone. `anonymized`: it had completed work or
 * invoices, so its personal data was erased and it was deactivated instead (fiscal records kept);
 * either way its sessions end. `message` says which happened, in pt-BR.
 */
export const ACCOUNT_REMOVAL_OUTCOMES = ['deleted', 'anonymized'] as const;
export type AccountRemovalOutcome = (typeof ACCOUNT_REMOVAL_OUTCOMES)[number];
export const AccountRemovalResponseSchema = z.object({
  id: z.number().int(),
  outcome: z.enum(ACCOUNT_REMOVAL_OUTCOMES),
  message: z.string(),
});
export type AccountRemovalResponse = z.infer<typeof AccountRemovalResponseSchema>;

// Freelancers — GET /api/admin/freelancers
/** Freelancer as the admin lists it: spec 02 §3 "Freelancer" (specialties as a list). */
export const AdminFreelancerSchema = z.object({
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
  rating: z.number().nullable(),
  total_jobs: z.number().int(),
  is_approved: z.boolean(),
  is_available: z.boolean(),
  approved_at: Timestamp.nullable(),
  created_at: Timestamp,
  /**
   * Vetting (issue 27): where the checklist stands, and whether it is complete ("Aprovar" only then).
   * Optional: a BFF of the previous release does not send them (the server refuses an incomplete
   * approval whatever the screen offers).
   */
  vetting_status: z.enum(VETTING_STATUSES).optional(),
  vetting_complete: z.boolean().optional(),
});
export type AdminFreelancer = z.infer<typeof AdminFreelancerSchema>;

export const FREELANCER_LIST_STATUS_FILTERS = RESTAURANT_LIST_STATUS_FILTERS;
export type FreelancerListStatusFilter = (typeof FREELANCER_LIST_STATUS_FILTERS)[number];
/** Newest registration first; `q` searches name and specialties, case- and accent-insensitive. */
export const AdminFreelancersQuerySchema = z.object({
  ...PageQuery,
  status: z.enum(FREELANCER_LIST_STATUS_FILTERS).default('all'),
  q: SearchText,
});
export type AdminFreelancersQuery = z.input<typeof AdminFreelancersQuerySchema>;
/** The stat cards: total, pending, approved, rejected over the search (status filter left out). */
export const AdminFreelancersPageSchema = pageSchema(AdminFreelancerSchema).extend({
  counts: RestaurantStatusCountsSchema,
});
export type AdminFreelancersPage = z.infer<typeof AdminFreelancersPageSchema>;

// Freelancer form — POST /api/admin/freelancers, PUT /api/admin/freelancers/{id}
/**
 * Spec 02 §7: name, CPF and PIX key required ("Nome, CPF e Chave PIX são obrigatórios!"),
 * experience 0–50, specialties among the seven; creation also sends a generated placeholder e-mail.
 */
export const AdminFreelancerRequestSchema = z.object({
  name: optionalText,
  phone: optionalText,
  address: optionalText,
  cpf: optionalText,
  pix_key: optionalText,
  experience_years: z
    .union([z.number().int().min(-1_000).max(1_000), z.string().max(10)])
    .optional()
    .nullable(),
  specialties: z.array(shortText).max(20).optional().nullable(),
  email: optionalText,
});
export type AdminFreelancerRequest = z.infer<typeof AdminFreelancerRequestSchema>;
export const AdminFreelancerSavedSchema = z.object({ freelancerId: z.number().int() });
export type AdminFreelancerSaved = z.infer<typeof AdminFreelancerSavedSchema>;

// Freelancer picker — GET /api/admin/freelancer-options (assign modal, block modal)
/** Spec 02 §3 "Freelancer option in the block picker". */
export const FreelancerOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  is_approved: z.boolean(),
  is_available: z.boolean(),
});
export type FreelancerOption = z.infer<typeof FreelancerOptionSchema>;
/**
 * Freelancers sorted by name (then id); `assignable` keeps only approved and available ones (the
 * assign modal), `all` every one (the block modal marks the others); `q` searches the name.
 * `job_id` (with `assignable`) keeps only those who can be assigned to that job: not blocked by
 * its business and holding no shift at an overlapping time.
 */
export const FreelancerOptionsQuerySchema = z.object({
  ...PageQuery,
  eligible: z.enum(['all', 'assignable']).default('all'),
  job_id: Id.optional(),
  q: SearchText,
});
export type FreelancerOptionsQuery = z.input<typeof FreelancerOptionsQuerySchema>;
export const FreelancerOptionsPageSchema = pageSchema(FreelancerOptionSchema);
export type FreelancerOptionsPage = z.infer<typeof FreelancerOptionsPageSchema>;

// Job edit and deletion — PUT / DELETE /api/admin/jobs/{id}
/**
 * Spec 02 §7 "PUT /api/admin/jobs/{id}": absent fields stay as they are; `endTime` and
 * `hourlyRate` are accepted and ignored (the server recomputes both from workload and start).
 */
export const AdminJobUpdateRequestSchema = z.object({
  restaurantId: Id.optional(),
  positionType: shortText.optional(),
  dateNeeded: z.string().max(10).optional(),
  workload: z.union([z.number().min(0).max(24), z.string().max(10)]).optional(),
  startTime: z.string().max(5).optional(),
  endTime: z.string().max(5).optional().nullable(),
  hourlyRate: z.number().min(0).max(100_000).optional().nullable(),
  mealTime: optionalText,
  recommendedAttire: optionalText,
  description: z.string().trim().max(2_000).optional().nullable(),
});
export type AdminJobUpdateRequest = z.infer<typeof AdminJobUpdateRequestSchema>;
/** The job after the edit: end time and price as the server computed them (reais). */
export const AdminJobUpdateResponseSchema = z.object({
  jobId: z.number().int(),
  endTime: z.string(),
  hourlyRate: Money,
  mealTime: z.string().nullable(),
});
export type AdminJobUpdateResponse = z.infer<typeof AdminJobUpdateResponseSchema>;
export const AdminJobDeletedSchema = z.object({ jobId: z.number().int(), deleted: z.literal(true) });

// Applications of a job — GET /api/admin/jobs/{id}/applications
/** Spec 02 §3 "Application" (expired ones count as rejected and are not listed). */
export const AdminJobApplicationSchema = z.object({
  id: z.number().int(),
  job_id: z.number().int(),
  freelancer_id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES.filter((s) => s !== 'expired') as ['pending', 'accepted', 'rejected']),
  freelancer_name: z.string(),
  freelancer_phone: z.string().nullable(),
  profile_photo_url: z.string().nullable(),
  experience_years: z.number().int(),
  rating: z.number().nullable(),
  total_jobs: z.number().int(),
  specialties: z.array(z.string()),
  application_message: z.string().nullable(),
  applied_at: Timestamp,
});
export type AdminJobApplication = z.infer<typeof AdminJobApplicationSchema>;
/** Oldest application first (the order they came in). */
export const AdminJobApplicationsQuerySchema = z.object({ ...PageQuery });
export const AdminJobApplicationsPageSchema = pageSchema(AdminJobApplicationSchema).extend({
  counts: z.object({
    all: z.number().int(),
    pending: z.number().int(),
    accepted: z.number().int(),
    rejected: z.number().int(),
  }),
});
export type AdminJobApplicationsPage = z.infer<typeof AdminJobApplicationsPageSchema>;

// Application decisions — POST /api/admin/applications/{id}/accept|reject answer as the business's
// (AcceptApplicationResponseSchema, RejectApplicationResponseSchema of restaurant-panel.ts).

// Assignments — POST /api/admin/assignments, DELETE /api/admin/assignments/{id}
export const AdminAssignRequestSchema = z.object({ jobId: Id, freelancerId: Id });
export type AdminAssignRequest = z.infer<typeof AdminAssignRequestSchema>;
export const AdminAssignResponseSchema = z.object({
  assignmentId: z.number().int(),
  jobId: z.number().int(),
  freelancerId: z.number().int(),
});

// Shift transitions — unassign, check-in: ShiftStateSchema; check-out: ApproveCheckoutResponseSchema
// (restaurant-panel.ts, the same answers as the business's).
/**
 * POST /api/admin/assignments/{id}/checkin|checkout: outside the shift's window (check-in from 1 h
 * before the start; check-out from the start) the admin's correction needs a reason, 5–500
 * characters (checked by the service with its pt-BR message), kept in the audit trail. The body
 * may be absent.
 */
export const ManualShiftRequestSchema = z.object({ reason: z.string().max(2000).nullish() }).optional();
export type ManualShiftRequest = z.infer<typeof ManualShiftRequestSchema>;

// Command centre: the urgent pending-actions area — GET /api/admin/pending-actions
/**
 * A shift waiting for the admin or the business (spec 02 §4 "Pending action"): a check-in request
 * without check-in, or a check-out request without check-out. Oldest request first.
 */
export const PendingActionSchema = z.object({
  /** The assignment's id (one pending action per shift). */
  id: z.number().int(),
  job_id: z.number().int(),
  assignment_id: z.number().int(),
  title: z.string(),
  restaurant_name: z.string(),
  freelancer_name: z.string(),
  date_needed: IsoDate,
  start_time: z.string(),
  end_time: z.string(),
  action: z.enum(['check_in', 'check_out']),
  requested_at: Timestamp,
});
export type PendingAction = z.infer<typeof PendingActionSchema>;
export const PendingActionsQuerySchema = z.object({ ...PageQuery });
export const PendingActionsPageSchema = pageSchema(PendingActionSchema);
export type PendingActionsPage = z.infer<typeof PendingActionsPageSchema>;

// Command centre: application-count badges — GET /api/admin/jobs/application-counts?ids=1,2,3
/** The jobs shown (at most one page, 200 ids); pending applications per job id. */
export const ApplicationCountsQuerySchema = z.object({
  ids: z
    .string()
    .max(2_400)
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'Lista de vagas inválida')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.length <= LIST_PAGE_SIZE_MAX && ids.every((id) => id <= POSTGRES_INTEGER_MAX), {
      message: 'Lista de vagas inválida',
    }),
});
export const ApplicationCountsSchema = z.object({ counts: z.record(z.string(), z.number().int()) });
export type ApplicationCounts = z.infer<typeof ApplicationCountsSchema>;
