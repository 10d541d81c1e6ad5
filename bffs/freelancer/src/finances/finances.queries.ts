import {
  decodeCursor,
  type EntityManager,
  type ListReadOptions,
  pageOf,
  readPageAndCounts,
  SqlWhere,
  UTC_ISO,
  UTC_MICROSECONDS,
  VersionedCache,
} from '@turno/core';
import type {
  PaymentHistoryEntry,
  PaymentHistoryPage,
  PaymentHistoryQuerySchema,
  PaymentPayoutLine,
} from '@turno/contracts';
import {
  MESSAGES,
  billingWeekOfDate,
  MS_PER_DAY,
  PAYMENT_HISTORY_WINDOW_DAYS,
  type PayoutStatus,
  type PixSendFailureReason,
  ratingAllowed,
  saoPauloDate,
  saoPauloDateTimeToInstant,
  toReais,
} from '@turno/domain';
import type { z } from 'zod';

export type PaymentHistoryFilter = z.output<typeof PaymentHistoryQuerySchema>;
type Totals = PaymentHistoryPage['totals'];

interface PaymentDbRow {
  id: number;
  title: string;
  restaurant_name: string;
  date_needed: string;
  check_out_time: string;
  completed_key: string;
  completed_at: string;
  payout_cents: number;
  late_cancellation: boolean;
  rated: boolean;
  payout_status: PayoutStatus | null;
  payout_paid_at: string | null;
  payout_failure_reason: PixSendFailureReason | null;
  payout_held_until: string | null;
  payout_amount_cents: number | null;
  payout_deducted_cents: number | null;
  payout_lines: PayoutLineDbRow[] | null;
}

interface PayoutLineDbRow {
  kind: 'complement' | 'deduction';
  amount_cents: number;
  status: PaymentPayoutLine['status'];
  paid_at: string | null;
  failure_reason: PaymentPayoutLine['failure_reason'];
  held_until: string | null;
  deducted_cents: number;
  remaining_cents: number | null;
}

/**
 * The complements and deductions of assignment `a` (issue 25: a timesheet corrected after its
 * payout left), oldest first, as JSON; null when there is none (nearly always).
 */
const PAYOUT_LINES = `(select json_agg(l order by l.created_at, l.kind) from (
    select 'complement' as kind, c.amount_cents, c.status, ${UTC_ISO('c.paid_at')} as paid_at,
      c.failure_reason, ${UTC_ISO('c.held_until')} as held_until, c.deducted_cents,
      null::int as remaining_cents, c.created_at
    from payouts c where c.assignment_id = a.id and c.kind = 'complement'
    union all
    select 'deduction', -d.amount_cents, null, ${UTC_ISO('d.settled_at')}, null, null, 0, d.remaining_cents,
      d.created_at
    from payout_deductions d where d.assignment_id = a.id) l)`;

const toLine = (line: PayoutLineDbRow): PaymentPayoutLine => ({
  kind: line.kind,
  amount: toReais(line.amount_cents),
  status: line.status,
  paid_at: line.paid_at,
  failure_reason: line.failure_reason,
  held_until: line.held_until,
  deducted: toReais(line.deducted_cents),
  remaining: line.remaining_cents === null ? null : toReais(line.remaining_cents),
});

/**
 * What pays the freelancer: a completed shift (its payout, when completed) and a late cancellation
 * by the business (its share of the fee, when cancelled; issue 23).
 */
const PAID = (a: string) =>
  `(${a}.status = 'completed' or (${a}.status = 'cancelled' and ${a}.cancellation_payout_cents > 0))`;
const PAID_AT = (a: string) => `coalesce(${a}.completed_at, ${a}.cancelled_at)`;
const PAYOUT = (a: string) =>
  `(case when ${a}.status = 'completed' then ${a}.freelancer_payout_cents else ${a}.cancellation_payout_cents end)`;

const totalsCache = new VersionedCache<Totals>();

/** The first instants of this Sao Paulo week (Monday) and month, at `now`. */
function periodStarts(now: Date): { week: Date; month: Date } {
  const today = saoPauloDate(now);
  return {
    week: saoPauloDateTimeToInstant(billingWeekOfDate(today).weekStart, '00:00'),
    month: saoPauloDateTimeToInstant(`${today.slice(0, 8)}01`, '00:00'),
  };
}

/**
 * The freelancer's payment history (spec 01 "Finanças"): completed shifts whose payment was
 * released in the last 30 days, newest first, each with whether the freelancer already rated the
 * business and may still do so, and its Pix payout's state (issue 25: the assignment's `shift`
 * payout, left-joined, with its complements and deductions after a timesheet correction); the totals of this week and this month (Sao Paulo), by release day.
 */
