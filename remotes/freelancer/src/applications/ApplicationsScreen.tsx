import { FreelancerApplicationsPageSchema, type FreelancerApplicationFilter } from '@turno/contracts';
import { POLL_INTERVAL_MS } from '@turno/domain';
import { useLiveRefresh, usePagedList } from '@turno/ui';
import { useEffect, useRef, useState } from 'react';
import { useNow } from '../shared/useNow';
import { APPLICATIONS_QUERY_DEFAULTS, APPLICATIONS_URL, isLapsed } from './applications';
import { ApplicationsView } from './ApplicationsView';

export interface ApplicationsScreenProps {
  fetchImpl?: typeof fetch;
  /** For tests: a fixed "now" (the clock ticks every 30 s otherwise). */
  now?: Date;
}

/** The "Candidaturas" tab: the freelancer's applications, live (accepted / rejected / expired arrive as events). */
export function ApplicationsScreen({ fetchImpl, now: fixedNow }: ApplicationsScreenProps) {
  const [status, setStatus] = useState<FreelancerApplicationFilter>('all');
  const now = useNow(30_000, fixedNow);
  const list = usePagedList(APPLICATIONS_URL, { status }, FreelancerApplicationsPageSchema, {
    defaults: APPLICATIONS_QUERY_DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('freelancer', list.refresh, { pollIntervalMs: POLL_INTERVAL_MS.freelancerActiveJobs });
  // A pending application that just expired leaves the list and the counts: read them again, once
  // per expiry (a browser clock ahead of the server's must not re-read in a loop).
  const lapsed = (list.data?.items ?? [])
    .filter((application) => isLapsed(application, now))
    .map((application) => application.id)
    .join(',');
  const reread = useRef('');
  const { refresh } = list;
  useEffect(() => {
    if (lapsed === '' || lapsed === reread.current) return;
    reread.current = lapsed;
    refresh();
  }, [lapsed, refresh]);
  return <ApplicationsView list={list} status={status} onStatusChange={setStatus} now={now} />;
}
