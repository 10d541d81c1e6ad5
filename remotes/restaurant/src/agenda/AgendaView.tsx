import { type Job, type JobListStatusFilter, type RestaurantJobsPage } from '@turno/contracts';
import {
  AGENDA_EMPTY_TEXTS,
  formatDateBR,
  formatMoney,
  hasPendingAction,
  jobDisplayState,
  parseInstant,
  relativeDayLabel,
  saoPauloDate,
  saoPauloTime,
} from '@turno/domain';
import {
  AGENDA_DEFAULT_FILTERS,
  AGENDA_PERIOD_OPTIONS,
  AGENDA_STATUS_OPTIONS,
  type AgendaFilters,
  type AgendaPeriodChoice,
  Badge,
  Button,
  formatTimeRange,
  isDefaultAgenda,
  JOB_STATUS_TONES,
  ListFilters,
  type PagedList,
  PagedListBody,
  ResponsiveTable,
  SearchField,
  SelectField,
  StatCard,
  StatGrid,
  type TableColumn,
  TextField,
} from '@turno/ui';
import type { ReactNode } from 'react';
import { Avatar } from '../shared/Avatar';
import { JobActions, canConfirmCheckOut, type AgendaActions } from './JobActions';

/** The rows with something for the business to decide (a request, a check-out to confirm) first; else as listed. */
export function pendingFirst(jobs: readonly Job[], now: Date): Job[] {
  const waits = (job: Job) => hasPendingAction(job) || canConfirmCheckOut(job, now);
  return [...jobs.filter(waits), ...jobs.filter((job) => !waits(job))];
}

/** 'HH:MM' in Sao Paulo of a wire timestamp, or null. */
function clock(timestamp: string | null): string | null {
  const instant = parseInstant(timestamp);
  return instant ? saoPauloTime(instant) : null;
}

/** The freelancer of a job: photo, name and the times of their shift so far. */
function FreelancerCell({ job }: { job: Job }) {
  if (!job.freelancer_name) return <span className="t-muted">Aguardando candidatos</span>;
  const times = [
    ['A caminho', clock(job.on_the_way_time)],
    ['Check-in', clock(job.check_in_time)],
    ['Check-out', clock(job.check_out_time)],
  ].filter((entry): entry is [string, string] => entry[1] !== null);
  return (
    <span className="r-person r-freelancer">
      <Avatar name={job.freelancer_name} photoUrl={job.freelancer_profile_photo_url} small />
      <span>
        {job.freelancer_name}
        {times.map(([label, time]) => (
          <span key={label} className="r-freelancer__times">
            {label} {time}
          </span>
        ))}
      </span>
    </span>
  );
}

function columns(now: Date, actions: AgendaActions | undefined): TableColumn<Job>[] {
  return [
    {
      key: 'title',
      header: 'Vaga',
      render: (j) => (
        <>
          <strong>{j.title}</strong>
          {j.position_type !== j.title && <div className="t-muted">{j.position_type}</div>}
        </>
      ),
    },
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
      render: (j) => <span className="r-nowrap">{formatTimeRange(j.start_time, j.end_time)}</span>,
    },
    { key: 'price', header: 'Valor', align: 'right', render: (j) => formatMoney(j.hourly_rate) },
    {
      key: 'status',
      header: 'Status',
      render: (j) => (
        <span className="r-status">
          <Badge tone={hasPendingAction(j) ? 'danger' : JOB_STATUS_TONES[j.status]}>
            {jobDisplayState(j)}
          </Badge>
        </span>
      ),
    },
    { key: 'freelancer', header: 'Freelancer', render: (j) => <FreelancerCell job={j} /> },
    ...(actions
      ? [
          {
            key: 'actions',
            header: 'Ações',
            render: (j: Job) => <JobActions job={j} actions={actions} now={now} />,
          },
        ]
      : []),
  ];
}

export interface AgendaViewProps {
  list: PagedList<RestaurantJobsPage>;
  filters: AgendaFilters;
  onFiltersChange: (filters: AgendaFilters) => void;
  now?: Date;
  /** The row actions (candidaturas, approvals, delete); none in a read-only view. */
  actions?: AgendaActions;
  /** More fields of the filter bar (the store selector of a chain, issue 28). */
  extraFilters?: ReactNode;
}

/**
 * The "Agenda" tab: counts by status, the filters (search, period, status), and the vacancies of
 * the period, one page at a time.
 */
export function AgendaView({
  list,
  filters,
  onFiltersChange,
  now = new Date(),
  actions,
  extraFilters,
}: AgendaViewProps) {
  const counts = list.data?.counts;
  const isDefault = isDefaultAgenda(filters);
  const change = (next: Partial<AgendaFilters>) => onFiltersChange({ ...filters, ...next });

  const choosePeriod = (period: AgendaPeriodChoice) =>
    change(period === 'date' ? { period, date: filters.date || saoPauloDate(now) } : { period });

  return (
    <div className="t-stack">
      {counts && (
        <StatGrid label="Resumo das vagas">
          <StatCard label="Abertas" value={counts.open} tone="info" />
          <StatCard label="Alocadas" value={counts.assigned} tone="warning" />
          <StatCard label="Concluídas" value={counts.completed} tone="success" />
          <StatCard label="Total" value={counts.all} />
        </StatGrid>
      )}
      <ListFilters
        label="Filtros da agenda"
        onClear={isDefault ? undefined : () => onFiltersChange(AGENDA_DEFAULT_FILTERS)}
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
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(e) => change({ status: e.target.value as JobListStatusFilter })}
          options={AGENDA_STATUS_OPTIONS}
        />
        {extraFilters}
      </ListFilters>
      <PagedListBody
        list={list}
        label="Vagas da agenda"
        actions={
          <Button variant="secondary" size="sm" onClick={list.refresh}>
            Atualizar
          </Button>
        }
      >
        {(data) => (
          <ResponsiveTable
            caption="Agenda de vagas"
            hideCaption
            columns={columns(now, actions)}
            rows={pendingFirst(data.items, now)}
            rowKey={(j) => j.id}
            emptyMessage={isDefault ? AGENDA_EMPTY_TEXTS.default : AGENDA_EMPTY_TEXTS.filtered}
          />
        )}
      </PagedListBody>
    </div>
  );
}
