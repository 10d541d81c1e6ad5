import {
  containsPattern,
  countsOf,
  decodeCursor,
  foldedMatch,
  pageOf,
  readPageAndCounts,
  SqlWhere,
  UTC_ISO,
  UTC_MICROSECONDS,
  type EntityManager,
} from '@turno/core';
import {
  PAYOUT_PERIOD_DEFAULT_DAYS,
  type AdminPayout,
  type AdminPayoutsExportQuerySchema,
  type AdminPayoutsPage,
  type AdminPayoutsQuerySchema,
  type PayoutDayTotal,
} from '@turno/contracts';
import {
  addDays,
  saoPauloDate,
  saoPauloDateTimeToInstant,
  toReais,
  type PayoutEntryKind,
  type PayoutStatus,
  type PixSendFailureReason,
} from '@turno/domain';
import type { z } from 'zod';

export type AdminPayoutsFilter = z.output<typeof AdminPayoutsQuerySchema>;
export type AdminPayoutsExportFilter = z.output<typeof AdminPayoutsExportQuerySchema>;

interface PayoutDbRow {
  id: number;
  kind: PayoutEntryKind;
  deducted_cents: number;
  remaining_cents: number | null;
  assignment_id: number;
  freelancer_id: number;
  freelancer_name: string;
  job_title: string;
  restaurant_name: string;
  date_needed: string;
  amount_cents: number;
  status: PayoutStatus;
  attempt: number;
  pix_key: string | null;
  failure_reason: PixSendFailureReason | null;
  failure_code: string | null;
  held_until: string | null;
  paid_at: string | null;
  paid_outside_reason: string | null;
  created_at: string;
  created_key: string;
  sort_id: number;
}

/** The period asked for, or the last 30 days (São Paulo) at `now`. */
export function payoutPeriod(
  filter: { from?: string; to?: string },
  now: Date,
): { from: string; to: string } {
  if (filter.from && filter.to) return { from: filter.from, to: filter.to };
  const today = saoPauloDate(now);
  return { from: addDays(today, 1 - PAYOUT_PERIOD_DEFAULT_DAYS), to: today };
}

/**
 * The payouts `p` of the filters (state, created in the São Paulo period, freelancer's name), with
 * their freelancer `f`, assignment `a`, job `j` and business `r`. The period is an index range on
 * `payouts_created_at_index` (and `payout_deductions_created_at_index`: PostgreSQL pushes it into
 * both arms of ENTRIES).
 */
function scopeOf(filter: AdminPayoutsExportFilter, period: { from: string; to: string }): SqlWhere {
  const where = new SqlWhere()
    .add('p.created_at >= ?', saoPauloDateTimeToInstant(period.from, '00:00'))
    .add('p.created_at < ?', saoPauloDateTimeToInstant(addDays(period.to, 1), '00:00'));
  if (filter.status !== 'all') where.add('p.status = ?', filter.status);
  if (filter.q) where.add(foldedMatch(['f.search_text']), containsPattern(filter.q));
  return where;
}

/**
 * The lines of "Repasses" (issue 25): every payout (`shift` or `complement`) and every deduction a
 * freelancer owes after a timesheet cut (kind `deduction`, its amount negative, `pending` while some
 * is still owed and `paid` once the next payouts took all of it). `sort_id` orders and pages both
 * kinds apart (ids of two tables).
 */
const ENTRIES = `(
  select id, id * 2 as sort_id, kind, assignment_id, freelancer_id, amount_cents, deducted_cents,
    null::int as remaining_cents, status, attempt, pix_key, failure_reason, failure_code, held_until, paid_at,
    paid_outside_reason, created_at
  from payouts
  union all
  select id, id * 2 + 1, 'deduction', assignment_id, freelancer_id, -amount_cents, 0, remaining_cents,
    case when remaining_cents > 0 then 'pending' else 'paid' end, 0, null, null, null, null, settled_at, null,
    created_at
  from payout_deductions)`;

const FROM = `from ${ENTRIES} p
  join freelancers f on f.id = p.freelancer_id
  join assignments a on a.id = p.assignment_id
  join jobs j on j.id = a.job_id
  join restaurants r on r.id = j.restaurant_id`;

