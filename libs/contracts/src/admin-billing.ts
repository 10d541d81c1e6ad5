/**
 * The admin-billing BFF's calls beyond the invoice list (spec 02 §7): invoice actions, service
 * lines, generation runs on the invoices queue, daily metrics and the detailed report. Field names
 * stay the specification's (snake_case rows, camelCase request fields and metric figures).
 */
import { z } from 'zod';
import {
  INVOICE_STATUSES,
  JOB_STATUSES,
  ASSIGNMENT_STATUSES,
  MESSAGES,
  SAO_PAULO_TIME_ZONE,
  WEEKLY_GENERATION_OFFSETS,
} from '@turno/domain';
import { Id, IsoDate, Money, Timestamp } from './common';
import { AdminInvoicesQuerySchema, PageQuery, pageSchema } from './lists';

// ---------------------------------------------------------------------------------------------
// Invoice actions — POST /api/admin/invoices/{id}/mark-paid, DELETE /api/admin/invoices/{id}

export const InvoiceIdParamsSchema = z.object({ id: Id });

/** Answer of mark-paid: the invoice's new status and payment date, and "Fatura marcada como paga!". */
export const InvoiceStatusChangeSchema = z.object({
  id: z.number().int(),
  invoice_number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  payment_date: IsoDate.nullable(),
  message: z.string(),
});
export type InvoiceStatusChange = z.infer<typeof InvoiceStatusChangeSchema>;

/** Answer of a deletion: the services it held become billable again; "Fatura excluída!". */
export const InvoiceDeletionSchema = z.object({
  id: z.number().int(),
  invoice_number: z.string(),
  freedAssignments: z.number().int(),
  message: z.string(),
});
export type InvoiceDeletion = z.infer<typeof InvoiceDeletionSchema>;

// ---------------------------------------------------------------------------------------------
// Service lines — GET /api/admin/invoice-services?restaurantId&startDate&endDate

/** One restaurant's completed services in a period, billed or not, oldest first, one page. */
export const InvoiceServicesQuerySchema = z.object({
  ...PageQuery,
  restaurantId: Id,
  startDate: IsoDate,
  endDate: IsoDate,
});
export type InvoiceServicesQuery = z.input<typeof InvoiceServicesQuerySchema>;

/** Spec 02 §3 "Invoice service line", plus the times and ids the views use. */
export const InvoiceServiceLineSchema = z.object({
  date_needed: IsoDate,
  position_type: z.string(),
  freelancer_name: z.string(),
  restaurant_payment_amount: Money,
  start_time: z.string(),
  end_time: z.string(),
  job_id: z.number().int(),
  assignment_id: z.number().int(),
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
});
export type InvoiceServiceLine = z.infer<typeof InvoiceServiceLineSchema>;

/** The page, with the count and sum of every service of the period (not only the page's). */
export const InvoiceServicesPageSchema = pageSchema(InvoiceServiceLineSchema).extend({
  totals: z.object({ services: z.number().int(), amount: Money, unbilled: z.number().int() }),
});
export type InvoiceServicesPage = z.infer<typeof InvoiceServicesPageSchema>;

// ---------------------------------------------------------------------------------------------
// Generation runs — POST /api/admin/invoices/generate-weekly and generate-custom enqueue a job on
// the invoices queue; GET /api/admin/invoice-generation-runs/{runId} reads its progress and result.

const weekOffsetMessage = MESSAGES.invoices.invalidWeekOffset;
/** { weekOffset 0…−3, timezone 'America/Sao_Paulo' } (spec 02 §7). */
export const GenerateWeeklyRequestSchema = z.object({
  weekOffset: z
    .number(weekOffsetMessage)
    .int(weekOffsetMessage)
    .min(Math.min(...WEEKLY_GENERATION_OFFSETS), weekOffsetMessage)
    .max(Math.max(...WEEKLY_GENERATION_OFFSETS), weekOffsetMessage),
  timezone: z.literal(SAO_PAULO_TIME_ZONE).optional(),
});
export type GenerateWeeklyRequest = z.infer<typeof GenerateWeeklyRequestSchema>;

/** Most businesses one custom run may name; more is "all" (an empty selection). */
export const CUSTOM_INVOICE_RESTAURANTS_MAX = 500;

