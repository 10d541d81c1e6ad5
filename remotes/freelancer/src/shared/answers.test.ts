import {
  ApplyResponseSchema,
  FreelancerJobsPageSchema,
  FreelancerJobsQuerySchema,
  FreelancerMeSchema,
  FreelancerShiftsPageSchema,
  type FreelancerShift,
} from '@turno/contracts';
import { type AnswerSchema } from '@turno/ui';
import { OPEN_JOBS_QUERY_DEFAULTS } from '../jobs/open-jobs';
import { ANA, VACANCY } from '../testing/fixtures';
import { APPLY_RESPONSE, FREELANCER_JOBS_PAGE, FREELANCER_ME, FREELANCER_SHIFTS_PAGE } from './answers';

// Vagas reads its answers without zod (answers.ts): these keep the readers in agreement with the
// contracts' schemas, on good answers and on every field of them broken in each way.

const shift: FreelancerShift = {
  id: 3,
  job_id: 41,
  title: 'Empacotador/Embalador',
  position_type: 'Empacotador/Embalador',
  description: null,
  date_needed: '2026-11-23',
  start_time: '08:00',
  end_time: '14:00',
  meal_time: null,
  recommended_attire: 'Calça preta',
  freelancer_payment_amount: 120.5,
  restaurant_name: 'Supermercado Bom Preço',
  restaurant_address: 'Rua Vergueiro, 100',
  assignment_status: 'completed',
  on_the_way_time: '2026-11-23T10:40:00.000Z',
  freelancer_checkin_request_time: '2026-11-23T10:58:00.000Z',
  check_in_time: '2026-11-23T11:00:00.000Z',
  freelancer_checkout_request_time: '2026-11-23T17:00:00.000Z',
  check_out_time: '2026-11-23T17:01:00.000Z',
  early_departure_paid_minutes: 300,
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
const VARIANTS: unknown[] = [
  undefined,
  null,
  'x',
  '',
  1.5,
  -1,
  0,
  2 ** 60,
  true,
  [],
  {},
  '2026-13-40',
  '24:00',
];

/** Copies of `value` with one field (at `path` inside it, every field of that object) replaced. */
function variantsOf(value: Record<string, unknown>, path: (string | number)[]): unknown[] {
  const target = path.reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], value);
  const out: unknown[] = [];
  for (const key of Object.keys(target as object))
    for (const variant of VARIANTS) {
      const copy = structuredClone(value);
      const parent = path.reduce<unknown>((at, k) => (at as Record<string, unknown>)[k], copy) as Record<
        string,
        unknown
      >;
      if (variant === undefined) delete parent[key];
      else parent[key] = variant;
      out.push(copy);
    }
  return out;
}

const cases: {
  name: string;
  reader: AnswerSchema<unknown>;
  schema: Schema;
  good: Record<string, unknown>;
  paths: (string | number)[][];
}[] = [
  {
    name: 'the profile',
    reader: FREELANCER_ME,
    schema: FreelancerMeSchema,
    good: { ...ANA, suspended_until: null, reliability_score: 87.5 },
    paths: [[]],
  },
  {
    name: 'the vacancies',
    reader: FREELANCER_JOBS_PAGE,
    schema: FreelancerJobsPageSchema,
    good: { items: [VACANCY, { ...VACANCY, id: 42, has_applied: true }], total: 2, nextCursor: 'abc' },
    paths: [[], ['items', 0]],
  },
  {
    name: 'the completed shifts',
    reader: FREELANCER_SHIFTS_PAGE,
    schema: FreelancerShiftsPageSchema,
    good: { items: [shift], total: 1, nextCursor: null, counts: { active: 0, completed: 1 } },
    paths: [[], ['items', 0], ['counts']],
  },
  {
    name: 'an application sent',
    reader: APPLY_RESPONSE,
    schema: ApplyResponseSchema,
    good: {
      success: true,
      message: 'Candidatura enviada!',
      application: {
        id: 5,
        job_id: 41,
        status: 'pending',
        applied_at: '2026-11-23T10:00:00.000Z',
        expires_at: '2026-11-24T10:00:00.000Z',
      },
    },
    paths: [[], ['application']],
  },
];

describe('the answers Vagas reads without zod', () => {
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

  it('keeps the vacancy list defaults of the query contract', () => {
    expect(OPEN_JOBS_QUERY_DEFAULTS).toEqual(FreelancerJobsQuerySchema.parse({}));
  });
});
