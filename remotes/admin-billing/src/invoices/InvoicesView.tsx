import { type AdminInvoicesPage, type Invoice, type InvoiceListStatusFilter } from '@turno/contracts';
import { formatDateBR, formatMoney, formatWholeReais, INVOICE_STATUS_LABELS } from '@turno/domain';
import {
  Alert,
  Badge,
  Button,
  buttonClassName,
  listUrl,
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
  INVOICE_STATUS_OPTIONS,
  INVOICE_STATUS_TONES,
  INVOICE_TYPE_LABELS,
  INVOICES_DEFAULT_FILTERS,
  INVOICES_EXPORT_URL,
  INVOICES_QUERY_DEFAULTS,
  invoicesQuery,
  type InvoicesFilters,
} from './invoices';
import { useMemo, type ReactNode } from 'react';
import { InvoiceStore } from './InvoiceStore';

/** What a row's action buttons do; `busyId` is the invoice whose action is on its way. */
export interface RowActions {
  busyId: number | undefined;
  markPaid: (invoice: Invoice) => void;
  remove: (invoice: Invoice) => void;
  /** Opens the invoice view (its document, print page and PDF). */
  view?: (invoice: Invoice) => void;
}

/** Mark paid while pending or overdue; delete unless paid (00-decisions "Billing"). */
function ActionsCell({ invoice, actions }: { invoice: Invoice; actions: RowActions }) {
  const busy = actions.busyId === invoice.id;
  const locked = actions.busyId !== undefined;
  const view = actions.view && (
    <Button
      size="sm"
      variant="secondary"
      onClick={() => actions.view?.(invoice)}
      aria-label={`Ver a fatura ${invoice.invoice_number}`}
    >
      Ver
    </Button>
  );
  if (invoice.status === 'paid') return view ?? <span className="t-muted">—</span>;
  return (
    <div className="t-row" style={{ gap: 6, flexWrap: 'wrap' }}>
      {view}
      <Button
        size="sm"
        variant="secondary"
        busy={busy}
        disabled={locked}
        onClick={() => actions.markPaid(invoice)}
        aria-label={`Marcar como paga a fatura ${invoice.invoice_number}`}
      >
        Marcar como paga
      </Button>
      <Button
        size="sm"
        variant="danger"
        disabled={locked}
        onClick={() => actions.remove(invoice)}
        aria-label={`Excluir a fatura ${invoice.invoice_number}`}
      >
        Excluir
      </Button>
    </div>
  );
}

const COLUMNS: TableColumn<Invoice>[] = [
  {
    key: 'number',
    header: 'Fatura',
    render: (i) => (
      <>
        <strong>{i.invoice_number}</strong>
        <div className="t-muted">{INVOICE_TYPE_LABELS[i.invoice_type]}</div>
      </>
    ),
  },
  {
    key: 'client',
    header: 'Cliente',
    render: (i) => (
      <>
        {i.restaurant_name}
        <InvoiceStore invoice={i} />
        {i.restaurant_contact_name && <div className="t-muted">{i.restaurant_contact_name}</div>}
      </>
    ),
  },
  { key: 'amount', header: 'Valor', align: 'right', render: (i) => formatMoney(i.amount) },
  {
    key: 'status',
    header: 'Status',
    render: (i) => <Badge tone={INVOICE_STATUS_TONES[i.status]}>{INVOICE_STATUS_LABELS[i.status]}</Badge>,
  },
  {
    key: 'dates',
    header: 'Datas',
    render: (i) => (
      <>
        <div>Emissão: {formatDateBR(i.issue_date)}</div>
        <div>Vencimento: {formatDateBR(i.due_date)}</div>
        {i.payment_date && <div className="t-muted">Pago em {formatDateBR(i.payment_date)}</div>}
      </>
    ),
  },
];

export interface InvoicesViewProps {
  list: PagedList<AdminInvoicesPage>;
  filters: InvoicesFilters;
  onFiltersChange: (filters: InvoicesFilters) => void;
  actions: RowActions;
  /** The result of the last action ("Fatura marcada como paga!", an error…). */
  notice?: { tone: 'success' | 'danger'; text: string };
  /** Shown above the stat cards: the generation panel. */
  generation?: ReactNode;
  /** Shown under the generation panel: the "Divergências de pagamento" (issue 25). */
  mismatches?: ReactNode;
}

/** The admin's "Faturas" tab: totals by status, search and status filter, the list newest first. */
export function InvoicesView({
  list,
  filters,
  onFiltersChange,
  actions,
  notice,
  generation,
  mismatches,
}: InvoicesViewProps) {
  const stats = list.data?.stats;
  const columns = useMemo<TableColumn<Invoice>[]>(
    () => [
      ...COLUMNS,
      { key: 'actions', header: 'Ações', render: (i) => <ActionsCell invoice={i} actions={actions} /> },
    ],
    [actions],
  );
  const filtered = filters.q !== '' || filters.status !== 'all';
  return (
    <div className="t-stack">
      <PageHeader
        as="h2"
        title="Faturas"
        subtitle="Faturas emitidas para os mercados."
        actions={
          <a
            className={buttonClassName('secondary', 'sm')}
            href={listUrl(INVOICES_EXPORT_URL, invoicesQuery(filters), INVOICES_QUERY_DEFAULTS)}
            download
          >
            Baixar Excel
          </a>
        }
      />
      {generation}
      {mismatches}
      {stats && (
        <StatGrid label="Faturas por situação">
          <StatCard label="Total" value={stats.all} />
          <StatCard label="Pagas" value={stats.paid} tone="success" />
          <StatCard label="Pendentes" value={stats.pending} tone="warning" />
          <StatCard label="Vencidas" value={stats.overdue} tone="danger" />
          <StatCard
            label="Valor pendente"
            value={formatWholeReais(stats.pendingAmount)}
            tone="info"
            hint="Pendentes e vencidas"
          />
        </StatGrid>
      )}
      <ListFilters
        label="Filtros das faturas"
        onClear={filtered ? () => onFiltersChange(INVOICES_DEFAULT_FILTERS) : undefined}
      >
        <SearchField
          label="Buscar fatura"
          placeholder="Número, mercado ou contato"
          value={filters.q}
          onSearch={(q) => onFiltersChange({ ...filters, q })}
        />
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(e) => onFiltersChange({ ...filters, status: e.target.value as InvoiceListStatusFilter })}
          options={INVOICE_STATUS_OPTIONS}
        />
      </ListFilters>
      {notice && (
        <Alert tone={notice.tone} data-testid="invoice-action-notice">
          {notice.text}
        </Alert>
      )}
      <PagedListBody list={list} label="Faturas encontradas">
        {(data) => (
          <ResponsiveTable
            caption="Lista de faturas"
            hideCaption
            columns={columns}
            rows={data.items}
            rowKey={(i) => i.id}
            emptyMessage={
              filtered ? 'Nenhuma fatura encontrada com estes filtros.' : 'Nenhuma fatura emitida ainda.'
            }
          />
        )}
      </PagedListBody>
    </div>
  );
}
