import {
  RestaurantInvoiceDetailSchema,
  RestaurantInvoicesPageSchema,
  RestaurantInvoicesQuerySchema,
  type Invoice,
  type InvoiceListStatusFilter,
  type RestaurantInvoiceLine,
} from '@turno/contracts';
import {
  INVOICE_LIST_FILTER_LABELS,
  INVOICE_STATUS_LABELS,
  MESSAGES,
  POLL_INTERVAL_MS,
  STORE_BILLING_MESSAGES,
  formatCnpj,
  formatDateBR,
  formatMoney,
  formatPeriodBR,
  storeGroupsToShow,
  weekdayLabel,
  type InvoiceStatus,
} from '@turno/domain';
import {
  Badge,
  Button,
  Dialog,
  InvoicePixPayment,
  ListFilters,
  LoadErrorAlert,
  Loading,
  optionsOf,
  PagedListBody,
  ResponsiveTable,
  SelectField,
  StatCard,
  StatGrid,
  type TableColumn,
  type TableRowGroup,
  type Tone,
  useLiveRefresh,
  usePagedList,
} from '@turno/ui';
import { useState } from 'react';
import { BFF } from '../shared/bff';
import { useLiveResource } from '../shared/useLiveResource';

export const INVOICES_URL = `${BFF}/restaurant/invoices`;
const INVOICE_DEFAULTS = RestaurantInvoicesQuerySchema.parse({});
const STATUS_OPTIONS = optionsOf(INVOICE_LIST_FILTER_LABELS);
const INVOICE_TONES: Record<InvoiceStatus, Tone> = { pending: 'warning', paid: 'success', overdue: 'danger' };
const INVOICE_EVENTS = [
  'invoice_generated',
  'invoice_paid',
  'invoice_overdue',
  'invoice_deleted',
  // Its Pix charge created at the PSP, paid, paid with another amount, cancelled or failed (issue 25).
  'invoice_charge_updated',
] as const;

const week = (invoice: Invoice) =>
  invoice.week_start && invoice.week_end ? formatPeriodBR(invoice.week_start, invoice.week_end) : '—';

/** The "Faturas" tab: the business's invoices, a status filter, and each invoice's view and PDF. */
export function InvoicesScreen({ fetchImpl }: { fetchImpl?: typeof fetch }) {
  const [status, setStatus] = useState<InvoiceListStatusFilter>('all');
  const [open, setOpen] = useState<Invoice | null>(null);
  const list = usePagedList(INVOICES_URL, { status }, RestaurantInvoicesPageSchema, {
    defaults: INVOICE_DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('restaurant', list.refresh, {
    pollIntervalMs: POLL_INTERVAL_MS.restaurantJobs,
    types: INVOICE_EVENTS,
  });
  const columns: TableColumn<Invoice>[] = [
    {
      key: 'number',
      header: 'Número',
      render: (i) => (
        <>
          <strong>{i.invoice_number}</strong>
          {/* A per-store invoice (issue 28) says whose store it bills. */}
          {i.store_name && (
            <div className="t-muted" data-testid="invoice-store">
              {STORE_BILLING_MESSAGES.storeOfInvoice}: {i.store_name}
            </div>
          )}
        </>
      ),
    },
    { key: 'week', header: 'Semana', render: week },
    { key: 'amount', header: 'Valor', align: 'right', render: (i) => formatMoney(i.amount) },
    {
      key: 'status',
      header: 'Status',
      render: (i) => <Badge tone={INVOICE_TONES[i.status]}>{INVOICE_STATUS_LABELS[i.status]}</Badge>,
    },
    { key: 'issue', header: 'Emissão', render: (i) => formatDateBR(i.issue_date) },
    { key: 'due', header: 'Vencimento', render: (i) => formatDateBR(i.due_date) },
    {
      key: 'view',
      header: 'Ações',
      render: (i) => (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setOpen(i)}
          aria-label={`Ver fatura ${i.invoice_number}`}
        >
          Ver fatura
        </Button>
      ),
    },
  ];
  const stats = list.data?.stats;
  return (
    <div className="t-stack">
      {stats && (
        <StatGrid label="Resumo das faturas">
          <StatCard label="Pendentes" value={stats.pending} tone="warning" />
          <StatCard label="Vencidas" value={stats.overdue} tone="danger" />
          <StatCard label="Pagas" value={stats.paid} tone="success" />
          <StatCard label="A pagar" value={formatMoney(stats.pendingAmount)} tone="info" />
        </StatGrid>
      )}
      <ListFilters
        label="Filtros das faturas"
        onClear={status === 'all' ? undefined : () => setStatus('all')}
      >
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as InvoiceListStatusFilter)}
          options={STATUS_OPTIONS}
        />
      </ListFilters>
      <PagedListBody list={list} label="Faturas" errorTitle={MESSAGES.invoices.loadFailed}>
        {(data) => (
          <ResponsiveTable
            caption="Faturas"
            hideCaption
            columns={columns}
            rows={data.items}
            rowKey={(i) => i.id}
            emptyMessage="Nenhuma fatura encontrada."
          />
        )}
      </PagedListBody>
      {open && <InvoiceDialog invoice={open} onClose={() => setOpen(null)} fetchImpl={fetchImpl} />}
    </div>
  );
}

