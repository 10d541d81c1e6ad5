import { type FreelancerJobsPage, type FreelancerMe } from '@turno/contracts';
import { saoPauloDate, MESSAGES } from '@turno/domain';
import { ListFilters, PagedListBody, SearchField, TextField, type PagedList } from '@turno/ui';
import { CARD_GRID_STYLE } from '../shared/Details';
import { OpenJobCard } from './OpenJobCard';
import { isPastDate, OPEN_JOBS_DEFAULT_FILTERS, type OpenJobsFilters } from './open-jobs';

export interface OpenJobsViewProps {
  list: PagedList<FreelancerJobsPage>;
  filters: OpenJobsFilters;
  onFiltersChange: (filters: OpenJobsFilters) => void;
  now?: Date;
  /** The signed-in freelancer (what the apply buttons need); undefined while loading. */
  me?: FreelancerMe;
  fetchImpl?: typeof fetch;
}

/** The "Vagas" tab: search and day filters, then open vacancies as cards, in the server's order (soonest first). */
export function OpenJobsView({
  list,
  filters,
  onFiltersChange,
  now = new Date(),
  me,
  fetchImpl,
}: OpenJobsViewProps) {
  const today = saoPauloDate(now);
  const filtered = filters.q !== '' || filters.date !== '';
  const total = list.data?.total;
  return (
    <section aria-labelledby="open-jobs-title" className="t-stack">
      <h2 id="open-jobs-title" style={{ fontSize: 18 }}>
        Vagas disponíveis {total !== undefined && <span className="t-muted">({total})</span>}
      </h2>
      <ListFilters
        label="Filtros das vagas"
        onClear={filtered ? () => onFiltersChange(OPEN_JOBS_DEFAULT_FILTERS) : undefined}
      >
        <SearchField
          label="Buscar vagas"
          placeholder="Função ou título"
          value={filters.q}
          onSearch={(q) => onFiltersChange({ ...filters, q })}
        />
        <TextField
          label="Data"
          type="date"
          min={today}
          value={filters.date}
          error={isPastDate(filters.date, today) ? 'Escolha hoje ou uma data futura.' : undefined}
          onChange={(e) => onFiltersChange({ ...filters, date: e.target.value })}
        />
      </ListFilters>
      <PagedListBody list={list} label="Lista de vagas disponíveis" errorTitle={MESSAGES.jobs.loadFailed}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="t-card t-coming-soon" role="status">
              {filtered
                ? 'Nenhuma vaga encontrada com estes filtros.'
                : 'Nenhuma vaga disponível no momento. Volte mais tarde: novas vagas aparecem todos os dias.'}
            </p>
          ) : (
            <div style={CARD_GRID_STYLE}>
              {data.items.map((job) => (
                <OpenJobCard
                  key={job.id}
                  job={job}
                  now={now}
                  me={me}
                  onApplied={list.refresh}
                  fetchImpl={fetchImpl}
                />
              ))}
            </div>
          )
        }
      </PagedListBody>
    </section>
  );
}
