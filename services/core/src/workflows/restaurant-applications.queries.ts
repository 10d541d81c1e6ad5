import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApplicantSort, RestaurantApplication } from '@turno/contracts';
import { LIST_PAGE_SIZE_MAX, MESSAGES, parseSpecialties } from '@turno/domain';
import { notFound } from '../shared/domain-error';
import { UTC_ISO } from '../shared/wire';
import { readReliabilityScores } from '../reliability/score.queries';

/**
 * Read models of the business's applications modal (spec 01 "Applications modal"): plain SQL
 * shaped into the contracts. Only applications the business can still decide on are read: pending
 * and not past their expiry (an expired one counts as rejected and is hidden, 00-decisions).
 */

/** A pending application the business can still accept (the `?` is now). */
const LIVE_PENDING = `a.status = 'pending' and a.expires_at > ?`;

interface RestaurantApplicationRow {
  id: number;
  job_id: number;
  freelancer_id: number;
  freelancer_name: string;
  freelancer_phone: string | null;
  profile_photo_url: string | null;
  experience_years: number;
  rating: string | null;
  total_jobs: number;
  specialties: unknown;
  application_message: string | null;
  applied_at: string;
  expires_at: string;
}

/**
 * GET /api/restaurant/jobs/:id/applications: the pending applications of one vacancy of the
 * restaurant, oldest first (or `sort` 'reliability': best reliability score first, "Sem histórico"
 * last), at most 200, each with what the business weighs (experience, rating, jobs done, the
 * reliability score, phone, specialties, message). 404 "Vaga não encontrada" when the job is not
 * this restaurant's (or does not exist). Three statements.
 */
export async function listRestaurantJobApplications(
  em: EntityManager,
  restaurantId: number,
  jobId: number,
  now: Date = new Date(),
  sort: ApplicantSort = 'applied',
): Promise<RestaurantApplication[]> {
  const connection = em.getConnection();
  const [owned] = await connection.execute<{ id: number }[]>(
    'select id from jobs where id = ? and restaurant_id = ?',
    [jobId, restaurantId],
  );
  if (!owned) throw notFound('job_not_found', MESSAGES.jobs.notFound);
  const rows = await connection.execute<RestaurantApplicationRow[]>(
    `select a.id, a.job_id, a.freelancer_id, f.name as freelancer_name, f.phone as freelancer_phone,
       f.profile_photo_url, f.experience_years, f.rating::text as rating, f.total_jobs, f.specialties,
       a.message as application_message,
       ${UTC_ISO('a.applied_at')} as applied_at, ${UTC_ISO('a.expires_at')} as expires_at
     from applications a join freelancers f on f.id = a.freelancer_id
     where a.job_id = ? and ${LIVE_PENDING}
     order by a.applied_at, a.id
     limit ?`,
    [jobId, now, LIST_PAGE_SIZE_MAX],
  );
  // Issue 23: each applicant's reliability score, all of them in one statement.
  const scores = await readReliabilityScores(
    em,
    rows.map((row) => row.freelancer_id),
    now,
  );
  const applications = rows.map((row) => ({
    ...row,
    rating: row.rating === null ? null : Number(row.rating),
    specialties: parseSpecialties(Array.isArray(row.specialties) ? row.specialties : null),
    reliability_score: scores.get(row.freelancer_id)?.score ?? null,
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
