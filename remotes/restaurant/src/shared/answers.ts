import {
  type BusinessStores,
  type PendingShiftRequests,
  type RestaurantProfile,
  type RestaurantSpendingAnalytics,
} from '@turno/contracts';
import { BILLING_MODES, BUSINESS_MEMBER_ROLES } from '@turno/domain';
import {
  answerSchema,
  nullable,
  nullish,
  optional,
  readArray,
  readBoolean,
  readCount,
  readInt,
  readIsoDate,
  readNumber,
  readObject,
  readOneOf,
  readString,
} from '@turno/ui';

/*
 * The answers the panel reads while it opens (the profile, the waiting requests count, the spending
 * figures, and the stores with the caller's role that choose its tabs), read without zod: the shapes of libs/contracts (`RestaurantProfileSchema`,
 * `PendingShiftRequestsSchema`, `RestaurantSpendingAnalyticsSchema`, `BusinessStoresSchema`) checked by hand, so the panel's
 * first screen neither loads zod nor builds schemas (a long task of a phone's main thread). zod comes
 * with the other tabs and the vacancy form. answers.test.ts keeps these readers and the schemas in
 * agreement.
 */

type Analytics = RestaurantSpendingAnalytics;
const readText = nullable(readString);

const readProfile = readObject<RestaurantProfile>({
  id: readInt,
  name: readString,
  business_name: readString,
  phone: readText,
  address: readText,
  address_number: readText,
  cuisine_type: readText,
  contact_person: readText,
  cnpj: nullish(readString),
  legal_name: nullish(readString),
  is_approved: readBoolean,
  is_active: readBoolean,
  created_at: readString,
  approved_at: readText,
});

const readPending = readObject<PendingShiftRequests>({
  count: readInt,
  checkIns: readInt,
  checkOuts: readInt,
});

/** The fields every period of the figures has (`SpendingPeriodSchema`). */
const PERIOD = {
  period: readString,
  total_spent: readNumber,
  completed_jobs: readCount,
  avg_per_job: readNumber,
};
const MONTH = { ...PERIOD, month_start: readIsoDate, month_end: readIsoDate };

const readSpending = readObject<Analytics>({
  currentWeek: readObject<Analytics['currentWeek']>({
    ...PERIOD,
    week_start: readIsoDate,
    week_end: readIsoDate,
    pending_jobs: readCount,
    potential_charges: readNumber,
    projected_invoice: readNumber,
  }),
  currentMonth: readObject<Analytics['currentMonth']>(MONTH),
  previousMonth: readObject<Analytics['previousMonth']>(MONTH),
  dailyBreakdown: readArray(
    readObject<Analytics['dailyBreakdown'][number]>({
      date_needed: readIsoDate,
      day_total: readNumber,
      jobs_count: readCount,
    }),
  ),
  nextInvoicePreview: readObject<Analytics['nextInvoicePreview']>({
    invoice_date: readIsoDate,
    due_date: readIsoDate,
    completed_amount: readNumber,
    pending_amount: readNumber,
    total_amount: readNumber,
    week_period: readString,
  }),
  byStore: optional(
    readArray(
      readObject<NonNullable<Analytics['byStore']>[number]>({
        store_id: readInt,
        store_name: readString,
        total_spent: readNumber,
        completed_jobs: readCount,
      }),
    ),
  ),
  summary: readObject<Analytics['summary']>({
    open: readCount,
    filled: readCount,
    completed: readCount,
    total: readCount,
  }),
});

const readStores = readObject<BusinessStores>({
  member_role: readOneOf(BUSINESS_MEMBER_ROLES),
  billing_mode: readOneOf(BILLING_MODES),
  items: readArray(
    readObject<BusinessStores['items'][number]>({
      id: readInt,
      name: readString,
      is_active: readBoolean,
      open_vacancies: readCount,
      cnpj: nullish(readString),
      establishment_type: nullish(readString),
    }),
  ),
});

/** GET /api/restaurant/profile. */
export const RESTAURANT_PROFILE = answerSchema('RestaurantProfile', readProfile);
/** GET /api/restaurant/assignments/pending-requests. */
export const PENDING_REQUESTS = answerSchema('PendingShiftRequests', readPending);
/** GET /api/restaurant/spending-analytics. */
export const SPENDING_ANALYTICS = answerSchema('RestaurantSpendingAnalytics', readSpending);
/** GET /api/restaurant/stores (issue 28): the stores the caller reaches and their role. */
export const BUSINESS_STORES = answerSchema('BusinessStores', readStores);
