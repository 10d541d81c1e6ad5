import { RestaurantJobsPageSchema, type JobStatusCounts } from '@turno/contracts';
import { AGENDA_EMPTY_TEXTS, POLL_INTERVAL_MS, saoPauloDate } from '@turno/domain';
import {
  AGENDA_DEFAULT_FILTERS,
  AGENDA_PERIOD_OPTIONS,
  AGENDA_QUERY_DEFAULTS,
  type AgendaFilters,
  type AgendaPeriodChoice,
  agendaQuery,
  Button,
  isDefaultAgenda,
  ListFilters,
  SearchField,
  SelectField,
  TextField,
  useLiveRefresh,
  usePagedList,
} from '@turno/ui';
import { useState } from 'react';
import { CommandCentreView } from '../command-centre/CommandCentreView';
import { JobCard } from '../command-centre/JobCard';
import { JobStatusFilterField } from '../command-centre/JobStatusFilterField';
import { useJobActions } from '../command-centre/useJobActions';
import { restaurantAgendaUrl } from './agenda';

export interface AgendaFilterBarProps {
  filters: AgendaFilters;
  onFiltersChange: (filters: AgendaFilters) => void;
  /** The counts by status of the list shown, beside each status option. */
  counts?: JobStatusCounts;
  now?: Date;
}

/** The agenda's filters (spec 02): search on title/position, period (or one date), status. */
export function AgendaFilterBar({
  filters,
  onFiltersChange,
  counts,
  now = new Date(),
}: AgendaFilterBarProps) {
  const change = (next: Partial<AgendaFilters>) => onFiltersChange({ ...filters, ...next });
  const choosePeriod = (period: AgendaPeriodChoice) =>
    change(period === 'date' ? { period, date: filters.date || saoPauloDate(now) } : { period });
  return (
    <ListFilters
      label="Filtros da agenda"
      onClear={isDefaultAgenda(filters) ? undefined : () => onFiltersChange(AGENDA_DEFAULT_FILTERS)}
    >
      <SearchField
        label="Buscar vaga"
        placeholder="Título ou função"
        value={filters.q}
        onSearch={(q) => change({ q })}
      />
      <SelectField
        label="Período"
        value={filters.period}
        onChange={(e) => choosePeriod(e.target.value as AgendaPeriodChoice)}
        options={AGENDA_PERIOD_OPTIONS}
      />
      {filters.period === 'date' && (
        <TextField
          label="Data"
          type="date"
          value={filters.date}
          onChange={(e) => change({ date: e.target.value })}
        />
      )}
      <JobStatusFilterField
        value={filters.status}
        onChange={(status) => change({ status })}
        counts={counts}
      />
    </ListFilters>
  );
}

export interface RestaurantAgendaScreenProps {
  restaurantId: number;
  /** For tests: the fetch the list and the actions use (the browser's by default). */
  fetchImpl?: typeof fetch;
  now?: Date;
}

/**
 * Controle Mercado's "Agenda" (spec 02): the chosen business's agenda as its own panel reads it
 * (the current week by default; completed jobs before this week left out), filtered on the server,
 * refreshed live (30 s polling as fallback) or with "Atualizar", as job cards with every action of
 * the command centre (`CommandCentreView` and `useJobActions`).
 */
export function RestaurantAgendaScreen({ restaurantId, fetchImpl, now }: RestaurantAgendaScreenProps) {
  const [filters, setFilters] = useState(AGENDA_DEFAULT_FILTERS);
  const list = usePagedList(
    restaurantAgendaUrl(restaurantId),
    agendaQuery(filters),
    RestaurantJobsPageSchema,
    {
      defaults: AGENDA_QUERY_DEFAULTS,
      fetchImpl,
    },
  );
  useLiveRefresh('admin-ops', list.refresh, { pollIntervalMs: POLL_INTERVAL_MS.adminJobs });
  const jobActions = useJobActions({ jobs: list.data?.items, fetchImpl, onChanged: list.refresh });

  return (
    <>
      <CommandCentreView
        list={list}
        header={
          <div>
            <h3 style={{ margin: 0 }}>Agenda</h3>
            <p className="t-muted" style={{ margin: '4px 0 0' }}>
              As vagas deste mercado, atualizadas automaticamente.
            </p>
          </div>
        }
        filterBar={
          <AgendaFilterBar
            filters={filters}
            onFiltersChange={setFilters}
            counts={list.data?.counts}
            now={now}
          />
        }
        card={JobCard}
        listLabel="Vagas da agenda"
        listActions={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              list.refresh();
              jobActions.reloadCounts();
            }}
          >
            Atualizar
          </Button>
        }
        emptyMessage={isDefaultAgenda(filters) ? AGENDA_EMPTY_TEXTS.default : AGENDA_EMPTY_TEXTS.filtered}
        now={now}
        applicationCounts={jobActions.applicationCounts}
        feedback={jobActions.feedback}
        onAssign={jobActions.openAssign}
        actions={jobActions.actions}
      />
      {jobActions.dialogs}
    </>
  );
}