/**
 * { startDate, endDate, restaurantIds or null } (spec 02 §7). Missing dates and a start after the
 * end are answered with the spec's messages ("Por favor, selecione as datas de início e fim", "A
 * data de início deve ser anterior à data de fim") by the route, as the modal shows them.
 */
export const GenerateCustomRequestSchema = z.object({
  startDate: IsoDate.nullish(),
  endDate: IsoDate.nullish(),
  restaurantIds: z.array(Id).max(CUSTOM_INVOICE_RESTAURANTS_MAX).nullish(),
});
export type GenerateCustomRequest = z.infer<typeof GenerateCustomRequestSchema>;

export const INVOICE_RUN_KINDS = ['weekly', 'custom'] as const;
export type InvoiceRunKind = (typeof INVOICE_RUN_KINDS)[number];
export const INVOICE_RUN_STATES = ['waiting', 'active', 'completed', 'failed'] as const;
export type InvoiceRunState = (typeof INVOICE_RUN_STATES)[number];

/** A run's id: the job id on the invoices queue, the same for the same request (one run). */
export const InvoiceRunIdSchema = z
  .string()
  .max(120)
  .regex(/^(weekly|custom)-[0-9a-z-]+$/, 'Execução inválida.');
export const InvoiceRunParamsSchema = z.object({ runId: InvoiceRunIdSchema });

/** Result box of a weekly run: week processed, invoices generated, services (spec 02 §2). */
export const WeeklyGenerationResultSchema = z.object({
  success: z.literal(true),
  weekProcessed: z.string(),
  weekStart: IsoDate,
  weekEnd: IsoDate,
  issueDate: IsoDate,
  dueDate: IsoDate,
  invoicesGenerated: z.number().int(),
  invoicesUpdated: z.number().int(),
  completedAssignments: z.number().int(),
  alreadyBilledAssignments: z.number().int(),
  amountBilled: Money,
  message: z.string(),
});
export type WeeklyGenerationResult = z.infer<typeof WeeklyGenerationResultSchema>;

/** Result of a custom run: invoices generated, services, the period and the message. */
export const CustomGenerationResultSchema = z.object({
  success: z.literal(true),
  startDate: IsoDate,
  endDate: IsoDate,
  issueDate: IsoDate,
  dueDate: IsoDate,
  invoicesGenerated: z.number().int(),
  completedAssignments: z.number().int(),
  alreadyBilledAssignments: z.number().int(),
  amountBilled: Money,
  message: z.string(),
});
export type CustomGenerationResult = z.infer<typeof CustomGenerationResultSchema>;

