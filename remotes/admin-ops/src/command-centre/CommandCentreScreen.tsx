import { AdminJobsPageSchema } from '@turno/contracts';
import { POLL_INTERVAL_MS } from '@turno/domain';
import { useLiveRefresh, usePagedList } from '@turno/ui';
import { useState } from 'react';
import {
  ADMIN_JOBS_QUERY_DEFAULTS,
  ADMIN_JOBS_URL,
  adminJobsQuery,
  COMMAND_CENTRE_DEFAULT_FILTERS,
} from './admin-jobs';
import { CommandCentreView } from './CommandCentreView';

export interface CommandCentreScreenProps {
  /** For tests: the fetch the list uses (the browser's by default). */
  fetchImpl?: typeof fetch;
  now?: Date;
}

/** The "Centro de Comando" job list of the admin dashboard, filtered on the server, kept fresh (30 s). */
export function CommandCentreScreen({ fetchImpl, now }: CommandCentreScreenProps) {
  const [filters, setFilters] = useState(COMMAND_CENTRE_DEFAULT_FILTERS);
  const list = usePagedList(ADMIN_JOBS_URL, adminJobsQuery(filters), AdminJobsPageSchema, {
    defaults: ADMIN_JOBS_QUERY_DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('admin-ops', list.refresh, { pollIntervalMs: POLL_INTERVAL_MS.adminJobs });
  return <CommandCentreView list={list} filters={filters} onFiltersChange={setFilters} now={now} />;
}
