import type { EntityManager } from '@mikro-orm/postgresql';
import type { RestaurantSpendingAnalytics } from '@turno/contracts';
import { addDays, formatPeriodBR, saoPauloDate, toReais } from '@turno/domain';
import type { Actor } from '../shared/actor';
import { businessScopeOf, jobsInScopeSql, storeScopeOf } from '../shared/business-scope';
import { getSpendingAnalytics, monthBounds } from './analytics.service';

type RestaurantActor = Extract<Actor, { role: 'restaurant' }>;

/** The first and last day of the month before the month of `date` ('AAAA-MM-DD'). */
export function previousMonthBounds(date: string): { start: string; end: string } {
  const end = addDays(`${date.slice(0, 7)}-01`, -1);
  return { start: `${end.slice(0, 7)}-01`, end };
}

interface DashboardExtrasRow {
  open: number;
  filled: number;
  completed: number;
  previous_jobs: number;
  previous_cents: number;
  by_store: { store_id: number; store_name: string; cents: number; jobs: number }[];
}

/**
 * GET /api/restaurant/spending-analytics: the restaurant's spending analytics (week, month, daily
 * breakdown, next invoice: `getSpendingAnalytics`, two statements) plus what the Dashboard compares
 * them with — the previous month's completed work — and the summary counts of its vacancies (open,
 * filled, completed; cancelled left out) and this month's completed work by store (issue 28), in one
 * more set-based statement over the `(restaurant_id, date_needed, …)` index.
 */
export async function readRestaurantDashboard(
  em: EntityManager,
  actor: RestaurantActor,
  now: Date = new Date(),
  storeId?: number,
): Promise<RestaurantSpendingAnalytics> {
  // Chains (issue 28): the Dashboard's store selector narrows every figure but the split by store.
  const scope = await storeScopeOf(em, businessScopeOf(actor), storeId);
  const inScope = jobsInScopeSql('j', scope);
  const previous = previousMonthBounds(saoPauloDate(now));
  const month = monthBounds(saoPauloDate(now));
  const [analytics, [extras]] = await Promise.all([
    getSpendingAnalytics(em, actor, { storeIds: scope.storeIds }, now),
    em.getConnection().execute<DashboardExtrasRow[]>(
      `select count(*) filter (where j.status = 'open')::int as open,
              count(*) filter (where j.status = 'assigned')::int as filled,
              count(*) filter (where j.status = 'completed')::int as completed,
              count(a.id) filter (where j.date_needed between ?::date and ?::date)::int as previous_jobs,
              coalesce(sum(a.restaurant_charge_cents) filter (where j.date_needed between ?::date and ?::date), 0)::int
                as previous_cents,
              (select coalesce(json_agg(json_build_object('store_id', s.id, 'store_name', s.name,
                                                          'cents', m.cents, 'jobs', m.jobs)
                                        order by s.name, s.id), '[]'::json)
                 from stores s
                 cross join lateral (
                   select coalesce(sum(ma.restaurant_charge_cents), 0)::int as cents, count(ma.id)::int as jobs
                     from jobs mj join assignments ma on ma.job_id = mj.id and ma.status = 'completed'
                    where mj.restaurant_id = s.restaurant_id and mj.store_id = s.id
                      and mj.date_needed between ?::date and ?::date
                 ) m
                where s.restaurant_id = ? and (s.is_active or m.jobs > 0)) as by_store
         from jobs j
         left join assignments a on a.job_id = j.id and a.status = 'completed'
        where ${inScope.sql}`,
      [
        previous.start,
        previous.end,
        previous.start,
        previous.end,
        month.start,
        month.end,
        actor.restaurantId,
        ...inScope.params,
      ],
    ),
  ]);
  const row = extras ?? {
    open: 0,
    filled: 0,
    completed: 0,
    previous_jobs: 0,
    previous_cents: 0,
    by_store: [],
  };
  const { restaurantId: _restaurantId, currentWeek, currentMonth, ...rest } = analytics;
  return {
    ...rest,
    currentWeek: {
      period: currentWeek.period,
      week_start: currentWeek.week_start,
      week_end: currentWeek.week_end,
      total_spent: currentWeek.total_spent,
      completed_jobs: currentWeek.completed_jobs,
      avg_per_job: currentWeek.avg_per_job,
      pending_jobs: currentWeek.pending_jobs,
      potential_charges: currentWeek.potential_charges,
      projected_invoice: currentWeek.projected_invoice,
    },
    currentMonth,
    previousMonth: {
      period: formatPeriodBR(previous.start, previous.end),
      month_start: previous.start,
      month_end: previous.end,
      total_spent: toReais(row.previous_cents),
      completed_jobs: row.previous_jobs,
      avg_per_job: toReais(row.previous_jobs === 0 ? 0 : Math.round(row.previous_cents / row.previous_jobs)),
    },
    byStore: row.by_store.map((store) => ({
      store_id: store.store_id,
      store_name: store.store_name,
      total_spent: toReais(store.cents),
      completed_jobs: store.jobs,
    })),
    summary: {
      open: row.open,
      filled: row.filled,
      completed: row.completed,
      total: row.open + row.filled + row.completed,
    },
  };
}
