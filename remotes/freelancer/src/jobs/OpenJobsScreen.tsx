import { OpenJobListSchema } from '@turno/contracts';
import { QueryView, useBffQuery } from '@turno/ui';
import { OPEN_JOBS_URL } from './open-jobs';
import { OpenJobsView } from './OpenJobsView';

export function OpenJobsScreen() {
  const jobs = useBffQuery(OPEN_JOBS_URL, OpenJobListSchema);
  return <QueryView query={jobs}>{(data) => <OpenJobsView jobs={data} />}</QueryView>;
}
