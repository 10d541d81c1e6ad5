import { AdminInvoicesPageSchema, type Invoice, type InvoiceListStatusFilter } from '@turno/contracts';
import { formatDateBR, formatMoney, formatWholeReais, INVOICE_STATUS_LABELS, MESSAGES } from '@turno/domain';
import {
  Alert,
  Badge,
  Button,
  buttonClassName,
  ListFilters,
  PagedListBody,
  ResponsiveTable,
  SelectField,
  StatCard,
  StatGrid,
  useLiveRefresh,
  usePagedList,
  type TableColumn,
} from '@turno/ui';
import { useMemo, useState } from 'react';
import { InvoiceDetailDialog } from '../invoice-detail/InvoiceDetailDialog';
import { invoicePdfUrl } from '../invoice-detail/invoice-detail';
import {
  INVOICE_STATUS_OPTIONS,
  INVOICE_STATUS_TONES,
  INVOICE_TYPE_LABELS,
  INVOICES_QUERY_DEFAULTS,
  INVOICES_URL,
} from '../invoices/invoices';
import { INVOICES_POLL_INTERVAL_MS } from '../invoices/poll';
import { useInvoiceActions } from '../invoices/useInvoiceActions';
import { InvoiceStore } from '../invoices/InvoiceStore';

export interface RestaurantInvoicesPanelProps {
  restaurantId: string;
  restaurantName?: string;
  /** For tests: the fetch the list uses (the browser's by default). */
  fetchImpl?: typeof fetch;
}

/**
 * One business's invoices (Controle Mercado → Faturas, loaded by admin_ops at run time): filtered on
 * the server by `restaurantId`, one page at a time, stat cards, status filter, and per invoice
 * "Ver" (the invoice view), "Marcar como paga" while pending or overdue, and "PDF".
 */
export function RestaurantInvoicesPanel({
  restaurantId,
  restaurantName,
  fetchImpl,
}: RestaurantInvoicesPanelProps) {
  const [status, setStatus] = useState<InvoiceListStatusFilter>('all');
  const [viewing, setViewing] = useState<number>();
  const list = usePagedList(INVOICES_URL, { restaurantId, status }, AdminInvoicesPageSchema, {
    defaults: INVOICES_QUERY_DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('admin-billing', list.refresh, {
    pollIntervalMs: INVOICES_POLL_INTERVAL_MS,
    types: ['invoice_generated', 'invoice_paid', 'invoice_overdue', 'invoice_deleted'],
  });
  const actions = useInvoiceActions({ fetchImpl, onChanged: list.refresh });
  const busyId = actions.busyId;
  const columns = useMemo<TableColumn<Invoice>[]>(
    () => [
      {
        key: 'number',
        header: 'Fatura',
        render: (i) => (
          <>
            <strong>{i.invoice_number}</strong>
            <div className="t-muted">{INVOICE_TYPE_LABELS[i.invoice_type]}</div>
            <InvoiceStore invoice={i} />
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
      {
        key: 'actions',
        header: 'Ações',
        render: (i) => (
          <div className="t-row" style={{ gap: 6, flexWrap: 'wrap' }}>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setViewing(i.id)}
              aria-label={`Ver a fatura ${i.invoice_number}`}
            >
              Ver
            </Button>
            {i.status !== 'paid' && (
              <Button
                size="sm"
                variant="secondary"
                busy={busyId === i.id}
                disabled={busyId !== undefined}
                onClick={() => void actions.markPaid(i)}
                aria-label={`Marcar como paga a fatura ${i.invoice_number}`}
              >
                Marcar como paga
              </Button>
            )}
            <a
              className={buttonClassName('secondary', 'sm')}
              href={invoicePdfUrl(i.id)}
              target="_blank"
              rel="noopener"
              aria-label={`PDF da fatura ${i.invoice_number}`}
            >
              PDF
            </a>
          </div>
        ),
      },
    ],
    // The handlers read the latest state through busyId; a new busyId gives new buttons.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [busyId],
  );
  const stats = list.data?.stats;
  const who = restaurantName ?? 'este mercado';
  return (
    <section className="t-stack" aria-label={`Faturas de ${who}`} data-testid="restaurant-invoices">
      {stats && (
        <StatGrid label={`Faturas de ${who} por situação`}>
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
        label={`Filtros das faturas de ${who}`}
        onClear={status !== 'all' ? () => setStatus('all') : undefined}
      >
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as InvoiceListStatusFilter)}
          options={INVOICE_STATUS_OPTIONS}
        />
      </ListFilters>
      {actions.notice && (
        <Alert tone={actions.notice.tone} data-testid="invoice-action-notice">
          {actions.notice.text}
        </Alert>
      )}
      <PagedListBody
        list={list}
        label={`Faturas de ${who}`}
        errorTitle={MESSAGES.invoices.loadFailed}
        actions={
          <Button variant="secondary" size="sm" onClick={list.refresh}>
            Atualizar
          </Button>
        }
      >
        {(data) => (
          <ResponsiveTable
            caption={`Faturas de ${who}`}
            hideCaption
            columns={columns}
            rows={data.items}
            rowKey={(i) => i.id}
            emptyMessage={
              status !== 'all'
                ? 'Nenhuma fatura encontrada com estes filtros.'
                : `Nenhuma fatura emitida para ${who} ainda.`
            }
          />
        )}
      </PagedListBody>
      <InvoiceDetailDialog invoiceId={viewing} onClose={() => setViewing(undefined)} />
      {actions.confirmation}
    </section>
  );
}
