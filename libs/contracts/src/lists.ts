import { z } from 'zod';
import {
  AGENDA_DEFAULT_PERIOD,
  AGENDA_PERIODS,
  INVOICE_STATUSES,
  LIST_CURSOR_MAX_LENGTH,
  LIST_PAGE_SIZE_DEFAULT,
  LIST_PAGE_SIZE_MAX,
  LIST_SEARCH_MAX_LENGTH,
  SEARCH_RADIUS_MAX_KM,
  SEARCH_RADIUS_MIN_KM,
} from '@turno/domain';
import { Id, IsoDate, Money } from './common';
import { JobSchema, OpenJobSchema } from './jobs';
import { AdminRestaurantSchema } from './restaurants';
import { InvoiceSchema } from './invoices';

/**
 * Every list endpoint answers one page: keyset pagination with an opaque `cursor` (the server's
 * token for "after this row", from the previous page's `nextCursor`) and `limit` rows (1–200,
 * 50 when not given). `total` counts the whole filtered set; `nextCursor` is null on the last page.
 * Filters are query parameters validated here and applied in SQL on the server.
 */
export const PageQuery = {
  cursor: z.string().max(LIST_CURSOR_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(LIST_PAGE_SIZE_MAX).default(LIST_PAGE_SIZE_DEFAULT),
};

/** Text search of a list: trimmed, at most 100 characters; empty means no search. */
export const SearchText = z.string().trim().max(LIST_SEARCH_MAX_LENGTH).optional();

/** One page of `item`s. */
export function pageSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    nextCursor: z.string().nullable(),
  });
}
export interface Page<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}

/** Job status filter of the agenda and the admin job list (spec 02 §2 and §4). */
export const JOB_LIST_STATUS_FILTERS = ['all', 'open', 'assigned', 'completed'] as const;
export type JobListStatusFilter = (typeof JOB_LIST_STATUS_FILTERS)[number];
/** Jobs counted by status over the period and search (the status filter itself left out). */
export const JobStatusCountsSchema = z.object({
  all: z.number().int(),
  open: z.number().int(),
  assigned: z.number().int(),
  completed: z.number().int(),
});
export type JobStatusCounts = z.infer<typeof JobStatusCountsSchema>;

// Restaurant agenda — GET /bff/restaurant/api/jobs, and the same agenda of one business in the admin's
// Controle Mercado — GET /bff/admin-ops/api/admin/restaurants/{id}/jobs
export { AGENDA_PERIODS, type AgendaPeriod } from '@turno/domain';
/**
 * The agenda: `period` is one of libs/domain's agenda periods (`agendaPeriodRange`: the next 7 days
 * by default, exactly the dates the vacancy form offers); `date` (a single day) replaces the period
 * when given. `q` searches title and position type.
 */
export const RestaurantJobsQuerySchema = z.object({
  ...PageQuery,
  period: z.enum(AGENDA_PERIODS).default(AGENDA_DEFAULT_PERIOD),
  date: IsoDate.optional(),
  status: z.enum(JOB_LIST_STATUS_FILTERS).default('all'),
  q: SearchText,
  /** Chains (issue 28): one of the caller's stores; absent, every store they reach ("Todas as lojas"). */
  storeId: Id.optional(),
});
export type RestaurantJobsQuery = z.input<typeof RestaurantJobsQuerySchema>;
export const RestaurantJobsPageSchema = pageSchema(JobSchema).extend({ counts: JobStatusCountsSchema });
export type RestaurantJobsPage = z.infer<typeof RestaurantJobsPageSchema>;

// Freelancer vacancies — GET /bff/freelancer/api/jobs
/**
 * Open vacancies from today on (`date` narrows to one day, never before today in Sao Paulo);
 * `q` searches title, position type and the business name.
 */
export const FreelancerJobsQuerySchema = z.object({
  ...PageQuery,
  date: IsoDate.optional(),
  q: SearchText,
  /** Issue 26: the maximum distance of this read (km); absent, the freelancer's own (Perfil) or 15. */
  distance_km: z.coerce.number().int().min(SEARCH_RADIUS_MIN_KM).max(SEARCH_RADIUS_MAX_KM).optional(),
});
export type FreelancerJobsQuery = z.input<typeof FreelancerJobsQuerySchema>;
/**
 * Issue 26: where the list was searched from — `home`, `current` (the device's position shared in
 * Perfil), or null when the freelancer cannot be placed (no distances, no distance filter) — and
 * the maximum distance applied (km).
 */
