/**
 * "Chamar de novo" (issue 26): the freelancers a business may invite — those who completed a shift
 * with it, are approved and available, not blocked by it, and under the monthly cap with it in the
 * month of the day asked (the same condition the staffing commands refuse by). Bounded, filtered and
 * ordered on the server: the most recent shift first.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { PAST_WORKERS_LIMIT, saoPauloDate } from '@turno/domain';
import { atMonthlyShiftCapSql } from '../rows/staffing-conditions';
import { containsPattern, foldedMatch } from '../shared/search';

export interface PastWorker {
  freelancer_id: number;
  name: string;
  profile_photo_url: string | null;
  /** Shifts completed with this business. */
  completed_shifts: number;
  /** The day of the last one ('YYYY-MM-DD'). */
  last_shift_date: string;
}

export interface PastWorkersQuery {
  /** A part of the name (case- and accent-insensitive). */
  q?: string;
  /** The day of the vacancy to be posted ('YYYY-MM-DD'): the cap is of its month. Default today. */
  date?: string;
  /** At most PAST_WORKERS_LIMIT. */
  limit?: number;
}

/** People who completed shifts with restaurant `restaurantId` and may be invited (see the module). */
export async function listPastWorkers(
  em: EntityManager,
  restaurantId: number,
  query: PastWorkersQuery,
  now: Date,
): Promise<PastWorker[]> {
  const limit = Math.min(Math.max(query.limit ?? PAST_WORKERS_LIMIT, 1), PAST_WORKERS_LIMIT);
  const atCap = atMonthlyShiftCapSql({ freelancer: 'f.id', restaurant: 'w.restaurant_id', date: 'w.day' });
  const search = query.q?.trim() ? `and ${foldedMatch(['turno_fold(f.name)'])}` : '';
  const rows = await em.getConnection().execute<
    {
      freelancer_id: number;
      name: string;
      profile_photo_url: string | null;
      completed_shifts: string | number;
      last_shift_date: string;
    }[]
  >(
    `with w as (select ?::int as restaurant_id, ?::date as day),
     worked as (
       select a.freelancer_id, count(*) as completed_shifts, max(j.date_needed) as last_day
         from assignments a join jobs j on j.id = a.job_id
        where j.restaurant_id = (select restaurant_id from w) and a.status = 'completed'
        group by a.freelancer_id
     )
     select f.id as freelancer_id, f.name, f.profile_photo_url, worked.completed_shifts,
            to_char(worked.last_day, 'YYYY-MM-DD') as last_shift_date
       from worked join freelancers f on f.id = worked.freelancer_id cross join w
      where f.is_approved and f.is_available
        and not exists (select 1 from blocks b where b.freelancer_id = f.id and b.restaurant_id = w.restaurant_id)
        and not ${atCap.sql}
        ${search}
      order by worked.last_day desc, f.id desc
      limit ?`,
    [
      restaurantId,
      query.date ?? saoPauloDate(now),
      ...atCap.params,
      ...(search ? [containsPattern(query.q!.trim())] : []),
      limit,
    ],
  );
  return rows.map((row) => ({
    freelancer_id: row.freelancer_id,
    name: row.name,
    profile_photo_url: row.profile_photo_url,
    completed_shifts: Number(row.completed_shifts),
    last_shift_date: row.last_shift_date,
  }));
}
