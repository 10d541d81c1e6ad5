import { type AdminJobsPage, type Job, type JobListStatusFilter } from '@turno/contracts';
import { formatDateBR, jobDisplayState, relativeDayLabel, saoPauloDate, saoPauloTime } from '@turno/domain';
import { type ReactNode } from 'react';
import { ExportLink } from '../shared/ExportLink';
import {
  Badge,
  Button,
  formatTimeRange,
  ListFilters,
  PageHeader,
  PagedListBody,
  SearchField,
  SelectField,
  ResponsiveTable,
  TextField,
  type PagedList,
  type TableColumn,
} from '@turno/ui';
import {
  COMMAND_CENTRE_DEFAULT_FILTERS,
  adminJobsQuery,
  DATE_OPTIONS,
  isDefaultCommandCentre,
  STATUS_FILTER_OPTIONS,
  statusOptionLabel,
  type CommandCentreFilters,
  type JobDateChoice,
} from './admin-jobs';
import { JobActions, type JobRowActions } from './JobActions';

/** The display state's tone (spec 02 §4): waiting approvals stand out. */
function displayTone(state: string) {
  if (state === 'Concluída') return 'success' as const;
  if (state.startsWith('Aguardando')) return 'danger' as const;
  if (state === 'Aberta') return 'info' as const;
  if (state === 'Cancelada') return 'neutral' as const;
  return 'warning' as const;
}

/**
 * The job's display state; "A Caminho" pulses until check-in, after which the time stays as
 * "Esteve a caminho".
 */
export function JobStatusCell({ job }: { job: Job }) {
  const state = jobDisplayState(job);
  const onTheWay = state.startsWith('A Caminho');
  return (
    <span className="admin-ops-status">
      <Badge tone={displayTone(state)}>
        {onTheWay && <span className="admin-ops-pulse" aria-hidden="true" />}
        {state}
      </Badge>
      {job.on_the_way_time && job.check_in_time && (
        <div className="t-muted" style={{ fontSize: 13 }}>
          Esteve a caminho ({saoPauloTime(new Date(job.on_the_way_time))})
        </div>
      )}
    </span>
  );
}

/** The pulse of "A Caminho" (reduced motion: still). */
export const PULSE_CSS = `.admin-ops-status .t-badge{white-space:normal}.admin-ops-pulse{display:inline-block;width:8px;height:8px;border-radius:50%;background:currentColor;margin-right:6px;animation:admin-ops-pulse 1.2s ease-in-out infinite}@keyframes admin-ops-pulse{0%,100%{opacity:1}50%{opacity:.25}}@media (prefers-reduced-motion:reduce){.admin-ops-pulse{animation:none}}`;

function columns(
  now: Date,
  applicationCounts: Readonly<Record<string, number>> | undefined,
  actions: JobRowActions | undefined,
): TableColumn<Job>[] {
  const base: TableColumn<Job>[] = [
    {
      key: 'date',
      header: 'Data',
      render: (j) => {
        const relative = relativeDayLabel(j.date_needed, now);
        return (
          <span className="t-row">
            {formatDateBR(j.date_needed)}
            {relative && <Badge tone="info">{relative}</Badge>}
          </span>
        );
      },
    },
    {
      key: 'time',
      header: 'Horário',
      render: (j) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatTimeRange(j.start_time, j.end_time)}</span>
      ),
    },
    { key: 'business', header: 'Mercado', render: (j) => j.restaurant_name },
    {
      key: 'position',
      header: 'Função',
      render: (j) => (
        <>
          {j.position_type}
          {j.title !== j.position_type && <div className="t-muted">{j.title}</div>}
          {(applicationCounts?.[String(j.id)] ?? 0) > 0 && (
            <div>
              <Badge tone="info">{applicationCounts?.[String(j.id)]} candidatura(s)</Badge>
            </div>
          )}
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (j) => <JobStatusCell job={j} />,
    },
    {
      key: 'freelancer',
      header: 'Freelancer',
      render: (j) => j.freelancer_name ?? <span className="t-muted">Sem freelancer</span>,
    },
  ];
  return actions
    ? [...base, { key: 'actions', header: 'Ações', render: (j) => <JobActions job={j} actions={actions} /> }]
    : base;
}

export interface CommandCentreViewProps {
  list: PagedList<AdminJobsPage>;
  filters: CommandCentreFilters;
  onFiltersChange: (filters: CommandCentreFilters) => void;
  now?: Date;
  /** Row actions; without them the table only lists. */
  actions?: JobRowActions;
  /** Pending applications per job id (the badges). */
  applicationCounts?: Readonly<Record<string, number>>;
  /** The urgent pending-actions area, shown above the filters. */
  pendingArea?: ReactNode;
  /** The result of the last action. */
  feedback?: ReactNode;
  /** Opens the assign modal without a job chosen. */
  onAssign?: () => void;
}

/** "Centro de Comando": every job of the platform by date, status and search, one page at a time. */
export function CommandCentreView({
  list,
  filters,
  onFiltersChange,
  now = new Date(),
  actions,
  applicationCounts,
  pendingArea,
  feedback,
  onAssign,
}: CommandCentreViewProps) {
  const isDefault = isDefaultCommandCentre(filters);
  const change = (next: Partial<CommandCentreFilters>) => onFiltersChange({ ...filters, ...next });
  const chooseDate = (date: JobDateChoice) =>
    change(date === 'day' ? { date, day: filters.day || saoPauloDate(now) } : { date });

  return (
    <div className="t-stack">
      <style>{PULSE_CSS}</style>
      <div className="t-row" style={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <PageHeader
          as="h2"
          title="Centro de Comando"
          subtitle="Todas as vagas da plataforma, atualizadas automaticamente."
        />
        <div className="t-row" style={{ gap: 6 }}>
          <ExportLink file="jobs.xlsx" params={adminJobsQuery(filters)} label="Vagas" />
          {onAssign && (
            <Button onClick={onAssign} disabled={actions?.running != null}>
              Alocar Freelancer
            </Button>
          )}
        </div>
      </div>
      {feedback}
      {pendingArea}
      <ListFilters
        label="Filtros das vagas"
        onClear={isDefault ? undefined : () => onFiltersChange(COMMAND_CENTRE_DEFAULT_FILTERS)}
      >
        <SelectField
          label="Data"
          value={filters.date}
          onChange={(e) => chooseDate(e.target.value as JobDateChoice)}
          options={DATE_OPTIONS}
        />
        {filters.date === 'day' && (
          <TextField
            label="Dia"
            type="date"
            value={filters.day}
            onChange={(e) => change({ day: e.target.value })}
          />
        )}
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(e) => change({ status: e.target.value as JobListStatusFilter })}
        >
          {STATUS_FILTER_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {statusOptionLabel(o, list.data?.counts)}
            </option>
          ))}
        </SelectField>
        <SearchField
          label="Buscar"
          placeholder="Vaga, mercado, função ou freelancer"
          value={filters.q}
          onSearch={(q) => change({ q })}
        />
      </ListFilters>
      <PagedListBody list={list} label="Vagas do Centro de Comando">
        {(data) => (
          <ResponsiveTable
            caption="Vagas da plataforma"
            hideCaption
            columns={columns(now, applicationCounts, actions)}
            rows={data.items}
            rowKey={(j) => j.id}
            emptyMessage={
              isDefault ? 'Nenhuma vaga cadastrada ainda.' : 'Nenhuma vaga encontrada com estes filtros.'
            }
          />
        )}
      </PagedListBody>
    </div>
  );
}
