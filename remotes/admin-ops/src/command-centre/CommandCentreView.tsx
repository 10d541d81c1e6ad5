import { type AdminJobsPage, type Job, type JobStatusCounts } from '@turno/contracts';
import { formatDateBR, relativeDayLabel, saoPauloDate, plural } from '@turno/domain';
import { type ComponentType, type CSSProperties, type ReactNode } from 'react';
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
  DATE_OPTIONS,
  isDefaultCommandCentre,
  type CommandCentreFilters,
  type JobDateChoice,
} from './admin-jobs';
import { JobActions, type JobRowActions } from './JobActions';
import { JobStatusFilterField } from './JobStatusFilterField';
import { type JobCardProps } from './JobCard';
import { JobStatusCell, PULSE_CSS } from './JobStatusCell';

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
              <Badge tone="info">
                {plural(applicationCounts?.[String(j.id)] ?? 0, 'candidatura', 'candidaturas')}
              </Badge>
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

/** A page of jobs with their counts by status: the command centre's, and a business's agenda. */
export type JobsPage = AdminJobsPage;

export interface CommandCentreFilterBarProps {
  filters: CommandCentreFilters;
  onFiltersChange: (filters: CommandCentreFilters) => void;
  /** The counts by status of the list shown, beside each status option. */
  counts?: JobStatusCounts;
  now?: Date;
}

/** The command centre's filters: date (Todas, Hoje, Amanhã, Próximos 7 dias, a day), status, search. */
export function CommandCentreFilterBar({
  filters,
  onFiltersChange,
  counts,
  now = new Date(),
}: CommandCentreFilterBarProps) {
  const isDefault = isDefaultCommandCentre(filters);
  const change = (next: Partial<CommandCentreFilters>) => onFiltersChange({ ...filters, ...next });
  const chooseDate = (date: JobDateChoice) =>
    change(date === 'day' ? { date, day: filters.day || saoPauloDate(now) } : { date });
  return (
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
      <JobStatusFilterField
        value={filters.status}
        onChange={(status) => change({ status })}
        counts={counts}
      />
      <SearchField
        label="Buscar"
        placeholder="Vaga, mercado, função ou freelancer"
        value={filters.q}
        onSearch={(q) => change({ q })}
      />
    </ListFilters>
  );
}

/** The command centre's heading (spec 02 §2). */
export const COMMAND_CENTRE_HEADER = (
  <PageHeader
    as="h2"
    title="Centro de Comando"
    subtitle="Todas as vagas da plataforma, atualizadas automaticamente."
  />
);

export interface CommandCentreViewProps {
  list: PagedList<JobsPage>;
  /** The filter bar above the list: the command centre's `CommandCentreFilterBar`, or the agenda's. */
  filterBar: ReactNode;
  /** The heading (the command centre's by default). */
  header?: ReactNode;
  /** Beside the heading, e.g. "Exportar Excel". */
  headerActions?: ReactNode;
  /**
   * Shows each job as this card instead of a table row (Controle Mercado's agenda passes `JobCard`;
   * the command centre's chunk does not carry it).
   */
  card?: ComponentType<JobCardProps>;
  /** Beside the count "Mostrando x de y", e.g. "Atualizar". */
  listActions?: ReactNode;
  /** Accessible name of the list. */
  listLabel?: string;
  /** What an empty list says. */
  emptyMessage: string;
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

const cardListStyle: CSSProperties = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: 12,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 400px), 1fr))',
};

/**
 * A job list with every action on its jobs, one page at a time: the "Centro de Comando" (every job
 * of the platform by date, status and search, as a table) and Controle Mercado's agenda (one
 * business's jobs by period, status and search, as cards) differ in their filters and layout.
 */
export function CommandCentreView({
  list,
  filterBar,
  header = COMMAND_CENTRE_HEADER,
  headerActions,
  card: Card,
  listActions,
  listLabel = 'Vagas do Centro de Comando',
  emptyMessage,
  now = new Date(),
  actions,
  applicationCounts,
  pendingArea,
  feedback,
  onAssign,
}: CommandCentreViewProps) {
  return (
    <div className="t-stack">
      <style>{PULSE_CSS}</style>
      <div className="t-row" style={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        {header}
        <div className="t-row" style={{ gap: 6 }}>
          {headerActions}
          {onAssign && (
            <Button onClick={onAssign} disabled={actions?.running != null}>
              Alocar Freelancer
            </Button>
          )}
        </div>
      </div>
      {feedback}
      {pendingArea}
      {filterBar}
      <PagedListBody list={list} label={listLabel} actions={listActions}>
        {(data) =>
          Card ? (
            data.items.length === 0 ? (
              <p className="t-card t-coming-soon">{emptyMessage}</p>
            ) : (
              <ul style={cardListStyle} aria-label={listLabel}>
                {data.items.map((job) => (
                  <Card
                    key={job.id}
                    job={job}
                    now={now}
                    applicationCount={applicationCounts?.[String(job.id)] ?? 0}
                    actions={actions}
                  />
                ))}
              </ul>
            )
          ) : (
            <ResponsiveTable
              caption="Vagas da plataforma"
              hideCaption
              columns={columns(now, applicationCounts, actions)}
              rows={data.items}
              rowKey={(j) => j.id}
              emptyMessage={emptyMessage}
            />
          )
        }
      </PagedListBody>
    </div>
  );
}
