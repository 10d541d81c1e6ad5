import { type Invoice } from '@turno/contracts';
import { formatDateBR, formatMoney, formatWholeReais, INVOICE_STATUS_LABELS } from '@turno/domain';
import { Badge, PageHeader, StatCard, StatGrid, Table, type TableColumn } from '@turno/ui';
import { INVOICE_STATUS_TONES, INVOICE_TYPE_LABELS, invoiceStats, sortByIssueDate } from './invoices';

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

/** The admin's "Faturas" tab: totals by status and the invoice list, newest first. */
export function InvoicesView({ invoices }: { invoices: readonly Invoice[] }) {
  const stats = invoiceStats(invoices);
  return (
    <div className="t-stack">
      <PageHeader as="h2" title="Faturas" subtitle="Faturas emitidas para os mercados." />
      <StatGrid label="Faturas por situação">
        <StatCard label="Total" value={stats.total} />
        <StatCard label="Pagas" value={stats.paid} tone="success" />
        <StatCard label="Pendentes" value={stats.pending} tone="warning" />
        <StatCard label="Vencidas" value={stats.overdue} tone="danger" />
        <StatCard
          label="Valor pendente"
          value={formatWholeReais(stats.openAmount)}
          tone="info"
          hint="Pendentes e vencidas"
        />
      </StatGrid>
      <Table
        caption="Lista de faturas"
        hideCaption
        columns={COLUMNS}
        rows={sortByIssueDate(invoices)}
        rowKey={(i) => i.id}
        emptyMessage="Nenhuma fatura emitida ainda."
      />
    </div>
  );
}
