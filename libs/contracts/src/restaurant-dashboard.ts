import { z } from 'zod';
import { Id, IsoDate, Money, Timestamp } from './common';

/**
 * What the restaurant panel's first screen (Dashboard) reads: the business's profile and its
 * spending figures, apart from restaurant-panel.ts so that screen does not build the schemas of the
 * agenda, applications and invoices when it loads.
 */

// GET /api/restaurant/profile
/** The signed-in business's profile (spec 01 §3 "Restaurant profile"). */
export const RestaurantProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  business_name: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  address_number: z.string().nullable(),
  cuisine_type: z.string().nullable(),
  contact_person: z.string().nullable(),
  /** CNPJ as 14 characters without mask, and razão social (issue 25); null until the business gives them. */
  cnpj: z.string().nullable().optional(),
  legal_name: z.string().nullable().optional(),
  is_approved: z.boolean(),
  is_active: z.boolean(),
  created_at: Timestamp,
  approved_at: Timestamp.nullable(),
});
export type RestaurantProfile = z.infer<typeof RestaurantProfileSchema>;

// GET /api/restaurant/spending-analytics
/** Spent, jobs and average over a period (amounts in reais, completed work only). */
const SpendingPeriodSchema = z.object({
  /** 'dd/mm/aaaa a dd/mm/aaaa'. */
  period: z.string(),
  total_spent: Money,
  completed_jobs: z.number().int().nonnegative(),
  avg_per_job: Money,
});

/**
 * The Dashboard's figures (spec 01 §3 "Spending analytics" and issue 8): this week in real time, the
 * next invoice's preview, this month against the previous one, the daily breakdown of the week
 * (Monday first) and the summary counts of the business's vacancies. A job belongs to the day of its
 * `date_needed`; "pending" is work not completed yet that can still happen.
 */
/** GET /api/restaurant/spending-analytics?storeId — one store's figures (issue 28); absent, the whole business. */
export const RestaurantSpendingQuerySchema = z.object({ storeId: Id.optional() });

export const RestaurantSpendingAnalyticsSchema = z.object({
  currentWeek: SpendingPeriodSchema.extend({
    week_start: IsoDate,
    week_end: IsoDate,
    pending_jobs: z.number().int().nonnegative(),
    potential_charges: Money,
    /** total_spent + potential_charges. */
    projected_invoice: Money,
  }),
  currentMonth: SpendingPeriodSchema.extend({ month_start: IsoDate, month_end: IsoDate }),
  previousMonth: SpendingPeriodSchema.extend({ month_start: IsoDate, month_end: IsoDate }),
  dailyBreakdown: z.array(
    z.object({ date_needed: IsoDate, day_total: Money, jobs_count: z.number().int().nonnegative() }),
  ),
  nextInvoicePreview: z.object({
    /** The Wednesday after the week. */
    invoice_date: IsoDate,
    due_date: IsoDate,
    completed_amount: Money,
    pending_amount: Money,
    total_amount: Money,
    week_period: z.string(),
  }),
  /**
   * This month's completed work by store (issue 28), stores by name: every store of the business
   * (at most 500), deactivated ones only when they had work. The Dashboard shows it with two stores
   * or more; its sum is `currentMonth.total_spent`.
   */
  byStore: z
    .array(
      z.object({
        store_id: z.number().int(),
        store_name: z.string(),
        total_spent: Money,
        completed_jobs: z.number().int().nonnegative(),
      }),
    )
    .optional(),
  /** Vacancies of the business by status; `total` = open + filled + completed (cancelled ones left out). */
  summary: z.object({
    open: z.number().int().nonnegative(),
    filled: z.number().int().nonnegative(),
    completed: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  }),
});
export type RestaurantSpendingAnalytics = z.infer<typeof RestaurantSpendingAnalyticsSchema>;