/** Businesses billed so far of those with work to bill (from the job's progress). */
export const InvoiceRunProgressSchema = z.object({
  processed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type InvoiceRunProgress = z.infer<typeof InvoiceRunProgressSchema>;

export const InvoiceGenerationRunSchema = z.discriminatedUnion('kind', [
  z.object({
    runId: z.string(),
    kind: z.literal('weekly'),
    state: z.enum(INVOICE_RUN_STATES),
    progress: InvoiceRunProgressSchema.nullable(),
    result: WeeklyGenerationResultSchema.nullable(),
    error: z.string().nullable(),
    requestedAt: Timestamp,
    finishedAt: Timestamp.nullable(),
  }),
  z.object({
    runId: z.string(),
    kind: z.literal('custom'),
    state: z.enum(INVOICE_RUN_STATES),
    progress: InvoiceRunProgressSchema.nullable(),
    result: CustomGenerationResultSchema.nullable(),
    error: z.string().nullable(),
    requestedAt: Timestamp,
    finishedAt: Timestamp.nullable(),
  }),
]);
export type InvoiceGenerationRun = z.infer<typeof InvoiceGenerationRunSchema>;

// ---------------------------------------------------------------------------------------------
// Central de Métricas Admin — GET /api/admin/daily-metrics?filter=today|week

export const METRICS_FILTERS = ['today', 'week'] as const;
export type MetricsFilter = (typeof METRICS_FILTERS)[number];
export const DailyMetricsQuerySchema = z.object({
  filter: z.enum(METRICS_FILTERS, MESSAGES.analytics.invalidMetricsFilter).default('today'),
});
export type DailyMetricsQuery = z.input<typeof DailyMetricsQuerySchema>;

/** Spec 02 §3 "Daily metrics", with the period and one point per day for the chart. */
export const DailyMetricsSchema = z.object({
  filter: z.enum(METRICS_FILTERS),
  startDate: IsoDate,
  endDate: IsoDate,
  todayRevenue: Money,
  todayFreelancerPayments: Money,
  todayCommission: Money,
  todayCompletedJobs: z.number().int(),
  projectedRevenue: Money,
  projectedFreelancerPayments: Money,
  projectedCommission: Money,
  todayScheduledJobs: z.number().int(),
  totalProjectedRevenue: Money,
  totalProjectedFreelancerPayments: Money,
  totalProjectedCommission: Money,
  totalJobsToday: z.number().int(),
  /** Each day of the period: completed revenue and commission, and what scheduled work will add. */
  days: z.array(
    z.object({
      date: IsoDate,
      revenue: Money,
      commission: Money,
      projectedRevenue: Money,
      completedJobs: z.number().int(),
      scheduledJobs: z.number().int(),
    }),
  ),
});
export type DailyMetrics = z.infer<typeof DailyMetricsSchema>;

// ---------------------------------------------------------------------------------------------
// Relatório detalhado — GET /api/admin/daily-detailed-report?date= or ?startDate=&endDate=

/**
 * A single `date`, or `startDate`..`endDate`; today when nothing is given. No date beyond today,
 * the end not before the start (pt-BR 400 otherwise). One page of rows; totals and the
 * discrepancy check cover the whole period.
 */
export const DetailedReportQuerySchema = z.object({
  ...PageQuery,
  date: IsoDate.optional(),
  startDate: IsoDate.optional(),
  endDate: IsoDate.optional(),
});
export type DetailedReportQuery = z.input<typeof DetailedReportQuerySchema>;

/** One job of the report (spec 02 §3 "Job (admin)" plus the payment fields). */
export const DetailedReportRowSchema = z.object({
  id: z.number().int(),
  restaurant_id: z.number().int(),
  restaurant_name: z.string(),
  title: z.string(),
  position_type: z.string(),
  date_needed: IsoDate,
  start_time: z.string(),
  end_time: z.string(),
  hourly_rate: Money,
  status: z.enum(JOB_STATUSES),
  assignment_id: z.number().int().nullable(),
  assignment_status: z.enum(ASSIGNMENT_STATUSES).nullable(),
  freelancer_name: z.string().nullable(),
  restaurant_payment_amount: Money,
  freelancer_payment_amount: Money,
  commission_amount: Money,
});
export type DetailedReportRow = z.infer<typeof DetailedReportRowSchema>;

/** A completed job whose stored amounts differ from the price rule: "ERRO: Vaga #id". */
export const ReportDiscrepancySchema = z.object({
  job_id: z.number().int(),
  message: z.string(),
  charged: Money,
  paid: Money,
  expected_charged: Money,
  expected_paid: Money,
});
export type ReportDiscrepancy = z.infer<typeof ReportDiscrepancySchema>;

export const ReportTotalsSchema = z.object({
  /** Every job of the period (completed and scheduled). */
  jobs: z.number().int(),
  completed_jobs: z.number().int(),
  /** Completed work only: what was charged, paid and kept. */
  restaurant_payment_amount: Money,
  freelancer_payment_amount: Money,
  commission_amount: Money,
});

export const DetailedReportPageSchema = pageSchema(DetailedReportRowSchema).extend({
  startDate: IsoDate,
  endDate: IsoDate,
  totals: ReportTotalsSchema,
  /** The first discrepancies (at most 200), and how many there are. */
  discrepancies: z.array(ReportDiscrepancySchema),
  discrepancyCount: z.number().int(),
  allCorrect: z.boolean(),
  /** "Todos os cálculos estão corretos!" or null. */
  message: z.string().nullable(),
});
export type DetailedReportPage = z.infer<typeof DetailedReportPageSchema>;

// ---------------------------------------------------------------------------------------------
// Excel exports — GET /api/admin/exports/… (an .xlsx streamed by the server)

/** The detailed report's export: the same period as the screen. */
export const DetailedReportExportQuerySchema = DetailedReportQuerySchema.omit({ cursor: true, limit: true });

/** The invoice list's export: the filters the screen shows (search and status), every row. */
export const AdminInvoicesExportQuerySchema = AdminInvoicesQuerySchema.omit({ cursor: true, limit: true });
