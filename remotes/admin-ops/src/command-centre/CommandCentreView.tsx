import { type AdminJobsPage, type Job, type JobListStatusFilter } from '@turno/contracts';
import { formatDateBR, JOB_STATUS_LABELS, relativeDayLabel, saoPauloDate } from '@turno/domain';
import {
  Badge,
  formatTimeRange,
  JOB_STATUS_TONES,
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
  STATUS_FILTER_OPTIONS,
  statusOptionLabel,
  type CommandCentreFilters,
  type JobDateChoice,
} from './admin-jobs';

function columns(now: Date): TableColumn<Job>[] {
  return [
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
    { key: 'time', header: 'Horário', render: (j) => formatTimeRange(j.start_time, j.end_time) },
    { key: 'business', header: 'Mercado', render: (j) => j.restaurant_name },
    {
      key: 'position',
      header: 'Função',
      render: (j) => (
        <>
          {j.position_type}
          {j.title !== j.position_type && <div className="t-muted">{j.title}</div>}
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (j) => <Badge tone={JOB_STATUS_TONES[j.status]}>{JOB_STATUS_LABELS[j.status]}</Badge>,
    },
    {
      key: 'freelancer',
      header: 'Freelancer',
      render: (j) => j.freelancer_name ?? <span className="t-muted">Sem freelancer</span>,
    },
  ];
}

export interface CommandCentreViewProps {
  list: PagedList<AdminJobsPage>;
  filters: CommandCentreFilters;
  onFiltersChange: (filters: CommandCentreFilters) => void;
  now?: Date;
}

/** "Centro de Comando": every job of the platform by date, status and search, one page at a time. */
export function CommandCentreView({
  list,
  filters,
  onFiltersChange,
  now = new Date(),
}: CommandCentreViewProps) {
  const isDefault = isDefaultCommandCentre(filters);
  const change = (next: Partial<CommandCentreFilters>) => onFiltersChange({ ...filters, ...next });
  const chooseDate = (date: JobDateChoice) =>
    change(date === 'day' ? { date, day: filters.day || saoPauloDate(now) } : { date });

  return (
    <div className="t-stack">
      <PageHeader
        as="h2"
        title="Centro de Comando"
        subtitle="Todas as vagas da plataforma, atualizadas automaticamente."
      />
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
            columns={columns(now)}
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
