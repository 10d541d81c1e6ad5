import {
  decodeCursor,
  type EntityManager,
  pageOf,
  readPageAndTotal,
  UTC_ISO,
  UTC_MICROSECONDS,
} from '@turno/core';
import type { PendingAction, PendingActionsPage, PendingActionsQuerySchema } from '@turno/contracts';
import type { z } from 'zod';

/** Reads of the admin command centre beside its job list (jobs.queries.ts). */

export type PendingActionsFilter = z.output<typeof PendingActionsQuerySchema>;

interface PendingActionDbRow extends Omit<PendingAction, 'id'> {
  requested_key: string;
}

/**
 * The request a shift waits on: a check-out request without check-out, else a check-in request
 * without check-in (a check-out needs a check-in, so a shift waits on one at most).
 */
const REQUESTED_AT = `case when a.checkout_requested_at is not null and a.check_out_at is null
  then a.checkout_requested_at else a.checkin_requested_at end`;

/**
 * The urgent pending-actions area (spec 02 §2 and §4): shifts in progress with a check-in or a
 * check-out request waiting, oldest request first, a keyset page at a time.
 */
export async function listPendingActionsPage(
  em: EntityManager,
  query: PendingActionsFilter,
): Promise<PendingActionsPage> {
  const cursor = decodeCursor(query.cursor, ['string', 'number']);
  const waiting = `a.status in ('assigned', 'in_progress')
    and ((a.checkin_requested_at is not null and a.check_in_at is null)
      or (a.checkout_requested_at is not null and a.check_out_at is null and a.check_in_at is not null))`;
  // One statement: the page and its total.
  const { rows, total } = await readPageAndTotal<PendingActionDbRow>(
    em,
    {
      sql: `select * from (
         select j.id as job_id, a.id as assignment_id, j.title, r.business_name as restaurant_name,
           f.name as freelancer_name, to_char(j.date_needed, 'YYYY-MM-DD') as date_needed,
           j.start_time, j.end_time,
           case when a.check_in_at is null then 'check_in' else 'check_out' end as action,
           ${UTC_ISO(REQUESTED_AT)} as requested_at, ${UTC_MICROSECONDS(REQUESTED_AT)} as requested_key,
           ${REQUESTED_AT} as requested
         from assignments a
           join jobs j on j.id = a.job_id
           join restaurants r on r.id = j.restaurant_id
           join freelancers f on f.id = a.freelancer_id
         where ${waiting}) p
       ${cursor ? 'where (p.requested, p.assignment_id) > (?::timestamptz, ?)' : ''}
       order by p.requested, p.assignment_id limit ?`,
      params: [...(cursor ?? []), query.limit + 1],
    },
    { sql: `select count(*) as total from assignments a where ${waiting}`, params: [] },
  );
  const page = pageOf(
    rows,
    query.limit,
    (row) => [row.requested_key, row.assignment_id],
    (row): PendingAction => ({
      id: row.assignment_id,
      job_id: row.job_id,
      assignment_id: row.assignment_id,
      title: row.title,
      restaurant_name: row.restaurant_name,
      freelancer_name: row.freelancer_name,
      date_needed: row.date_needed,
      start_time: row.start_time,
      end_time: row.end_time,
      action: row.action,
      requested_at: row.requested_at,
    }),
  );
  return { ...page, total };
}

/**
 * Pending applications per job among `jobIds` (the application-count badges): those not yet
 * expired at `now`. Jobs without one answer 0.
 */
export async function pendingApplicationCounts(
  em: EntityManager,
  jobIds: readonly number[],
  now: Date = new Date(),
): Promise<Record<string, number>> {
  const counts: Record<string, number> = Object.fromEntries(jobIds.map((id) => [String(id), 0]));
  if (jobIds.length === 0) return counts;
  const rows = await em.getConnection().execute<{ job_id: number; pending: string }[]>(
    `select job_id, count(*) as pending from applications
     where job_id = any(?::int[]) and status = 'pending' and expires_at > ?
     group by job_id`,
    [`{${jobIds.join(',')}}`, now],
  );
  for (const row of rows) counts[String(row.job_id)] = Number(row.pending);
  return counts;
}
