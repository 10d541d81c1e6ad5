/**
 * Spending analytics of a restaurant (spec 01 §3 / 02 §3) and the admin's daily metrics (spec 02 §2
 * "Metrics and command centre"; the detailed report is the admin-billing BFF's
 * `metrics/detailed-report.queries.ts`, on the same definitions).
 *
 * Definitions (the spec names the figures, these are the choices behind them):
 * - a job belongs to the day of its date_needed (Sao Paulo calendar), like billing;
 * - "completed" = its assignment is completed; amounts are the ones stored at completion;
 * - "pending" / "scheduled" = not completed, not cancelled, and still able to happen: assigned
 *   (whatever its date, it may still be checked out) or open with a date from today on. Its
 *   projected amounts come from the job's stored charge (libs/domain `reportRowAmountsCents`);
 * - money is summed in centavos and answered in reais.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  MESSAGES,
  addDays,
  billingWeek,
  formatPeriodBR,
  reportRowAmountsCents,
  saoPauloDate,
  toReais,
} from '@turno/domain';
import { requireRole } from '../shared/access';
import type { Actor } from '../shared/actor';
import { jobsInScopeSql } from '../shared/business-scope';
import { forbidden, invalid, notFound } from '../shared/domain-error';

// ---------------------------------------------------------------------------------------------
// Result types (the contracts package will mirror them)
// ---------------------------------------------------------------------------------------------

export interface SpendingAnalytics {
  restaurantId: number;
  currentWeek: {
    /** '16/11/2026 a 22/11/2026'. */
    period: string;
    week_start: string;
    week_end: string;
    completed_jobs: number;
    total_spent: number;
    avg_per_job: number;
    pending_jobs: number;
    potential_charges: number;
    /** total_spent + potential_charges. */
    projected_invoice: number;
  };
  currentMonth: {
    /** '01/11/2026 a 30/11/2026'. */
    period: string;
    month_start: string;
    month_end: string;
    completed_jobs: number;
    total_spent: number;
    avg_per_job: number;
  };
  /** The seven days of the current week, Monday first, completed work only. */
  dailyBreakdown: { date_needed: string; day_total: number; jobs_count: number }[];
  /** The invoice the current week will produce. */
  nextInvoicePreview: {
    /** Issue date: the Wednesday after the week. */
    invoice_date: string;
    due_date: string;
    completed_amount: number;
    pending_amount: number;
    total_amount: number;
    week_period: string;
  };
}

export type MetricsFilter = 'today' | 'week';

/** GET /api/admin/daily-metrics?filter=today|week (spec 02 §3 "Daily metrics"). */
export interface DailyMetrics {
  filter: MetricsFilter;
  startDate: string;
  endDate: string;
  /** Completed work in the period. */
  todayRevenue: number;
  todayFreelancerPayments: number;
  todayCommission: number;
  todayCompletedJobs: number;
  /** Pending work in the period (what it will bring when completed). */
  projectedRevenue: number;
  projectedFreelancerPayments: number;
  projectedCommission: number;
  todayScheduledJobs: number;
  /** Completed + pending. */
  totalProjectedRevenue: number;
  totalProjectedFreelancerPayments: number;
  totalProjectedCommission: number;
  totalJobsToday: number;
}

// ---------------------------------------------------------------------------------------------
// Shared SQL
// ---------------------------------------------------------------------------------------------

/**
 * Pending: not completed, not cancelled, and still able to happen (see the header). A condition on
 * `jobs j`; its one `?` is today's São Paulo date. Exported for the BFF reads that count pending work.
 */
export const PENDING_JOB = `j.status in ('open', 'assigned')
  and (j.status = 'assigned' or j.date_needed >= ?::date)
  and not exists (select 1 from assignments c where c.job_id = j.id and c.status = 'completed')`;

function averageCents(totalCents: number, count: number): number {
  return count === 0 ? 0 : Math.round(totalCents / count);
}

