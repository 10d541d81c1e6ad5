import { POLL_INTERVAL_MS } from '@turno/domain';
import { useLiveRefresh, usePagedList } from '@turno/ui';
import { useState } from 'react';
import { ExportLink } from '../shared/ExportLink';
import {
  ADMIN_JOBS_QUERY_DEFAULTS,
  ADMIN_JOBS_URL,
  PENDING_ACTIONS_URL,
  adminJobsQuery,
  COMMAND_CENTRE_DEFAULT_FILTERS,
  isDefaultCommandCentre,
} from './admin-jobs';
import { ADMIN_JOBS_PAGE, PENDING_ACTIONS_PAGE } from './answers';
import { CommandCentreFilterBar, CommandCentreView } from './CommandCentreView';
import { PendingActionsArea } from './PendingActionsArea';
import { useJobActions } from './useJobActions';

export interface CommandCentreScreenProps {
  /** For tests: the fetch the lists and the actions use (the browser's by default). */
  fetchImpl?: typeof fetch;
  now?: Date;
}

/**
 * The "Centro de Comando" of the admin dashboard: every job filtered on the server, kept fresh
 * (live updates, 30 s polling as fallback), the urgent pending-actions area, application-count
 * badges and every action on a job, its applications and its shift (`useJobActions`).
 */
export function CommandCentreScreen({ fetchImpl, now }: CommandCentreScreenProps) {
  const [filters, setFilters] = useState(COMMAND_CENTRE_DEFAULT_FILTERS);
  const list = usePagedList(ADMIN_JOBS_URL, adminJobsQuery(filters), ADMIN_JOBS_PAGE, {
    defaults: ADMIN_JOBS_QUERY_DEFAULTS,
    fetchImpl,
  });
  const pending = usePagedList(PENDING_ACTIONS_URL, {}, PENDING_ACTIONS_PAGE, {
    pageSize: 20,
    fetchImpl,
  });
  useLiveRefresh(
    'admin-ops',
    () => {
      list.refresh();
      pending.refresh();
    },
    { pollIntervalMs: POLL_INTERVAL_MS.adminJobs },
  );
  const jobActions = useJobActions({
    jobs: list.data?.items,
    fetchImpl,
    onChanged: () => {
      list.refresh();
      pending.refresh();
    },
  });

  return (
    <>
      <CommandCentreView
        list={list}
        filterBar={
          <CommandCentreFilterBar
            filters={filters}
            onFiltersChange={setFilters}
            counts={list.data?.counts}
            now={now}
          />
        }
        headerActions={<ExportLink file="jobs.xlsx" params={adminJobsQuery(filters)} label="Vagas" />}
        emptyMessage={
          isDefaultCommandCentre(filters)
            ? 'Nenhuma vaga para hoje. Escolha outra data em "Data" para ver as demais.'
            : 'Nenhuma vaga encontrada com estes filtros.'
        }
        now={now}
        applicationCounts={jobActions.applicationCounts}
        feedback={jobActions.feedback}
        pendingArea={
          <PendingActionsArea
            list={pending}
            running={jobActions.running}
            onApprove={jobActions.approvePending}
            now={now}
          />
        }
        onAssign={jobActions.openAssign}
        actions={jobActions.actions}
      />
      {jobActions.dialogs}
    </>
  );
}
