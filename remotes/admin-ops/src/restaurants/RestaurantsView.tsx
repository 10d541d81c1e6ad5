import { type AdminRestaurant } from '@turno/contracts';
import { ACCOUNT_STATE_LABELS, restaurantAccountState } from '@turno/domain';
import { Badge, formatTimestampBR, PageHeader, StatCard, StatGrid, Table, type TableColumn } from '@turno/ui';
import { ACCOUNT_STATE_TONES, countByState, sortForReview } from './restaurants';

const COLUMNS: TableColumn<AdminRestaurant>[] = [
  {
    key: 'restaurant',
    header: 'Mercado',
    render: (r) => (
      <>
        <strong>{r.business_name}</strong>
        <div className="t-muted">{r.cuisine_type ?? 'Tipo não informado'}</div>
      </>
    ),
  },
  { key: 'responsible', header: 'Responsável', render: (r) => r.name },
  {
    key: 'contact',
    header: 'Contato',
    render: (r) => (
      <>
        {r.phone ?? <span className="t-muted">Sem telefone</span>}
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

/** The admin's "Mercados" tab: account states at a glance and the list, pending first. */
export function RestaurantsView({ restaurants }: { restaurants: readonly AdminRestaurant[] }) {
  const counts = countByState(restaurants);
  return (
    <div className="t-stack">
      <PageHeader as="h2" title="Mercados" subtitle="Cadastros de mercados, hortifrútis e atacados." />
      <StatGrid label="Mercados por situação">
        <StatCard label="Total" value={counts.total} />
        <StatCard label="Pendentes" value={counts.pending} tone="warning" />
        <StatCard label="Aprovados" value={counts.approved} tone="success" />
        <StatCard label="Rejeitados" value={counts.rejected} tone="danger" />
      </StatGrid>
      <Table
        caption="Lista de mercados"
        hideCaption
        columns={COLUMNS}
        rows={sortForReview(restaurants)}
        rowKey={(r) => r.id}
        emptyMessage="Nenhum mercado cadastrado ainda."
      />
    </div>
  );
}
