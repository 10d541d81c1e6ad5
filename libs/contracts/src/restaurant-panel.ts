import { z } from 'zod';
import { ASSIGNMENT_STATUSES } from '@turno/domain';
import { Id, IsoDate, Money, Timestamp } from './common';
import { CreateJobsRequestSchema } from './job-forms';
import { JobInvitationFields } from './invitations';
import { InvoicePixChargeSchema, InvoiceSchema } from './invoices';
import { INVOICE_LIST_STATUS_FILTERS, InvoiceStatsSchema, PageQuery, pageSchema } from './lists';

/**
 * The restaurant ("Mercado") panel's calls (spec 01 §7 "Restaurant"), served by the restaurant BFF
 * at `/bff/restaurant/api/…`. Field names are the specification's; every call is scoped to the
 * signed-in business (another business's id answers 404).
 */

/** A path id of the restaurant routes (`/api/jobs/:id`, `/api/restaurant/applications/:id/accept`…). */
export const RestaurantPathIdSchema = z.object({ id: Id });

// POST /api/jobs
/**
 * The business's vacancy form (spec 01 §3 "Job creation payload"): the admin's request without
 * `restaurantId` — a business always creates for itself, and a `restaurantId` it sends is dropped.
 * Quantity 1–5, the 6 h / 8h20 / 10 h workloads and the dates are the domain service's rules, which
 * answer their pt-BR messages; `endTime` and `hourlyRate` are recomputed by the server.
 */
export const RestaurantCreateJobsRequestSchema = CreateJobsRequestSchema.omit({ restaurantId: true }).extend(
  // Issue 26 "Chamar de novo": invitees (who completed a shift with the business) and their window.
  JobInvitationFields,
);
export type RestaurantCreateJobsRequest = z.input<typeof RestaurantCreateJobsRequestSchema>;

// DELETE /api/jobs/:id
/** The vacancy is gone (a second delete answers 404). Only open vacancies of the business (409 otherwise). */
export const DeleteJobResponseSchema = z.object({ jobId: z.number().int(), deleted: z.literal(true) });
export type DeleteJobResponse = z.infer<typeof DeleteJobResponseSchema>;

// GET /api/restaurant/jobs/applications-count
/**
 * Pending (not yet expired) applications per open vacancy of the business (spec 01 §3
 * "Applications count"), by job id; jobs without one are left out. At most 200 rows.
 */
export const ApplicationCountSchema = z.object({
  job_id: z.number().int(),
  application_count: z.number().int().nonnegative(),
});
export type ApplicationCount = z.infer<typeof ApplicationCountSchema>;
export const ApplicationCountListSchema = z.array(ApplicationCountSchema);

// GET /api/restaurant/jobs/:id/applications
/**
 * An applicant as the business sees them (spec 01 §3 "Application, restaurant view"): the pending,
 * not yet expired applications of one vacancy, oldest first, at most 200. `specialties` is the
 * parsed list; `rating` is null until the freelancer has been rated.
 */
export const RestaurantApplicationSchema = z.object({
  id: z.number().int(),
  job_id: z.number().int(),
  freelancer_id: z.number().int(),
  freelancer_name: z.string(),
  freelancer_phone: z.string().nullable(),
  profile_photo_url: z.string().nullable(),
  experience_years: z.number().int(),
  rating: z.number().nullable(),
  total_jobs: z.number().int(),
  specialties: z.array(z.string()),
  application_message: z.string().nullable(),
  applied_at: Timestamp,
  expires_at: Timestamp,
  /** Issue 23: the reliability score of the last 90 days (0–100), null "Sem histórico". */
  reliability_score: z.number().int().nullable().optional(),
});
export type RestaurantApplication = z.infer<typeof RestaurantApplicationSchema>;
export const RestaurantApplicationListSchema = z.array(RestaurantApplicationSchema);

// POST /api/restaurant/applications/:id/accept
/**
 * The freelancer is allocated at once and every other pending application of the vacancy rejected.
 * 409 `{ error }` when the vacancy is taken, the application expired, or on a time clash (the
 * message contains "CONFLITO DE HORÁRIO").
 */