export const FreelancerJobsAreaSchema = z.object({
  origin: z.enum(['home', 'current']).nullable(),
  radius_km: z.number().int(),
});
export type FreelancerJobsArea = z.infer<typeof FreelancerJobsAreaSchema>;
export const FreelancerJobsPageSchema = pageSchema(OpenJobSchema).extend({
  area: FreelancerJobsAreaSchema.optional(),
});
export type FreelancerJobsPage = z.infer<typeof FreelancerJobsPageSchema>;

// Admin jobs — GET /bff/admin-ops/api/admin/jobs
export const ADMIN_JOB_DATE_FILTERS = ['all', 'today', 'tomorrow', 'next7'] as const;
export type AdminJobDateFilter = (typeof ADMIN_JOB_DATE_FILTERS)[number];
/**
 * Every job of the platform: `date` is all (default), today, tomorrow, the next 7 days from today,
 * or one day (AAAA-MM-DD); `q` searches title, business name, position type and freelancer name,
 * case- and accent-insensitive; `restaurantId` narrows to one business.
 */
export const AdminJobsQuerySchema = z.object({
  ...PageQuery,
  date: z.union([z.enum(ADMIN_JOB_DATE_FILTERS), IsoDate]).default('all'),
  status: z.enum(JOB_LIST_STATUS_FILTERS).default('all'),
  q: SearchText,
  restaurantId: Id.optional(),
});
export type AdminJobsQuery = z.input<typeof AdminJobsQuerySchema>;
export const AdminJobsPageSchema = pageSchema(JobSchema).extend({ counts: JobStatusCountsSchema });
export type AdminJobsPage = z.infer<typeof AdminJobsPageSchema>;

// Admin restaurants ("Mercados") — GET /bff/admin-ops/api/admin/restaurants
export const RESTAURANT_LIST_STATUS_FILTERS = ['all', 'pending', 'approved', 'rejected'] as const;
export type RestaurantListStatusFilter = (typeof RESTAURANT_LIST_STATUS_FILTERS)[number];
/** Newest registration first; `q` searches business name, responsible person and establishment type. */
export const AdminRestaurantsQuerySchema = z.object({
  ...PageQuery,
  status: z.enum(RESTAURANT_LIST_STATUS_FILTERS).default('all'),
  q: SearchText,
});
export type AdminRestaurantsQuery = z.input<typeof AdminRestaurantsQuerySchema>;
/** The stat cards: total, pending, approved, rejected, over the search (status filter left out). */
export const RestaurantStatusCountsSchema = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});
export const AdminRestaurantsPageSchema = pageSchema(AdminRestaurantSchema).extend({
  counts: RestaurantStatusCountsSchema,
});
export type AdminRestaurantsPage = z.infer<typeof AdminRestaurantsPageSchema>;

// Admin invoices ("Faturas") — GET /bff/admin-billing/api/admin/invoices
export const INVOICE_LIST_STATUS_FILTERS = ['all', ...INVOICE_STATUSES] as const;
export type InvoiceListStatusFilter = (typeof INVOICE_LIST_STATUS_FILTERS)[number];
/**
 * The business invoices (the three restaurant invoice types), latest issue date first; `q`
 * searches invoice number, business name and contact name.
 */
export const AdminInvoicesQuerySchema = z.object({
  ...PageQuery,
  status: z.enum(INVOICE_LIST_STATUS_FILTERS).default('all'),
  q: SearchText,
  /** One business's invoices only (admin_billing/RestaurantInvoices in Controle Mercado). */
  restaurantId: Id.optional(),
});
export type AdminInvoicesQuery = z.input<typeof AdminInvoicesQuerySchema>;
/** The stat cards over the search (status filter left out); `pendingAmount` in reais (pending + overdue). */
export const InvoiceStatsSchema = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  paid: z.number().int(),
  overdue: z.number().int(),
  pendingAmount: Money,
});
export const AdminInvoicesPageSchema = pageSchema(InvoiceSchema).extend({ stats: InvoiceStatsSchema });
export type AdminInvoicesPage = z.infer<typeof AdminInvoicesPageSchema>;
