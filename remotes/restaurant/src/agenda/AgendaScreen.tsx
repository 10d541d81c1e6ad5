import { JobListSchema } from '@turno/contracts';
import { QueryView, useBffQuery } from '@turno/ui';
import { AgendaView } from './AgendaView';
import { JOBS_URL } from './jobs';

export function AgendaScreen() {
  const jobs = useBffQuery(JOBS_URL, JobListSchema);
  return <QueryView query={jobs}>{(data) => <AgendaView jobs={data} />}</QueryView>;
}
