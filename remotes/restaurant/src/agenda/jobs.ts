import { type Job } from '@turno/contracts';
import { type JobStatus } from '@turno/domain';
import { type Tone } from '@turno/ui';

export const JOBS_URL = '/bff/restaurant/api/jobs';

export const JOB_STATUS_TONES: Record<JobStatus, Tone> = {
  open: 'info',
  assigned: 'warning',
  completed: 'success',
  cancelled: 'neutral',
};

/** Soonest first: by date, then start time. */
export function sortByShift(jobs: readonly Job[]): Job[] {
  return [...jobs].sort(
    (a, b) => a.date_needed.localeCompare(b.date_needed) || a.start_time.localeCompare(b.start_time),
  );
}

export interface JobSummary {
  open: number;
  assigned: number;
  completed: number;
  total: number;
}

/** Counts of the panel's summary (spec 01 §2: open / filled / completed / total; cancelled only in total). */
export function summarize(jobs: readonly Job[]): JobSummary {
  const count = (status: JobStatus) => jobs.filter((j) => j.status === status).length;
  return {
    open: count('open'),
    assigned: count('assigned'),
    completed: count('completed'),
    total: jobs.length,
  };
}
