import { type JobStatus } from '@turno/domain';
import { type Tone } from '../theme/tokens';

/** The badge colour of each job status, on every screen that lists jobs. */
export const JOB_STATUS_TONES: Record<JobStatus, Tone> = {
  open: 'info',
  assigned: 'warning',
  completed: 'success',
  cancelled: 'neutral',
};