export function monthBounds(date: string): { start: string; end: string } {
  const start = `${date.slice(0, 7)}-01`;
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const nextMonth = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { start, end: addDays(nextMonth, -1) };
}

// ---------------------------------------------------------------------------------------------
// Restaurant spending analytics
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/restaurant/spending-analytics (the restaurant's own) and
 * GET /api/admin/restaurants/{id}/spending-analytics (an admin, any restaurant). Two queries.
 */
export async function getSpendingAnalytics(
  em: EntityManager,
  actor: Actor,
  input: {
    restaurantId?: number | null;
    /** Chains (issue 28): only these stores' work (the Dashboard's store selector); absent, every store. */
    storeIds?: readonly number[] | null;
  } = {},
  now: Date = new Date(),
): Promise<SpendingAnalytics> {
  let restaurantId: number;
  if (actor.role === 'restaurant') {
    if (input.restaurantId && input.restaurantId !== actor.restaurantId) {
      throw notFound('analytics.restaurant_not_found', MESSAGES.restaurants.notFound);
    }
    restaurantId = actor.restaurantId;
  } else if (actor.role === 'admin') {
    if (!input.restaurantId || !Number.isSafeInteger(input.restaurantId)) {
      throw notFound('analytics.restaurant_not_found', MESSAGES.restaurants.notFound);
    }
    restaurantId = input.restaurantId;
    const [exists] = await em.execute('select 1 from restaurants where id = ?', [restaurantId]);
    if (!exists) throw notFound('analytics.restaurant_not_found', MESSAGES.restaurants.notFound);
  } else {
    throw forbidden('forbidden', MESSAGES.common.forbidden);
  }

  const today = saoPauloDate(now);
  const week = billingWeek(now);
  const month = monthBounds(today);
  const from = week.weekStart < month.start ? week.weekStart : month.start;
  const to = week.weekEnd > month.end ? week.weekEnd : month.end;

  const scope = jobsInScopeSql('j', { restaurantId, storeIds: input.storeIds ?? null });
  const completedByDay = await em.execute<{ date_needed: string; jobs: number; total: number }[]>(
    `select j.date_needed::text as date_needed, count(*)::int as jobs, sum(a.restaurant_charge_cents)::int as total
       from assignments a join jobs j on j.id = a.job_id
      where a.status = 'completed' and ${scope.sql} and j.date_needed between ?::date and ?::date
      group by j.date_needed`,
    [...scope.params, from, to],
  );
  const [pending] = await em.execute<{ jobs: number; total: number }[]>(
    `select count(*)::int as jobs, coalesce(sum(j.charge_cents), 0)::int as total
       from jobs j
      where ${scope.sql} and j.date_needed between ?::date and ?::date and ${PENDING_JOB}`,
    [...scope.params, week.weekStart, week.weekEnd, today],
  );

  const byDay = new Map(completedByDay.map((row) => [row.date_needed, row]));
  const sumOver = (start: string, end: string) => {
    let jobs = 0;
    let cents = 0;
    for (const row of completedByDay) {
      if (row.date_needed >= start && row.date_needed <= end) {
        jobs += row.jobs;
        cents += row.total;
      }
    }
    return { jobs, cents };
  };
  const weekSpent = sumOver(week.weekStart, week.weekEnd);
  const monthSpent = sumOver(month.start, month.end);
  const pendingCents = pending?.total ?? 0;
  const weekPeriod = formatPeriodBR(week.weekStart, week.weekEnd);

  return {
    restaurantId,
    currentWeek: {
      period: weekPeriod,
      week_start: week.weekStart,
      week_end: week.weekEnd,
      completed_jobs: weekSpent.jobs,
      total_spent: toReais(weekSpent.cents),
      avg_per_job: toReais(averageCents(weekSpent.cents, weekSpent.jobs)),
      pending_jobs: pending?.jobs ?? 0,
      potential_charges: toReais(pendingCents),
      projected_invoice: toReais(weekSpent.cents + pendingCents),
    },
    currentMonth: {
      period: formatPeriodBR(month.start, month.end),
      month_start: month.start,
      month_end: month.end,
      completed_jobs: monthSpent.jobs,
      total_spent: toReais(monthSpent.cents),
      avg_per_job: toReais(averageCents(monthSpent.cents, monthSpent.jobs)),
    },
    dailyBreakdown: Array.from({ length: 7 }, (_, index) => {
      const date = addDays(week.weekStart, index);
      const row = byDay.get(date);
      return { date_needed: date, day_total: toReais(row?.total ?? 0), jobs_count: row?.jobs ?? 0 };
    }),
    nextInvoicePreview: {
      invoice_date: week.issueDate,
      due_date: week.dueDate,
      completed_amount: toReais(weekSpent.cents),
      pending_amount: toReais(pendingCents),
      total_amount: toReais(weekSpent.cents + pendingCents),
      week_period: weekPeriod,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Admin daily metrics
// ---------------------------------------------------------------------------------------------

/**
 * The admin's metrics for today or for the current billing week (Monday..Sunday). Two queries:
 * completed work (stored amounts) and pending work grouped by charge (payout by libs/domain).
 */
export async function getDailyMetrics(
  em: EntityManager,
  actor: Actor,
  input: { filter?: string | null } = {},
  now: Date = new Date(),
): Promise<DailyMetrics> {
  requireRole(actor, ['admin']);
  const filter = input.filter ?? 'today';
  if (filter !== 'today' && filter !== 'week') {
    throw invalid('analytics.invalid_filter', MESSAGES.analytics.invalidMetricsFilter);
  }
  const today = saoPauloDate(now);
  const week = billingWeek(now);
  const [startDate, endDate] = filter === 'today' ? [today, today] : [week.weekStart, week.weekEnd];

  const [completed] = await em.execute<
    { jobs: number; charge: number; payout: number; commission: number }[]
  >(
    `select count(*)::int as jobs,
            coalesce(sum(a.restaurant_charge_cents), 0)::int as charge,
            coalesce(sum(a.freelancer_payout_cents), 0)::int as payout,
            coalesce(sum(a.commission_cents), 0)::int as commission
       from assignments a join jobs j on j.id = a.job_id
      where a.status = 'completed' and j.date_needed between ?::date and ?::date`,
    [startDate, endDate],
  );
  const pendingByCharge = await em.execute<{ charge_cents: number; jobs: number }[]>(
    `select j.charge_cents, count(*)::int as jobs
       from jobs j
      where j.date_needed between ?::date and ?::date and ${PENDING_JOB}
      group by j.charge_cents`,
    [startDate, endDate, today],
  );

  let projectedJobs = 0;
  let projectedCharge = 0;
  let projectedPayout = 0;
  let projectedCommission = 0;
  for (const row of pendingByCharge) {
    projectedJobs += row.jobs;
    const amounts = reportRowAmountsCents({ completed: false, jobChargeCents: row.charge_cents });
    projectedCharge += amounts.chargeCents * row.jobs;
    projectedPayout += amounts.payoutCents * row.jobs;
    projectedCommission += amounts.commissionCents * row.jobs;
  }
  const done = completed ?? { jobs: 0, charge: 0, payout: 0, commission: 0 };

  return {
    filter,
    startDate,
    endDate,
    todayRevenue: toReais(done.charge),
    todayFreelancerPayments: toReais(done.payout),
    todayCommission: toReais(done.commission),
    todayCompletedJobs: done.jobs,
    projectedRevenue: toReais(projectedCharge),
    projectedFreelancerPayments: toReais(projectedPayout),
    projectedCommission: toReais(projectedCommission),
    todayScheduledJobs: projectedJobs,
    totalProjectedRevenue: toReais(done.charge + projectedCharge),
    totalProjectedFreelancerPayments: toReais(done.payout + projectedPayout),
    totalProjectedCommission: toReais(done.commission + projectedCommission),
    totalJobsToday: done.jobs + projectedJobs,
  };
}
