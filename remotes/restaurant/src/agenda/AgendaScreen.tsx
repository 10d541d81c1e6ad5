import { RestaurantJobsPageSchema } from '@turno/contracts';
import { POLL_INTERVAL_MS } from '@turno/domain';
import { useLiveRefresh, usePagedList } from '@turno/ui';
import { useState } from 'react';
import { AgendaView } from './AgendaView';
import { AGENDA_DEFAULT_FILTERS, AGENDA_QUERY_DEFAULTS, agendaQuery, JOBS_URL } from './jobs';

export interface AgendaScreenProps {
  /** For tests: the fetch the list uses (the browser's by default). */
  fetchImpl?: typeof fetch;
  now?: Date;
}

/** The "Agenda" tab: the restaurant's vacancies, filtered on the server, kept fresh (15 s). */
export function AgendaScreen({ fetchImpl, now }: AgendaScreenProps) {
  const [filters, setFilters] = useState(AGENDA_DEFAULT_FILTERS);
  const list = usePagedList(JOBS_URL, agendaQuery(filters), RestaurantJobsPageSchema, {
    defaults: AGENDA_QUERY_DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('restaurant', list.refresh, { pollIntervalMs: POLL_INTERVAL_MS.restaurantJobs });
  return <AgendaView list={list} filters={filters} onFiltersChange={setFilters} now={now} />;
}