export const AcceptApplicationResponseSchema = z.object({
  applicationId: z.number().int(),
  jobId: z.number().int(),
  freelancerId: z.number().int(),
  assignmentId: z.number().int(),
  rejectedApplications: z.number().int().nonnegative(),
});
export type AcceptApplicationResponse = z.infer<typeof AcceptApplicationResponseSchema>;

// POST /api/restaurant/applications/:id/reject
export const RejectApplicationResponseSchema = z.object({
  applicationId: z.number().int(),
  status: z.literal('rejected'),
});
export type RejectApplicationResponse = z.infer<typeof RejectApplicationResponseSchema>;

// POST /api/restaurant/assignments/:id/approve-checkin
/** Where the shift stands after the approval (timestamps ISO-8601 UTC). */
export const ShiftStateSchema = z.object({
  assignmentId: z.number().int(),
  jobId: z.number().int(),
  status: z.enum(ASSIGNMENT_STATUSES),
  onTheWayAt: Timestamp.nullable(),
  checkinRequestedAt: Timestamp.nullable(),
  checkInAt: Timestamp.nullable(),
  checkoutRequestedAt: Timestamp.nullable(),
  checkOutAt: Timestamp.nullable(),
});
export type ShiftState = z.infer<typeof ShiftStateSchema>;

// POST /api/restaurant/assignments/:id/approve-checkout
/**
 * The shift is completed and the payout released (spec 01 §7: jobCompleted, freelancerName,
 * jobTitle, assignmentId), with the frozen amounts in reais.
 */
export const ApproveCheckoutResponseSchema = z.object({
  jobCompleted: z.literal(true),
  assignmentId: z.number().int(),
  jobId: z.number().int(),
  jobTitle: z.string(),
  freelancerName: z.string(),
  freelancerPaymentAmount: Money,
  restaurantPaymentAmount: Money,
  commissionAmount: Money,
  completedAt: Timestamp,
});
export type ApproveCheckoutResponse = z.infer<typeof ApproveCheckoutResponseSchema>;

// GET /api/restaurant/invoices
/** The business's invoices, latest issue date first, one status at a time (keyset pages). */
export const RestaurantInvoicesQuerySchema = z.object({
  ...PageQuery,
  status: z.enum(INVOICE_LIST_STATUS_FILTERS).default('all'),
});
export type RestaurantInvoicesQuery = z.input<typeof RestaurantInvoicesQuerySchema>;
/** The page, with each status counted and what is still to be paid (pending + overdue, in reais). */
export const RestaurantInvoicesPageSchema = pageSchema(InvoiceSchema).extend({ stats: InvoiceStatsSchema });
export type RestaurantInvoicesPage = z.infer<typeof RestaurantInvoicesPageSchema>;

// GET /api/restaurant/invoices/:id
/** One service of an invoice (spec 01 §3 "Invoice service line"), in service order. */
export const RestaurantInvoiceLineSchema = z.object({
  date_needed: IsoDate,
  position_type: z.string(),
  freelancer_name: z.string(),
  restaurant_payment_amount: Money,
  start_time: z.string(),
  end_time: z.string(),
  /** The store where the service happened (issue 28): lines are grouped by it, with subtotals. */
  store_id: z.number().int().nullable().optional(),
  store_name: z.string().nullable().optional(),
});
export type RestaurantInvoiceLine = z.infer<typeof RestaurantInvoiceLineSchema>;
/** The invoice view: the invoice, its client and its service lines (their sum is `invoice.amount`). */
export const RestaurantInvoiceDetailSchema = z.object({
  invoice: InvoiceSchema,
  client: z.object({
    business_name: z.string(),
    responsible_name: z.string(),
    address: z.string().nullable(),
    /** Razão social and CNPJ (14 characters, no mask) when the business gave them (issue 25). */
    legal_name: z.string().nullable().optional(),
    cnpj: z.string().nullable().optional(),
  }),
  lines: z.array(RestaurantInvoiceLineSchema),
  /** The invoice's Pix charge (issue 25); absent or null when it has none. */
  pix_charge: InvoicePixChargeSchema.nullable().optional(),
});
export type RestaurantInvoiceDetail = z.infer<typeof RestaurantInvoiceDetailSchema>;

// GET /api/restaurant/invoices/:id/pdf — application/pdf, opened in a new tab.
export const InvoicePdfSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'PDF inválido');
