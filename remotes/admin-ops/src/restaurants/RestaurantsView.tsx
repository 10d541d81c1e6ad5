import { AccountRowActions, type AccountRowHandlers } from '../shared/AccountRowActions';
import { ExportLink } from '../shared/ExportLink';
import {
  type AdminRestaurant,
  type AdminRestaurantsPage,
  type RestaurantListStatusFilter,
} from '@turno/contracts';
import {
  ACCOUNT_STATE_LABELS,
  MESSAGES,
  formatCnpj,
  formatPhone,
  restaurantAccountState,
} from '@turno/domain';
import { type ReactNode } from 'react';
import {
  Badge,
  formatTimestampBR,
  ListFilters,
  PageHeader,
  PagedListBody,
  SearchField,
  SelectField,
  StatCard,
  StatGrid,
  ResponsiveTable,
  type PagedList,
  type TableColumn,
} from '@turno/ui';
import {
  ACCOUNT_STATE_TONES,
  RESTAURANT_STATUS_OPTIONS,
  RESTAURANTS_DEFAULT_FILTERS,
  restaurantsQuery,
  type RestaurantsFilters,
} from './restaurants';

/** What the admin can do on a row; `running` is the key of the action under way (`approve-12`…). */
export type RestaurantRowActions = AccountRowHandlers<AdminRestaurant>;

/** "3 lojas: Centro, Vila Mariana…" — the count and the active stores' first names. */
export function storesLine(count: number, names: readonly string[]): string {
  const more = count > names.length ? '…' : '';
  return `${count} lojas${names.length ? `: ${names.join(', ')}${more}` : ''}`;
}

const COLUMNS: TableColumn<AdminRestaurant>[] = [
  {
    key: 'restaurant',
    header: 'Mercado',
    render: (r) => (
      <>
        <strong>{r.business_name}</strong>
        <div className="t-muted">{r.cuisine_type ?? 'Tipo não informado'}</div>
        {/* The legal identity the invoices carry (issue 25). */}
        {r.legal_name && <div>{r.legal_name}</div>}
        <div className="t-muted">{r.cnpj ? `CNPJ ${formatCnpj(r.cnpj)}` : 'CNPJ não informado'}</div>
        {/* A chain's stores (issue 28). */}
        {(r.store_count ?? 0) > 1 && (
          <div data-testid="restaurant-stores">{storesLine(r.store_count!, r.active_store_names ?? [])}</div>
        )}
      </>
    ),
  },
  { key: 'responsible', header: 'Responsável', render: (r) => r.name },
  {
    key: 'contact',
    header: 'Contato',
    render: (r) => (
      <>
        {r.phone ? formatPhone(r.phone) : <span className="t-muted">Sem telefone</span>}
        {r.contact_person && r.contact_person !== r.name && <div>{r.contact_person}</div>}
        <div className="t-muted">Usuário #{r.user_id}</div>
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (r) => {
      const state = restaurantAccountState(r);
      return <Badge tone={ACCOUNT_STATE_TONES[state]}>{ACCOUNT_STATE_LABELS[state]}</Badge>;
    },
  },
  { key: 'created', header: 'Cadastro', render: (r) => formatTimestampBR(r.created_at, { dateOnly: true }) },
];

export interface RestaurantsViewProps {
  list: PagedList<AdminRestaurantsPage>;
  filters: RestaurantsFilters;
  onFiltersChange: (filters: RestaurantsFilters) => void;
  /** Row actions; without them the table only lists. */
  actions?: RestaurantRowActions;
  /** The result of the last action, shown above the list. */
  feedback?: ReactNode;
}

/** The admin's "Mercados" tab: account states at a glance, search and status filter, the list newest first. */
export function RestaurantsView({ list, filters, onFiltersChange, actions, feedback }: RestaurantsViewProps) {
  const counts = list.data?.counts;
  const columns: TableColumn<AdminRestaurant>[] = actions
    ? [
        ...COLUMNS,
        {
          key: 'actions',
          header: 'Ações',
          render: (r) => (
            <AccountRowActions
              account={r}
              name={r.business_name}
              pending={restaurantAccountState(r) === 'pending'}
              actions={actions}
            />
          ),
        },
      ]
    : COLUMNS;
  const filtered = filters.q !== '' || filters.status !== 'all';
  return (
    <div className="t-stack">
      <PageHeader
        as="h2"
        title="Mercados"
        subtitle="Cadastros de mercados, hortifrútis e atacados."
        actions={<ExportLink file="restaurants.xlsx" params={restaurantsQuery(filters)} label="Mercados" />}
      />
      {feedback}
      {counts && (
        <StatGrid label="Mercados por situação">
          <StatCard label="Total" value={counts.all} />
          <StatCard label="Pendentes" value={counts.pending} tone="warning" />
          <StatCard label="Aprovados" value={counts.approved} tone="success" />
          <StatCard label="Rejeitados" value={counts.rejected} tone="danger" />
        </StatGrid>
      )}
      <ListFilters
        label="Filtros dos mercados"
        onClear={filtered ? () => onFiltersChange(RESTAURANTS_DEFAULT_FILTERS) : undefined}
      >
        <SearchField
          label="Buscar mercado"
          placeholder="Nome, responsável, tipo ou CNPJ"
          value={filters.q}
          onSearch={(q) => onFiltersChange({ ...filters, q })}
        />
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(e) =>
            onFiltersChange({ ...filters, status: e.target.value as RestaurantListStatusFilter })
          }
          options={RESTAURANT_STATUS_OPTIONS}
        />
      </ListFilters>
      <PagedListBody list={list} label="Mercados encontrados" errorTitle={MESSAGES.restaurants.loadFailed}>
        {(data) => (
          <ResponsiveTable
            caption="Lista de mercados"
            hideCaption
            columns={columns}
            rows={data.items}
            rowKey={(r) => r.id}
            emptyMessage={
              filtered ? 'Nenhum mercado encontrado com estes filtros.' : 'Nenhum mercado cadastrado ainda.'
            }
          />
        )}
      </PagedListBody>
    </div>
  );
}
