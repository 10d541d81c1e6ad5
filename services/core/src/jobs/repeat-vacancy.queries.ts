/**
 * "Repetir vaga" (issue 26): what the vacancy form is filled in with from one of the business's
 * vacancies, past or not — its position, workload, start, meal break, attire, description and how
 * many were posted together; the day proposed is its own when still ahead, else today (never a
 * past day: the business chooses).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { BUSINESS_QUANTITY_MAX, INVITATION_MESSAGES, repeatedVacancyDate, toWorkload } from '@turno/domain';
import { jobsInScopeSql, type BusinessScope } from '../shared/business-scope';
import { notFound } from '../shared/domain-error';

export interface RepeatableVacancy {
  job_id: number;
  position_type: string;
  /** Hours (libs/domain WORKLOADS); null when the stored length is none of them (an admin's odd edit). */
  workload: number | null;
  start_time: string;
  /**
   * How many were posted together: the business's vacancies of the same position, day, start, length
   * and description created within 100 ms of it (one form's rows are made in one flush), 1–5.
   */
  quantity: number;
  meal_time: string | null;
  recommended_attire: string | null;
  description: string | null;
  /** The day the form proposes ('YYYY-MM-DD'), today or later. */
  date: string;
  /** The day of the vacancy repeated. */
  original_date: string;
  /** Who completed its shift ("Chamar de novo" invites them), or null. */
  past_worker: { freelancer_id: number; name: string } | null;
}

/**
 * The form's values from vacancy `jobId` of the business in `scope` (404 for another business's, a
 * store not given to a manager, or a missing one — the same answer). One statement.
 */
export async function readRepeatableVacancy(
  em: EntityManager,
  scope: BusinessScope,
  jobId: number,
  now: Date,
): Promise<RepeatableVacancy> {
  const jobs = jobsInScopeSql('j', scope);
  const [row] = await em.getConnection().execute<
    {
      id: number;
      position_type: string;
      workload_minutes: number;
      start_time: string;
      meal_time: string | null;
      recommended_attire: string | null;
      description: string | null;
      date: string;
      quantity: string | number;
      worker_id: number | null;
      worker_name: string | null;
    }[]
  >(
    `select j.id, coalesce(nullif(j.position_type, ''), j.title) as position_type, j.workload_minutes,
        j.start_time, j.meal_time, j.recommended_attire, j.description,
        to_char(j.date_needed, 'YYYY-MM-DD') as date,
        (select count(*) from jobs s
          where s.restaurant_id = j.restaurant_id and s.date_needed = j.date_needed
            and s.start_time = j.start_time and s.position_type = j.position_type
            and s.workload_minutes = j.workload_minutes
            and s.description is not distinct from j.description
            and s.created_at between j.created_at - interval '100 milliseconds'
                                 and j.created_at + interval '100 milliseconds') as quantity,
        f.id as worker_id, f.name as worker_name
       from jobs j
       left join assignments a on a.job_id = j.id and a.status = 'completed'
       left join freelancers f on f.id = a.freelancer_id
      where j.id = ? and ${jobs.sql}`,
    [jobId, ...jobs.params],
  );
  if (!row) throw notFound('job_not_found', INVITATION_MESSAGES.repeatNotFound);
  return {
    job_id: row.id,
    position_type: row.position_type,
    workload: toWorkload(row.workload_minutes / 60),
    start_time: row.start_time,
    quantity: Math.min(Math.max(Number(row.quantity), 1), BUSINESS_QUANTITY_MAX),
    meal_time: row.meal_time,
    recommended_attire: row.recommended_attire,
    description: row.description,
    date: repeatedVacancyDate(row.date, now),
    original_date: row.date,
    past_worker:
      row.worker_id === null ? null : { freelancer_id: row.worker_id, name: row.worker_name ?? '' },
  };
}
