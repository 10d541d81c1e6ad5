import { AdminRestaurantsPageSchema } from '@turno/contracts';
import { POLL_INTERVAL_MS } from '@turno/domain';
import { useLiveRefresh, usePagedList } from '@turno/ui';
import { useState } from 'react';
import {
  RESTAURANTS_DEFAULT_FILTERS,
  RESTAURANTS_QUERY_DEFAULTS,
  RESTAURANTS_URL,
  restaurantsQuery,
} from './restaurants';
import { RestaurantsView } from './RestaurantsView';

/** The specification sets no interval for this list: the admin's job list one (30 s). */
export const RESTAURANTS_POLL_INTERVAL_MS = POLL_INTERVAL_MS.adminJobs;

export interface RestaurantsScreenProps {
  /** For tests: the fetch the list uses (the browser's by default). */
  fetchImpl?: typeof fetch;
}

/** The admin's "Mercados" tab: registrations filtered on the server, kept fresh. */
export function RestaurantsScreen({ fetchImpl }: RestaurantsScreenProps) {
  const [filters, setFilters] = useState(RESTAURANTS_DEFAULT_FILTERS);
  const list = usePagedList(RESTAURANTS_URL, restaurantsQuery(filters), AdminRestaurantsPageSchema, {
    defaults: RESTAURANTS_QUERY_DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('admin-ops', list.refresh, { pollIntervalMs: RESTAURANTS_POLL_INTERVAL_MS });
  return <RestaurantsView list={list} filters={filters} onFiltersChange={setFilters} />;
}
