import { type OpenJob } from '@turno/contracts';

export const OPEN_JOBS_URL = '/bff/freelancer/api/jobs';

/** Soonest first: by date, then start time. */
export function sortByShift(jobs: readonly OpenJob[]): OpenJob[] {
  return [...jobs].sort(
    (a, b) => a.date_needed.localeCompare(b.date_needed) || a.start_time.localeCompare(b.start_time),
  );
}
