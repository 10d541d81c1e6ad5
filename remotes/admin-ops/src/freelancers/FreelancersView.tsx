import { AccountRowActions, type AccountRowHandlers } from '../shared/AccountRowActions';
import { ExportLink } from '../shared/ExportLink';
import {
  type AdminFreelancer,
  type AdminFreelancersPage,
  type FreelancerListStatusFilter,
} from '@turno/contracts';
import {
  ACCOUNT_STATE_LABELS,
  formatPhone,
  formatRatingAverage,
  freelancerAccountState,
  VETTING_MESSAGES,
  VETTING_STATUS_LABELS,
} from '@turno/domain';
import {
  Badge,
  Button,
  ListFilters,
  PageHeader,
  PagedListBody,
  ResponsiveTable,
  SearchField,
  SelectField,
  StatCard,
  StatGrid,
  type PagedList,
  type TableColumn,
} from '@turno/ui';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { ACCOUNT_STATE_TONES } from '../restaurants/restaurants';
import {
  FREELANCER_STATUS_OPTIONS,
  FREELANCERS_DEFAULT_FILTERS,
  freelancersQuery,
  specialtiesSummary,
  type FreelancersFilters,
} from './freelancers';

/** What the admin can do on a row; `running` is the key of the action under way. */
export type FreelancerRowActions = AccountRowHandlers<AdminFreelancer>;

const photoStyle: CSSProperties = {
  width: 40,
  height: 40,
  borderRadius: '50%',
  objectFit: 'cover',
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'var(--t-color-primary-soft)',
  color: 'var(--t-color-primary)',
  fontSize: 10,
  fontWeight: 700,
};

/** The profile photo, or a "SEM FOTO" disc of the same size (also when the photo cannot be loaded). */
export function FreelancerPhoto({ url, name }: { url: string | null; name: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  return url && broken !== url ? (
    <img src={url} alt={`Foto de ${name}`} style={photoStyle} onError={() => setBroken(url)} />
  ) : (
    <span style={photoStyle} aria-label="Sem foto">
      SEM FOTO
    </span>
  );
}

function columns(actions: FreelancerRowActions | undefined): TableColumn<AdminFreelancer>[] {
  const base: TableColumn<AdminFreelancer>[] = [
    {
      key: 'freelancer',
      header: 'Freelancer',
      render: (f) => (
        <span className="t-row" style={{ flexWrap: 'nowrap', gap: 10 }}>
          <FreelancerPhoto url={f.profile_photo_url} name={f.name} />
          <strong>{f.name}</strong>
        </span>
      ),
    },
    {
      key: 'rating',
      header: 'Avaliação',
      render: (f) =>
        f.rating === null ? (
          <span className="t-muted">Sem avaliações</span>
        ) : (
          `★ ${formatRatingAverage(f.rating)}`
        ),
    },
    { key: 'jobs', header: 'Trabalhos', render: (f) => f.total_jobs },
    {
      key: 'contact',
      header: 'Contato',
      render: (f) => (
        <>
          {f.phone ? (
            <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(f.phone)}</span>
          ) : (
            <span className="t-muted">Sem telefone</span>
          )}
          <div className="t-muted" style={{ whiteSpace: 'nowrap' }}>
            Usuário #{f.user_id}
          </div>
        </>
      ),
    },
    {
      key: 'experience',
      header: 'Experiência',
      render: (f) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {f.experience_years === 1 ? '1 ano' : `${f.experience_years} anos`}
        </span>
      ),
    },
    {
      key: 'specialties',
      header: 'Especialidades',
      render: (f) => {
        const { shown, more } = specialtiesSummary(f.specialties);
        if (shown.length === 0) return <span className="t-muted">Nenhuma</span>;
        return (
          <span className="t-row" style={{ gap: 4 }}>
            {shown.map((name) => (
              <Badge key={name}>{name}</Badge>
            ))}
            {more > 0 && <Badge tone="info">+{more}</Badge>}
          </span>
        );
      },
    },
    {
      key: 'status',
      header: 'Status',
      render: (f) => {
        const state = freelancerAccountState(f);
        const badge = <Badge tone={ACCOUNT_STATE_TONES[state]}>{ACCOUNT_STATE_LABELS[state]}</Badge>;
        if (state !== 'pending') return badge;
        // Issue 27: where a pending freelancer's checklist stands ("Cadastro incompleto", "Em análise"…).
        return (
          <span className="t-row" style={{ gap: 4, flexWrap: 'wrap' }}>
            {badge}
            <Badge tone={f.vetting_complete ? 'info' : 'neutral'}>
              {f.vetting_complete && f.vetting_status
                ? VETTING_STATUS_LABELS[f.vetting_status]
                : VETTING_MESSAGES.incompleteBadge}
            </Badge>
          </span>
        );
      },
    },
  ];
  return actions
    ? [
        ...base,
        {
          key: 'actions',
          header: 'Ações',
          render: (f) => (
            <AccountRowActions
              account={f}
              name={f.name}
              pending={freelancerAccountState(f) === 'pending'}
              approvable={f.vetting_complete === true}
              actions={actions}
            />
          ),
        },
      ]
    : base;
}

