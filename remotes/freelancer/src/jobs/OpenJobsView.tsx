import { type FreelancerJobsPage, type FreelancerMe } from '@turno/contracts';
import { saoPauloDate, MESSAGES, NEARBY_TEXTS, SEARCH_RADIUS_OPTIONS_KM } from '@turno/domain';
import { ListFilters, PagedListBody, SearchField, SelectField, TextField, type PagedList } from '@turno/ui';
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
  /** Issue 26: where "Alterar em Perfil" leads, and how it opens there. */
  profileHref?: string;
  onOpenProfile?: () => void;
}

/** The distance filter's choices: the usual ones and the freelancer's own. */
function distanceOptions(ownKm: number | undefined) {
  const kms = [...new Set([...SEARCH_RADIUS_OPTIONS_KM, ...(ownKm ? [ownKm] : [])])].sort((a, b) => a - b);
  return kms.map((km) => ({ value: String(km), label: NEARBY_TEXTS.radiusOption(km) }));
}

/**
 * The "Vagas" tab: search, day and distance filters, then open vacancies as cards in the server's
 * order (issue 26: the freelancer's specialties first, then the nearest; libs/domain nearby.ts),
 * each with its distance when the freelancer is placed.
 */
export function OpenJobsView({
  list,
  filters,
  onFiltersChange,
  now = new Date(),
  me,
  fetchImpl,
  profileHref,
  onOpenProfile,
}: OpenJobsViewProps) {
  const today = saoPauloDate(now);
  const filtered = filters.q !== '' || filters.date !== '' || filters.distanceKm !== '';
  const total = list.data?.total;
  const area = list.data?.area;
  const placed = Boolean(area?.origin);
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
        {placed && area && (
          <SelectField
            label={NEARBY_TEXTS.listFilterLabel}
            value={filters.distanceKm || String(area.radius_km)}
            options={distanceOptions(area.radius_km)}
            onChange={(e) => onFiltersChange({ ...filters, distanceKm: e.target.value })}
          />
        )}
      </ListFilters>
      {area && (
        <p className="t-muted" style={{ margin: 0, overflowWrap: 'anywhere' }} data-testid="vacancies-area">
          {area.origin ? NEARBY_TEXTS.listArea(area.origin, area.radius_km) : NEARBY_TEXTS.listUnplaced}{' '}
          {profileHref && (
            <a
              href={profileHref}
              className="t-link"
              style={{ display: 'inline-block', minHeight: 44, lineHeight: '44px' }}
              onClick={(event) => {
                if (!onOpenProfile) return;
                event.preventDefault();
                onOpenProfile();
              }}
            >
              {NEARBY_TEXTS.changeInProfile}
            </a>
          )}
        </p>
      )}
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
                  showDistance={placed}
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
