import { FIRST_SCREEN_READS, type FreelancerJobsQuery } from '@turno/contracts';
import { LIST_PAGE_SIZE_DEFAULT } from '@turno/domain';

export const OPEN_JOBS_URL = FIRST_SCREEN_READS.freelancer.openJobs;

export interface OpenJobsFilters {
  q: string;
  /** One day (AAAA-MM-DD), today or later; empty for every day from today on. */
  date: string;
  /** Issue 26: the maximum distance in km ('' : the freelancer's own, set in Perfil). */
  distanceKm: string;
}

export const OPEN_JOBS_DEFAULT_FILTERS: OpenJobsFilters = { q: '', date: '', distanceKm: '' };

/**
 * What the server does without a filter (`FreelancerJobsQuerySchema.parse({})`, kept equal by
 * answers.test.ts; no zod on the first screen): such a filter stays out of the URL.
 */
export const OPEN_JOBS_QUERY_DEFAULTS = { limit: LIST_PAGE_SIZE_DEFAULT };

/** True when `date` is a day before `today` (both AAAA-MM-DD): the server lists from today on. */
export function isPastDate(date: string, today: string): boolean {
  return date !== '' && date < today;
}

/** The query of the vacancies; a day before today (typed by hand) is not sent. */
export function openJobsQuery(
  filters: OpenJobsFilters,
  today: string,
): Pick<FreelancerJobsQuery, 'q' | 'date'> & { distance_km?: number } {
  return {
    q: filters.q,
    date: isPastDate(filters.date, today) ? undefined : filters.date,
    distance_km: filters.distanceKm ? Number(filters.distanceKm) : undefined,
  };
}
