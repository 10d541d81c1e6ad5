import {
  APPLICANT_COLUMNS,
  applicantFieldsOf,
  notFound,
  reliabilitySql,
  toApplicant,
  UTC_ISO,
  jobsInScopeSql,
  type ApplicantDbRow,
  type BusinessScope,
  type EntityManager,
} from '@turno/core';
import type { ApplicantSort, ApplicationCount, RestaurantApplication } from '@turno/contracts';
import { LIST_PAGE_SIZE_MAX, MESSAGES } from '@turno/domain';

/**
 * Read model of the business's applications badge (spec 01 "Applications modal"): only
 * applications the business can still decide on count, pending and not past their expiry (an
 * expired one counts as rejected and is hidden, 00-decisions).
 */

/** A pending application the business can still accept (the `?` is now). */
const LIVE_PENDING = `a.status = 'pending' and a.expires_at > ?`;

/**
 * GET /api/restaurant/jobs/applications-count: pending applications per open vacancy of the
 * restaurant (a manager's: of their stores), by job id, at most 200 rows (open vacancies with live
 * applications are few: an application lives 2 h). One statement.
 */
export async function countRestaurantApplications(
  em: EntityManager,
  scope: BusinessScope,
  now: Date = new Date(),
): Promise<ApplicationCount[]> {
  const jobs = jobsInScopeSql('j', scope);
  return em.getConnection().execute<ApplicationCount[]>(
    `select a.job_id, count(*)::int as application_count
       from applications a join jobs j on j.id = a.job_id
      where ${jobs.sql} and j.status = 'open' and ${LIVE_PENDING}
      group by a.job_id
      order by a.job_id
      limit ?`,
    [...jobs.params, now, LIST_PAGE_SIZE_MAX],
  );
}

interface RestaurantApplicationRow extends ApplicantDbRow {
  owned: boolean;
  id: number | null;
  job_id: number;
  applied_at: string;
  expires_at: string;
  reliability_score: number | null;
}

/**
 * GET /api/restaurant/jobs/:id/applications: the pending applications of one vacancy of the
 * restaurant, oldest first (or `sort` 'reliability': best reliability score first, "Sem histórico"
 * last), at most 200, each with what the business weighs (experience, rating, jobs done, the
 * reliability score of @turno/core's `reliabilitySql`, phone, specialties, message). 404 "Vaga não
 * encontrada" when the job is not this restaurant's, nor of a manager's stores (or does not exist).
 * One statement: whether the
 * job is the restaurant's, its applicants and their scores.
 */
export async function listRestaurantJobApplications(
  em: EntityManager,
  scope: BusinessScope,
  jobId: number,
  now: Date = new Date(),
  sort: ApplicantSort = 'applied',
): Promise<RestaurantApplication[]> {
  const jobs = jobsInScopeSql('j', scope);
  const scores = reliabilitySql('select freelancer_id from apps', [], now);
  const rows = await em.getConnection().execute<RestaurantApplicationRow[]>(
    `with owned as (select exists (select 1 from jobs j where j.id = ? and ${jobs.sql}) as owned),
     apps as (
       select a.id, a.job_id, ${APPLICANT_COLUMNS},
         ${UTC_ISO('a.applied_at')} as applied_at, ${UTC_ISO('a.expires_at')} as expires_at,
         a.applied_at as applied_order
       from applications a join freelancers f on f.id = a.freelancer_id
       where a.job_id = ? and ${LIVE_PENDING} and (select owned from owned)
       order by a.applied_at, a.id
       limit ?),
     scores as (${scores.sql})
     select owned.owned, apps.id, apps.job_id, ${applicantFieldsOf('apps')},
       apps.applied_at, apps.expires_at, scores.score as reliability_score
     from owned
       left join apps on true
       left join scores on scores.freelancer_id = apps.freelancer_id
     order by apps.applied_order, apps.id`,
    [jobId, ...jobs.params, jobId, now, LIST_PAGE_SIZE_MAX, ...scores.params],
  );
  if (rows[0]?.owned !== true) throw notFound('job_not_found', MESSAGES.jobs.notFound);
  const applications = rows
    .filter((row) => row.id !== null)
    .map((row): RestaurantApplication => ({
      id: row.id!,
      job_id: row.job_id,
      ...toApplicant(row),
      applied_at: row.applied_at,
      expires_at: row.expires_at,
      reliability_score: row.reliability_score ?? null,
    }));
  return sort === 'reliability' ? sortByReliability(applications) : applications;
}

/** Best score first, "Sem histórico" last; ties keep the order of application. */
function sortByReliability(applications: RestaurantApplication[]): RestaurantApplication[] {
  const score = (application: RestaurantApplication) => application.reliability_score ?? -1;
  return applications
    .map((application, index) => ({ application, index }))
    .sort((a, b) => score(b.application) - score(a.application) || a.index - b.index)
    .map(({ application }) => application);
}