export async function listPaymentHistoryPage(
  em: EntityManager,
  freelancerId: number,
  query: PaymentHistoryFilter,
  options: ListReadOptions,
): Promise<PaymentHistoryPage> {
  const { now } = options;
  const since = new Date(now.getTime() - PAYMENT_HISTORY_WINDOW_DAYS * MS_PER_DAY);
  const where = new SqlWhere()
    .add('a.freelancer_id = ?', freelancerId)
    .add(PAID('a'))
    .add(`${PAID_AT('a')} >= ?`, since);
  const key = decodeCursor(query.cursor, ['string', 'number']);
  if (key) where.add(`(${PAID_AT('a')}, a.id) < (?::timestamptz, ?)`, ...key);
  const starts = periodStarts(now);
  const totalsKey = JSON.stringify(['payment-totals', freelancerId, starts.week, starts.month]);

  // One statement: the page, the window's count and, unless kept for this data version, the totals.
  const keptTotals = totalsCache.peek(totalsKey, options.dataVersion);
  const { rows, counts } = await readPageAndCounts<PaymentDbRow>(
    em,
    {
      sql: `select a.id, j.title, r.business_name as restaurant_name,
         to_char(j.date_needed, 'YYYY-MM-DD') as date_needed,
         ${UTC_ISO(`coalesce(a.check_out_at, ${PAID_AT('a')})`)} as check_out_time,
         ${UTC_MICROSECONDS(PAID_AT('a'))} as completed_key,
         ${UTC_ISO(PAID_AT('a'))} as completed_at,
         ${PAYOUT('a')} as payout_cents, a.status = 'cancelled' as late_cancellation,
         exists (select 1 from ratings x where x.assignment_id = a.id and x.rater_type = 'freelancer') as rated,
         p.status as payout_status, ${UTC_ISO('p.paid_at')} as payout_paid_at,
         p.failure_reason as payout_failure_reason, ${UTC_ISO('p.held_until')} as payout_held_until,
         p.amount_cents as payout_amount_cents, p.deducted_cents as payout_deducted_cents,
         ${PAYOUT_LINES} as payout_lines
       from assignments a
       join jobs j on j.id = a.job_id
       join restaurants r on r.id = j.restaurant_id
       left join payouts p on p.assignment_id = a.id and p.kind = 'shift'
       ${where.sql()}
       order by ${PAID_AT('a')} desc, a.id desc limit ?`,
      params: [...where.params, query.limit + 1],
    },
    {
      // The 30-day window moves with time: its count is not kept (one index range).
      sql: `select (select count(*) from assignments a
          where a.freelancer_id = ? and ${PAID('a')} and ${PAID_AT('a')} >= ?) as total
        ${
          keptTotals
            ? ''
            : `, t.week, t.month from (
           select coalesce(sum(${PAYOUT('a')}) filter (where ${PAID_AT('a')} >= ?), 0) as week,
             coalesce(sum(${PAYOUT('a')}) filter (where ${PAID_AT('a')} >= ?), 0) as month
           from assignments a
           where a.freelancer_id = ? and ${PAID('a')} and ${PAID_AT('a')} >= least(?::timestamptz, ?::timestamptz)) t`
        }`,
      params: [
        freelancerId,
        since,
        ...(keptTotals ? [] : [starts.week, starts.month, freelancerId, starts.week, starts.month]),
      ],
    },
  );
  const totals = keptTotals ?? {
    week: toReais(Number(counts?.week ?? 0)),
    month: toReais(Number(counts?.month ?? 0)),
  };
  if (!keptTotals) totalsCache.set(totalsKey, options.dataVersion, totals);
  const page = pageOf(
    rows,
    query.limit,
    (row) => [row.completed_key, row.id],
    (row): PaymentHistoryEntry => ({
      id: row.id,
      title: row.late_cancellation ? `${MESSAGES.shiftRelease.payoutLabel} — ${row.title}` : row.title,
      restaurant_name: row.restaurant_name,
      date_needed: row.date_needed,
      check_out_time: row.check_out_time,
      freelancer_payment_amount: toReais(row.payout_cents),
      rated: row.rated,
      can_rate: !row.late_cancellation && !row.rated && ratingAllowed(new Date(row.completed_at), now),
      payout_status: row.payout_status,
      payout_paid_at: row.payout_paid_at,
      payout_failure_reason: row.payout_failure_reason,
      payout_held_until: row.payout_held_until,
      payout_amount: row.payout_amount_cents === null ? null : toReais(row.payout_amount_cents),
      payout_deducted: row.payout_deducted_cents === null ? null : toReais(row.payout_deducted_cents),
      payout_lines: row.payout_lines?.map(toLine) ?? [],
    }),
  );
  return { ...page, total: Number(counts?.total ?? 0), totals };
}
