import { z } from 'zod';
import {
  PAYOUT_ENTRY_KINDS,
  PAYOUT_MESSAGES,
  PAYOUT_STATUSES,
  PIX_SEND_FAILURE_REASONS,
  daysBetween,
} from '@turno/domain';
import { Id, IsoDate, Money, Timestamp } from './common';
import { PageQuery, SearchText, pageSchema } from './lists';

/**
 * The admin's "Repasses" (issue 25, admin-billing): the Pix payouts to freelancers, filtered by
 * state, period (created date, São Paulo) and freelancer name, with the totals per day, and the
 * actions retry (failed), release (held) and mark paid outside the platform (with a reason).
 */

export const PAYOUT_LIST_STATUS_FILTERS = ['all', ...PAYOUT_STATUSES] as const;
export type PayoutListStatusFilter = (typeof PAYOUT_LIST_STATUS_FILTERS)[number];

/** The longest period the list and its totals per day cover. */
export const PAYOUT_PERIOD_MAX_DAYS = 366;
/** The period when none is given: the last 30 days (today included). */
export const PAYOUT_PERIOD_DEFAULT_DAYS = 30;

const PayoutFilters = {
  status: z.enum(PAYOUT_LIST_STATUS_FILTERS).default('all'),
  /** The first and last created day (São Paulo) of the period; both or neither (the last 30 days). */
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  /** Part of the freelancer's name (accents and case ignored). */
  q: SearchText,
};

/** A calendar day that exists (IsoDate checks the shape only: 2026-02-31 is no day). */
const isRealDay = (day: string) => {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
};
const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Both ends or neither, each a real day, `from` ≤ `to`, at most 366 days. Runs after a shape
 * refusal too (zod keeps refining a dirty object): a malformed end is left to its own issue.
 */
function checkPeriod(value: { from?: unknown; to?: unknown }, ctx: z.RefinementCtx): void {
  const { from, to } = value;
  if (from === undefined || to === undefined) {
    if (from !== to)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['from'], message: PAYOUT_MESSAGES.invalidPeriod });
    return;
  }
  if (typeof from !== 'string' || typeof to !== 'string' || !DAY_SHAPE.test(from) || !DAY_SHAPE.test(to))
    return;
  for (const [key, day] of [
    ['from', from],
    ['to', to],
  ] as const)
    if (!isRealDay(day))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: 'Data inválida (use AAAA-MM-DD)' });
  if (!isRealDay(from) || !isRealDay(to)) return;
  const days = daysBetween(from, to);
  if (days < 0)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['from'], message: PAYOUT_MESSAGES.invalidPeriod });
  else if (days >= PAYOUT_PERIOD_MAX_DAYS)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['to'], message: PAYOUT_MESSAGES.periodTooLong });
}

// GET /api/admin/payouts
export const AdminPayoutsQuerySchema = z.object({ ...PageQuery, ...PayoutFilters }).superRefine(checkPeriod);
export type AdminPayoutsQuery = z.input<typeof AdminPayoutsQuerySchema>;

// GET /api/admin/exports/payouts.xlsx — the list's filters, every row
export const AdminPayoutsExportQuerySchema = z.object(PayoutFilters).superRefine(checkPeriod);

/**
 * One line of "Repasses": a payout (`kind` `shift` or `complement`: a timesheet raised after the
 * shift's payout left) or a deduction (`deduction`: a timesheet cut after it left, what the
 * freelancer owes; `id` is the deduction's, `amount` negative, `remaining` what the next payouts
 * have not taken yet, `status` `pending` while some is owed and `paid` once all was taken; no
 * action applies to it). `amount` of a payout is what is (was) sent by Pix, `deducted` what its
 * freelancer's deductions took from it. The three are additive (issue 25, timesheet corrections):
 * optional (absent from an older server: a shift payout, nothing deducted).
 */
export const AdminPayoutSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYOUT_ENTRY_KINDS).optional(),
  deducted: Money.optional(),
  remaining: Money.nullish(),
  assignment_id: z.number().int(),
  freelancer_id: z.number().int(),
  freelancer_name: z.string(),
  job_title: z.string(),
  restaurant_name: z.string(),
  date_needed: IsoDate,
  amount: Money,
  status: z.enum(PAYOUT_STATUSES),
  attempt: z.number().int(),
  pix_key: z.string().nullable(),
  failure_reason: z.enum(PIX_SEND_FAILURE_REASONS).nullable(),
  failure_code: z.string().nullable(),
  held_until: Timestamp.nullable(),
  paid_at: Timestamp.nullable(),
  paid_outside_reason: z.string().nullable(),
  created_at: Timestamp,
});
export type AdminPayout = z.infer<typeof AdminPayoutSchema>;

/** The payouts created on one São Paulo day of the filtered period: how many and their sum. */
export const PayoutDayTotalSchema = z.object({
  date: IsoDate,
  count: z.number().int().nonnegative(),
  amount: Money,
});
export type PayoutDayTotal = z.infer<typeof PayoutDayTotalSchema>;

/**
 * Newest first (created, then id); the period applied, its totals and its days (newest first). The
 * totals and the days count and sum the payouts (what leaves by Pix), not the deductions; `total`
 * (the list's length) has both.
 */
export const AdminPayoutsPageSchema = pageSchema(AdminPayoutSchema).extend({
  period: z.object({ from: IsoDate, to: IsoDate }),
  totals: z.object({ count: z.number().int().nonnegative(), amount: Money }),
  days: z.array(PayoutDayTotalSchema),
});
export type AdminPayoutsPage = z.infer<typeof AdminPayoutsPageSchema>;

// POST /api/admin/payouts/{id}/retry | /release | /mark-paid
export const PayoutIdParamsSchema = z.object({ id: Id });
export const PayoutMarkPaidRequestSchema = z.object({
  reason: z.string().trim().min(5, PAYOUT_MESSAGES.reasonRequired).max(500),
});
export type PayoutMarkPaidRequest = z.input<typeof PayoutMarkPaidRequestSchema>;

/** An action's answer: the payout's new state and what to tell the admin. */
export const PayoutActionResponseSchema = z.object({
  payoutId: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  message: z.string(),
});
export type PayoutActionResponse = z.infer<typeof PayoutActionResponseSchema>;
