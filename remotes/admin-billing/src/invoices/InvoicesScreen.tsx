import { AdminInvoicesPageSchema } from '@turno/contracts';
import { POLL_INTERVAL_MS } from '@turno/domain';
import { useLiveRefresh, usePagedList } from '@turno/ui';
import { useState } from 'react';
import { INVOICES_DEFAULT_FILTERS, INVOICES_QUERY_DEFAULTS, INVOICES_URL, invoicesQuery } from './invoices';
import { InvoicesView } from './InvoicesView';

/** The specification sets no interval for this list: the admin's job list one (30 s). */
export const INVOICES_POLL_INTERVAL_MS = POLL_INTERVAL_MS.adminJobs;

export interface InvoicesScreenProps {
  /** For tests: the fetch the list uses (the browser's by default). */
  fetchImpl?: typeof fetch;
}

/** The admin's "Faturas" tab: invoices filtered on the server, kept fresh. */
export function InvoicesScreen({ fetchImpl }: InvoicesScreenProps) {
  const [filters, setFilters] = useState(INVOICES_DEFAULT_FILTERS);
  const list = usePagedList(INVOICES_URL, invoicesQuery(filters), AdminInvoicesPageSchema, {
    defaults: INVOICES_QUERY_DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('admin-billing', list.refresh, { pollIntervalMs: INVOICES_POLL_INTERVAL_MS });
  return <InvoicesView list={list} filters={filters} onFiltersChange={setFilters} />;
}
