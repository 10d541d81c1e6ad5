import {
  BusinessStoresSchema,
  PendingShiftRequestsSchema,
  RestaurantProfileSchema,
  RestaurantSpendingAnalyticsSchema,
  type RestaurantProfile,
  type RestaurantSpendingAnalytics,
} from '@turno/contracts';
import { type AnswerSchema } from '@turno/ui';
import { BUSINESS_STORES, PENDING_REQUESTS, RESTAURANT_PROFILE, SPENDING_ANALYTICS } from './answers';

// The Dashboard reads its answers without zod (answers.ts): these keep the readers in agreement
// with the contracts' schemas, on good answers and on every field of them broken in each way.

const profile: RestaurantProfile = {
  id: 4,
  name: 'Marcos Almeida',
  business_name: 'Supermercado Bom Preço',
  phone: '1133334444',
  address: 'Rua Vergueiro',
  address_number: '100',
  cuisine_type: null,
  contact_person: 'Marcos',
  is_approved: true,
  is_active: true,
  created_at: '2026-11-01T10:00:00.000Z',
  approved_at: null,
};

const figures: RestaurantSpendingAnalytics = {
  currentWeek: {
    period: '23/11/2026 a 29/11/2026',
    week_start: '2026-11-23',
    week_end: '2026-11-29',
    total_spent: 447.5,
    completed_jobs: 3,
    avg_per_job: 149.17,
    pending_jobs: 2,
    potential_charges: 338,
    projected_invoice: 785.5,
  },
  currentMonth: {
    period: '01/11/2026 a 30/11/2026',
    month_start: '2026-11-01',
    month_end: '2026-11-30',
    total_spent: 1490,
    completed_jobs: 10,
    avg_per_job: 149,
  },
  previousMonth: {
    period: '01/10/2026 a 31/10/2026',
    month_start: '2026-10-01',
    month_end: '2026-10-31',
    total_spent: 0,
    completed_jobs: 0,
    avg_per_job: 0,
  },
  dailyBreakdown: [
    { date_needed: '2026-11-23', day_total: 298, jobs_count: 2 },
    { date_needed: '2026-11-24', day_total: 0, jobs_count: 0 },
  ],
  nextInvoicePreview: {
    invoice_date: '2026-12-02',
    due_date: '2026-12-09',
    completed_amount: 447.5,
    pending_amount: 338,
    total_amount: 785.5,
    week_period: '23/11/2026 a 29/11/2026',
  },
  summary: { open: 4, filled: 2, completed: 10, total: 16 },
};

type Schema = { safeParse: (value: unknown) => { success: boolean; data?: unknown } };

/** The reader answers as its schema does: the same value, or a refusal. Returns the schema's verdict. */
function agree(reader: AnswerSchema<unknown>, schema: Schema, value: unknown): boolean {
  const expected = schema.safeParse(value);
  const read = reader.safeParse(value);
  expect(read.success).toBe(expected.success);
  if (expected.success && read.success) expect(read.data).toEqual(expected.data);
  return expected.success;
}

/** Every way a field can come broken (or merely different) on the wire. */
const VARIANTS: unknown[] = [undefined, null, 'x', '', 1.5, -1, 0, 2 ** 60, true, [], {}, '2026-13-40'];

/** Copies of `value` with one field of the object at `path` replaced, for every field and variant. */
function variantsOf(value: object, path: (string | number)[]): unknown[] {
  const at = (root: unknown) =>
    path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root) as Record<
      string,
      unknown
    >;
  return Object.keys(at(value)).flatMap((key) =>
    VARIANTS.map((variant) => {
      const copy = structuredClone(value);
      if (variant === undefined) delete at(copy)[key];
      else at(copy)[key] = variant;
      return copy;
    }),
  );
}

const cases: {
  name: string;
  reader: AnswerSchema<unknown>;
  schema: Schema;
  good: object;
  paths: (string | number)[][];
}[] = [
  {
    name: 'the profile',
    reader: RESTAURANT_PROFILE,
    schema: RestaurantProfileSchema,
    good: profile,
    paths: [[]],
  },
  {
    name: 'the waiting requests',
    reader: PENDING_REQUESTS,
    schema: PendingShiftRequestsSchema,
    good: { count: 3, checkIns: 2, checkOuts: 1 },
    paths: [[]],
  },
  {
    name: 'the spending figures',
    reader: SPENDING_ANALYTICS,
    schema: RestaurantSpendingAnalyticsSchema,
    good: figures,
    paths: [
      [],
      ['currentWeek'],
      ['currentMonth'],
      ['previousMonth'],
      ['dailyBreakdown', 0],
      ['nextInvoicePreview'],
      ['summary'],
    ],
  },
  {
    name: 'the stores and the role',
    reader: BUSINESS_STORES,
    schema: BusinessStoresSchema,
    good: {
      member_role: 'owner',
      billing_mode: 'centralized',
      items: [
        { id: 1, name: 'Loja Centro', is_active: true, open_vacancies: 3 },
        { id: 2, name: 'Loja Norte', is_active: false, open_vacancies: 0 },
      ],
    },
    paths: [[], ['items', 0]],
  },
];

describe('the answers the panel reads without zod', () => {
  it.each(cases)(
    '$name: read as the schema reads it, with only the contract fields',
    ({ reader, schema, good }) => {
      expect(agree(reader, schema, good)).toBe(true);
      const extra = { ...good, secret: 'x' };
      expect(agree(reader, schema, extra)).toBe(true);
      expect(reader.safeParse(extra)).toEqual({ success: true, data: good });
    },
  );

  it.each(cases)(
    '$name: every field broken in every way, answered as the schema answers',
    ({ reader, schema, good, paths }) => {
      let refused = 0;
      for (const path of paths)
        for (const value of variantsOf(good, path)) if (!agree(reader, schema, value)) refused++;
      expect(refused).toBeGreaterThan(0);
      for (const value of [null, [], 'x', 1, [good]]) expect(agree(reader, schema, value)).toBe(false);
    },
  );

  it('keeps only the contract fields of nested objects', () => {
    const extra = { ...figures, summary: { ...figures.summary, cancelled: 1 } };
    expect(agree(SPENDING_ANALYTICS, RestaurantSpendingAnalyticsSchema, extra)).toBe(true);
    expect(SPENDING_ANALYTICS.safeParse(extra)).toEqual({ success: true, data: figures });
  });
});