export interface FreelancersViewProps {
  list: PagedList<AdminFreelancersPage>;
  filters: FreelancersFilters;
  onFiltersChange: (filters: FreelancersFilters) => void;
  actions?: FreelancerRowActions;
  onCreate?: () => void;
  feedback?: ReactNode;
}

/** The admin's "Freelancers" tab: stat cards, search by name or specialty, status, the table. */
export function FreelancersView({
  list,
  filters,
  onFiltersChange,
  actions,
  onCreate,
  feedback,
}: FreelancersViewProps) {
  const counts = list.data?.counts;
  const filtered = filters.q !== '' || filters.status !== 'all';
  return (
    <div className="t-stack">
      <div className="t-row" style={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <PageHeader as="h2" title="Freelancers" subtitle="Cadastro, aprovação e edição de freelancers." />
        <div className="t-row" style={{ gap: 6 }}>
          <ExportLink file="freelancers.xlsx" params={freelancersQuery(filters)} label="Freelancers" />
          {onCreate && (
            <Button onClick={onCreate} disabled={actions?.running != null}>
              Novo Freelancer
            </Button>
          )}
        </div>
      </div>
      {feedback}
      {counts && (
        <StatGrid label="Freelancers por situação">
          <StatCard label="Total" value={counts.all} />
          <StatCard label="Pendentes" value={counts.pending} tone="warning" />
          <StatCard label="Aprovados" value={counts.approved} tone="success" />
          <StatCard label="Rejeitados" value={counts.rejected} tone="danger" />
        </StatGrid>
      )}
      <ListFilters
        label="Filtros dos freelancers"
        onClear={filtered ? () => onFiltersChange(FREELANCERS_DEFAULT_FILTERS) : undefined}
      >
        <SearchField
          label="Buscar freelancer"
          placeholder="Nome ou especialidade"
          value={filters.q}
          onSearch={(q) => onFiltersChange({ ...filters, q })}
        />
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(e) =>
            onFiltersChange({ ...filters, status: e.target.value as FreelancerListStatusFilter })
          }
          options={FREELANCER_STATUS_OPTIONS}
        />
      </ListFilters>
      <PagedListBody list={list} label="Freelancers encontrados">
        {(data) => (
          <ResponsiveTable
            caption="Lista de freelancers"
            hideCaption
            columns={columns(actions)}
            rows={data.items}
            rowKey={(f) => f.id}
            emptyMessage={
              filtered
                ? 'Nenhum freelancer encontrado com estes filtros.'
                : 'Nenhum freelancer cadastrado ainda.'
            }
          />
        )}
      </PagedListBody>
    </div>
  );
}