const toPayout = (row: PayoutDbRow): AdminPayout => ({
  id: row.id,
  kind: row.kind,
  deducted: toReais(row.deducted_cents),
  remaining: row.remaining_cents === null ? null : toReais(row.remaining_cents),
  assignment_id: row.assignment_id,
  freelancer_id: row.freelancer_id,
  freelancer_name: row.freelancer_name,
  job_title: row.job_title,
  restaurant_name: row.restaurant_name,
  date_needed: row.date_needed,
  amount: toReais(row.amount_cents),
  status: row.status,
  attempt: row.attempt,
  pix_key: row.pix_key,
  failure_reason: row.failure_reason,
  failure_code: row.failure_code,
  held_until: row.held_until,
  paid_at: row.paid_at,
  paid_outside_reason: row.paid_outside_reason,
  created_at: row.created_at,
});

/**
 * GET /api/admin/payouts ("Repasses", issue 25): one page of the filtered payouts, newest first
 * (keyset on created instant and id), with the filtered set's count and sum and its totals per São
 * Paulo day (count and sum, newest day first). One statement: the page, the counts and the days.
 */
export async function listAdminPayoutsPage(
  em: EntityManager,
  filter: AdminPayoutsFilter,
  now: Date,
  options: { counts?: boolean } = {},
): Promise<AdminPayoutsPage> {
  const period = payoutPeriod(filter, now);
  const scope = scopeOf(filter, period);
  const where = scope.copy();
  const cursor = decodeCursor(filter.cursor, ['string', 'number']);
  if (cursor) where.add('(p.created_at, p.sort_id) < (?::timestamptz, ?)', ...cursor);
  const day = `to_char((p.created_at at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD')`;
  const { rows, counts } = await readPageAndCounts<PayoutDbRow>(
    em,
    {
      sql: `select p.id, p.sort_id, p.kind, p.deducted_cents, p.remaining_cents, p.assignment_id, p.freelancer_id, f.name as freelancer_name, j.title as job_title,
          r.business_name as restaurant_name, to_char(j.date_needed, 'YYYY-MM-DD') as date_needed,
          p.amount_cents, p.status, p.attempt, p.pix_key, p.failure_reason, p.failure_code,
          ${UTC_ISO('p.held_until')} as held_until, ${UTC_ISO('p.paid_at')} as paid_at,
          p.paid_outside_reason, ${UTC_ISO('p.created_at')} as created_at,
          ${UTC_MICROSECONDS('p.created_at')} as created_key
        ${FROM} ${where.sql()}
        order by p.created_at desc, p.sort_id desc limit ?`,
      params: [...where.params, filter.limit + 1],
    },
    options.counts === false
      ? null
      : {
          // The totals are of the payouts (what leaves by Pix); the page's count has the deductions too.
          sql: `select count(*) as total, count(*) filter (where s.kind <> 'deduction') as payouts,
              coalesce(sum(s.amount_cents) filter (where s.kind <> 'deduction'), 0) as amount_cents,
              coalesce((select json_agg(d order by d.date desc) from (
                select ${day} as date, count(*) as count, sum(p.amount_cents) as amount_cents
                  ${FROM} ${scope.sql()} and p.kind <> 'deduction' group by 1) d), '[]'::json) as days
            from (select p.kind, p.amount_cents ${FROM} ${scope.sql()}) s`,
          params: [...scope.params, ...scope.params],
        },
  );
  const totals = countsOf(counts as Record<string, number> | undefined, ['total', 'payouts', 'amount_cents']);
  const days = (
    (counts?.days as { date: string; count: number; amount_cents: number }[] | undefined) ?? []
  ).map((entry): PayoutDayTotal => ({
    date: entry.date,
    count: Number(entry.count),
    amount: toReais(Number(entry.amount_cents)),
  }));
  const page = pageOf(rows, filter.limit, (row) => [row.created_key, row.sort_id], toPayout);
  return {
    ...page,
    total: totals.total,
    period,
    totals: { count: totals.payouts, amount: toReais(totals.amount_cents) },
    days,
  };
}

/** Every payout of the filters, page after page of the list's own read (200 at a time, no counts). */
export async function* allAdminPayouts(
  em: EntityManager,
  filter: AdminPayoutsExportFilter,
  now: Date,
  pageSize: number,
): AsyncGenerator<AdminPayout> {
  let cursor: string | undefined;
  do {
    const page = await listAdminPayoutsPage(em, { ...filter, cursor, limit: pageSize }, now, {
      counts: false,
    });
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
