import { type Actor, type EntityManager, getDailyMetrics, PENDING_JOB } from '@turno/core';
import type { DailyMetrics as DailyMetricsContract } from '@turno/contracts';
import { addDays, daysBetween, saoPauloDate, toReais } from '@turno/domain';

/**
 * The "Central de Métricas Admin" figures (getDailyMetrics: today or this Monday–Sunday) plus one
 * point per day of the period for its chart: completed revenue and commission, and the revenue
 * scheduled work will add. "Scheduled" is getDailyMetrics' pending work (core's PENDING_JOB: assigned,
 * or open from today on, not completed, not cancelled). Two grouped statements whatever the number of jobs.
 */
export async function getDailyMetricsWithDays(
  em: EntityManager,
  actor: Actor,
  input: { filter?: string | null } = {},
  now: Date = new Date(),
): Promise<DailyMetricsContract> {
  const metrics = await getDailyMetrics(em, actor, input, now);
  const params = [metrics.startDate, metrics.endDate];
  const connection = em.getConnection();
  const [completed, scheduled] = await Promise.all([
    connection.execute<{ date: string; jobs: number; charge: number; commission: number }[]>(
      `select to_char(j.date_needed, 'YYYY-MM-DD') as date, count(*)::int as jobs,
              sum(a.restaurant_charge_cents)::int as charge, sum(a.commission_cents)::int as commission
         from assignments a join jobs j on j.id = a.job_id
        where a.status = 'completed' and j.date_needed between ?::date and ?::date
        group by j.date_needed`,
      params,
    ),
    connection.execute<{ date: string; jobs: number; charge: number }[]>(
      `select to_char(j.date_needed, 'YYYY-MM-DD') as date, count(*)::int as jobs, sum(j.charge_cents)::int as charge
         from jobs j
        where j.date_needed between ?::date and ?::date and ${PENDING_JOB}
        group by j.date_needed`,
      [...params, saoPauloDate(now)],
    ),
  ]);
  const doneByDay = new Map(completed.map((row) => [row.date, row]));
  const scheduledByDay = new Map(scheduled.map((row) => [row.date, row]));
  const days = Array.from({ length: daysBetween(metrics.startDate, metrics.endDate) + 1 }, (_, index) => {
    const date = addDays(metrics.startDate, index);
    const done = doneByDay.get(date);
    const pending = scheduledByDay.get(date);
    return {
      date,
      revenue: toReais(done?.charge ?? 0),
      commission: toReais(done?.commission ?? 0),
      projectedRevenue: toReais(pending?.charge ?? 0),
      completedJobs: done?.jobs ?? 0,
      scheduledJobs: pending?.jobs ?? 0,
    };
  });
  return { ...metrics, filter: metrics.filter, days };
}