/** An invoice's service line, keyed by its place in the invoice. */
type LineRow = RestaurantInvoiceLine & { key: number };

const LINE_COLUMNS: TableColumn<LineRow>[] = [
  { key: 'weekday', header: 'Dia', render: (l) => weekdayLabel(l.date_needed) },
  { key: 'date', header: 'Data', render: (l) => formatDateBR(l.date_needed) },
  {
    key: 'service',
    header: 'Serviço',
    render: (l) => `${l.position_type} (${l.start_time} às ${l.end_time})`,
  },
  { key: 'professional', header: 'Profissional', render: (l) => l.freelancer_name },
  { key: 'amount', header: 'Valor', align: 'right', render: (l) => formatMoney(l.restaurant_payment_amount) },
];

/** The lines by store, each with its subtotal, when they are of two stores or more (issue 28). */
function lineGroups(rows: LineRow[]): TableRowGroup<LineRow>[] | undefined {
  return storeGroupsToShow(rows)?.map((group) => ({
    key: group.storeId ?? group.storeName,
    heading: group.storeName,
    rows: group.lines,
    total: { label: STORE_BILLING_MESSAGES.subtotal(group.storeName), value: formatMoney(group.subtotal) },
  }));
}

/**
 * The invoice view: its facts, "Pague com Pix" (its charge's QR code and code, issue 25), its
 * service lines (by store, with subtotals, when of two stores or more: issue 28) and total, and "Baixar PDF" (a new tab). It re-reads on the invoice's live events,
 * so a payment made meanwhile shows without a reload.
 */
function InvoiceDialog({
  invoice,
  onClose,
  fetchImpl,
}: {
  invoice: Invoice;
  onClose: () => void;
  fetchImpl?: typeof fetch;
}) {
  const detail = useLiveResource(`${INVOICES_URL}/${invoice.id}`, RestaurantInvoiceDetailSchema, {
    types: INVOICE_EVENTS,
    fetchImpl,
  });
  const rows: LineRow[] = (detail.data?.lines ?? []).map((line, key) => ({ ...line, key }));
  // The detail's status is the live one (the list's row may be older).
  const status = detail.data?.invoice.status ?? invoice.status;
  const charge = detail.data?.pix_charge ?? null;
  // An unpaid invoice's charge, or the Pix that paid it ("Pago em 27/11 às 14:32").
  const showPix = charge !== null && (status !== 'paid' || charge.status === 'paid');
  return (
    <Dialog
      title={`Fatura ${invoice.invoice_number}`}
      onClose={onClose}
      size="wide"
      footer={
        <a
          className="t-btn t-btn--primary"
          href={`${INVOICES_URL}/${invoice.id}/pdf`}
          target="_blank"
          rel="noopener"
        >
          Baixar PDF
        </a>
      }
    >
      <dl className="r-facts">
        <dt>Semana</dt>
        <dd>{week(invoice)}</dd>
        {invoice.store_name && (
          <>
            <dt>{STORE_BILLING_MESSAGES.storeOfInvoice}</dt>
            <dd data-testid="invoice-store-fact">{invoice.store_name}</dd>
          </>
        )}
        <dt>Emissão</dt>
        <dd>{formatDateBR(invoice.issue_date)}</dd>
        <dt>Vencimento</dt>
        <dd>{formatDateBR(invoice.due_date)}</dd>
        <dt>Status</dt>
        <dd data-testid="invoice-status">{INVOICE_STATUS_LABELS[status]}</dd>
        {/* The client as the PDF names it: razão social and CNPJ once the business gave them (issue 25). */}
        {detail.data && (
          <>
            <dt>Cliente</dt>
            <dd>{detail.data.client.business_name}</dd>
            {detail.data.client.legal_name && (
              <>
                <dt>{MESSAGES.restaurants.legalNameLabel}</dt>
                <dd data-testid="invoice-legal-name">{detail.data.client.legal_name}</dd>
              </>
            )}
            {detail.data.client.cnpj && (
              <>
                <dt>{MESSAGES.restaurants.cnpjLabel}</dt>
                <dd data-testid="invoice-cnpj">{formatCnpj(detail.data.client.cnpj)}</dd>
              </>
            )}
          </>
        )}
      </dl>
      {!detail.data && detail.loading && <Loading />}
      {!detail.data && detail.error && (
        <LoadErrorAlert detail={detail.error.detail} onRetry={detail.refresh} />
      )}
      {showPix && <InvoicePixPayment charge={charge} />}
      {detail.data && (
        <>
          {/* Scrolls sideways in the dialog when the lines are wider than it: reachable by keyboard. */}
          <div className="r-scroll" tabIndex={0} role="region" aria-label="Serviços da fatura (rolável)">
            <ResponsiveTable
              caption="Serviços da fatura"
              columns={LINE_COLUMNS}
              rows={rows}
              groups={lineGroups(rows)}
              rowKey={(l) => l.key}
              emptyMessage="Nenhum serviço nesta fatura."
            />
          </div>
          <p
            style={{ margin: 0, textAlign: 'right', fontWeight: 700, fontSize: 17 }}
            data-testid="invoice-total"
          >
            Total: {formatMoney(detail.data.invoice.amount)}
          </p>
          <p className="t-hint">{MESSAGES.invoices.paymentTerms}</p>
        </>
      )}
    </Dialog>
  );
}
