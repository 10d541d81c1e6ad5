import { type FreelancerMe } from '@turno/contracts';
import { POLL_INTERVAL_MS, saoPauloDate } from '@turno/domain';
import { useLiveRefresh, usePagedList } from '@turno/ui';
import { useState } from 'react';
import { FREELANCER_JOBS_PAGE } from '../shared/answers';
import {
  OPEN_JOBS_DEFAULT_FILTERS,
  OPEN_JOBS_QUERY_DEFAULTS,
  OPEN_JOBS_URL,
  openJobsQuery,
} from './open-jobs';
import { OpenJobsView } from './OpenJobsView';

export interface OpenJobsScreenProps {
  /** For tests: the fetch the list uses (the browser's by default). */
  fetchImpl?: typeof fetch;
  now?: Date;
  /** The signed-in freelancer: the apply buttons say what is missing. */
  me?: FreelancerMe;
  /** Issue 26: "Alterar em Perfil" (the dashboard's Perfil tab). */
  profileHref?: string;
  onOpenProfile?: () => void;
}

/** The "Vagas" tab: open vacancies from today on, filtered on the server, kept fresh (10 s). */
export function OpenJobsScreen({
  fetchImpl,
  now = new Date(),
  me,
  profileHref,
  onOpenProfile,
}: OpenJobsScreenProps) {
  const [filters, setFilters] = useState(OPEN_JOBS_DEFAULT_FILTERS);
  const list = usePagedList(OPEN_JOBS_URL, openJobsQuery(filters, saoPauloDate(now)), FREELANCER_JOBS_PAGE, {
    defaults: OPEN_JOBS_QUERY_DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('freelancer', list.refresh, { pollIntervalMs: POLL_INTERVAL_MS.freelancerActiveJobs });
  return (
    <OpenJobsView
      list={list}
      filters={filters}
      onFiltersChange={setFilters}
      now={now}
      me={me}
      fetchImpl={fetchImpl}
      profileHref={profileHref}
      onOpenProfile={onOpenProfile}
    />
  );
}
