import {
  AdminRatingsPageSchema,
  AdminRatingsQuerySchema,
  type RATER_TYPE_FILTERS,
  RATING_SCORE_FILTERS,
  type AdminRating,
} from '@turno/contracts';
import { POLL_INTERVAL_MS, formatDateBR, formatRatingAverage } from '@turno/domain';
import {
  Badge,
  Button,
  formatTimeRange,
  formatTimestampBR,
  ListFilters,
  ListScreen,
  SearchField,
  SelectField,
  StatCard,
  StatGrid,
  useLiveRefresh,
  usePagedList,
} from '@turno/ui';
import { useState } from 'react';
import { ADMIN_OPS_BFF } from '../shared/bff';
import { ExportLink } from '../shared/ExportLink';

export const RATINGS_URL = `${ADMIN_OPS_BFF}/ratings`;
const DEFAULTS = AdminRatingsQuerySchema.parse({});

export type RatingsFilters = {
  q: string;
  rating: (typeof RATING_SCORE_FILTERS)[number];
  rater: (typeof RATER_TYPE_FILTERS)[number];
};
export const RATINGS_DEFAULT_FILTERS: RatingsFilters = { q: '', rating: 'all', rater: 'all' };

const SCORE_OPTIONS = RATING_SCORE_FILTERS.map((value) => ({
  value,
  label: value === 'all' ? 'Todas as notas' : `${value} estrela${value === '1' ? '' : 's'}`,
}));
const RATER_OPTIONS = [
  { value: 'all', label: 'Todos' },
  { value: 'restaurant', label: 'Mercado' },
  { value: 'freelancer', label: 'Freelancer' },
];
const RATER_LABELS: Record<AdminRating['rated_by_type'], string> = {
  restaurant: 'Avaliado pelo mercado',
  freelancer: 'Avaliado pelo freelancer',
};

function Stars({ value }: { value: number }) {
  return (
    <span aria-label={`${value} de 5 estrelas`} style={{ color: 'var(--t-color-warning, #b45309)' }}>
      {'★'.repeat(value)}
      <span aria-hidden="true" className="t-muted">
        {'☆'.repeat(5 - value)}
      </span>
    </span>
  );
}

function RatingItem({ r }: { r: AdminRating }) {
  return (
    <li className="t-card" style={{ padding: 12 }} data-testid={`rating-${r.id}`}>
      <div className="t-row" style={{ gap: 8, justifyContent: 'space-between' }}>
        <strong>{r.job_title}</strong>
        <Badge tone={r.rated_by_type === 'restaurant' ? 'info' : 'success'}>
          {RATER_LABELS[r.rated_by_type]}
        </Badge>
      </div>
      <div style={{ fontSize: 14 }}>
        {r.restaurant_name} · {r.freelancer_name}
      </div>
      <div className="t-muted" style={{ fontSize: 13 }}>
        {formatDateBR(r.date_needed)} · {formatTimeRange(r.start_time, r.end_time)}
      </div>
      <Stars value={r.rating} />
      {r.comment && <p style={{ margin: '6px 0 0', overflowWrap: 'anywhere' }}>“{r.comment}”</p>}
      <div className="t-muted" style={{ fontSize: 12 }}>
        Atribuição #{r.assignment_id} · criada em {formatTimestampBR(r.created_at)}
      </div>
    </li>
  );
}

/** "Avaliações" (spec 02 §2): the platform's cards, search and filters on the server, the list newest first. */
export function RatingsScreen({ fetchImpl }: { fetchImpl?: typeof fetch }) {
  const [filters, setFilters] = useState(RATINGS_DEFAULT_FILTERS);
  const list = usePagedList(RATINGS_URL, filters, AdminRatingsPageSchema, { defaults: DEFAULTS, fetchImpl });
  useLiveRefresh('admin-ops', list.refresh, {
    pollIntervalMs: POLL_INTERVAL_MS.adminJobs,
    types: ['rating_created'],
  });
  const stats = list.data?.stats;
  const filtered = filters.q !== '' || filters.rating !== 'all' || filters.rater !== 'all';
  return (
    <ListScreen
      title="Avaliações"
      subtitle="Todas as avaliações entre mercados e freelancers."
      actions={
        <div className="t-row" style={{ gap: 6 }}>
          <Button size="sm" variant="secondary" onClick={() => void list.refresh()}>
            Atualizar
          </Button>
          <ExportLink file="ratings.xlsx" params={filters} label="Avaliações" />
        </div>
      }
      before={
        stats && (
          <StatGrid label="Resumo das avaliações">
            <StatCard label="Total de avaliações" value={stats.total} />
            <StatCard
              label="Média geral"
              value={stats.average === null ? '—' : formatRatingAverage(stats.average)}
              tone="warning"
            />
            <StatCard label="Por mercados" value={stats.byRestaurants} tone="info" />
            <StatCard label="Por freelancers" value={stats.byFreelancers} tone="success" />
          </StatGrid>
        )
      }
      filters={
        <ListFilters
          label="Filtros das avaliações"
          onClear={filtered ? () => setFilters(RATINGS_DEFAULT_FILTERS) : undefined}
        >
          <SearchField
            label="Buscar avaliação"
            placeholder="Vaga, mercado, freelancer ou comentário"
            value={filters.q}
            onSearch={(q) => setFilters({ ...filters, q })}
          />
          <SelectField
            label="Nota"
            value={filters.rating}
            onChange={(e) => setFilters({ ...filters, rating: e.target.value as RatingsFilters['rating'] })}
            options={SCORE_OPTIONS}
          />
          <SelectField
            label="Avaliado por"
            value={filters.rater}
            onChange={(e) => setFilters({ ...filters, rater: e.target.value as RatingsFilters['rater'] })}
            options={RATER_OPTIONS}
          />
        </ListFilters>
      }
      list={list}
      label="Avaliações encontradas"
      empty={filtered ? 'Nenhuma avaliação encontrada com estes filtros.' : 'Nenhuma avaliação ainda.'}
    >
      {(data) => (
        <ul className="t-stack" style={{ listStyle: 'none', margin: 0, padding: 0, gap: 12 }}>
          {data.items.map((r) => (
            <RatingItem key={r.id} r={r} />
          ))}
        </ul>
      )}
    </ListScreen>
  );
}
