import { PixMismatchListSchema, type PixMismatch } from '@turno/contracts';
import { INVOICE_PIX_MESSAGES, INVOICE_STATUS_LABELS, formatMoney } from '@turno/domain';
import {
  BffError,
  Button,
  fetchBff,
  formatTimestampBR,
  ResponsiveTable,
  type TableColumn,
  useLiveRefresh,
} from '@turno/ui';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { BFF } from '../invoice-detail/invoice-detail';
import { INVOICES_POLL_INTERVAL_MS } from '../invoices/poll';

/** A's admin-billing route (issue 25): the Pix received with another amount than the invoice's, newest first. */
export const PIX_MISMATCHES_URL = `${BFF}/api/admin/invoices/pix-mismatches`;
const EVENTS = ['invoice_charge_updated', 'invoice_paid', 'invoice_deleted'] as const;

export interface PixMismatchesPanelProps {
  /** Opens the invoice's view (its document, charge and actions). */
  onView: (invoiceId: number) => void;
  fetchImpl?: typeof fetch;
}

/**
 * "Divergências de pagamento" (issue 25): every Pix received for an invoice's charge with another
 * amount than the invoice's (the invoice stays pending until an admin decides). Shown above the
 * invoices only while there is one; kept fresh by the charges' live events.
 */
export function PixMismatchesPanel({ onView, fetchImpl }: PixMismatchesPanelProps) {
  const titleId = useId();
  const [items, setItems] = useState<PixMismatch[]>();
  const [error, setError] = useState<BffError>();
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    fetchBff(PIX_MISMATCHES_URL, PixMismatchListSchema, { signal: controller.signal, fetchImpl }).then(
      (list) => {
        setItems(list.items);
        setError(undefined);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure instanceof BffError ? failure : new BffError('Erro inesperado.'));
      },
    );
    return () => controller.abort();
  }, [attempt, fetchImpl]);
  useLiveRefresh('admin-billing', reload, { pollIntervalMs: INVOICES_POLL_INTERVAL_MS, types: EVENTS });

  const columns = useMemo<TableColumn<PixMismatch>[]>(
    () => [
      {
        key: 'invoice',
        header: 'Fatura',
        render: (m) => <strong>{m.invoice_number ?? 'Fatura excluída'}</strong>,
      },
      { key: 'restaurant', header: 'Mercado', render: (m) => m.restaurant_name },
      {
        key: 'amount',
        header: 'Valor da fatura',
        align: 'right',
        render: (m) => (m.amount === null ? '—' : formatMoney(m.amount)),
      },
      { key: 'received', header: 'Recebido', align: 'right', render: (m) => formatMoney(m.received_amount) },
      { key: 'at', header: 'Recebido em', render: (m) => formatTimestampBR(m.received_at) },
      {
        key: 'status',
        header: 'Situação da fatura',
        render: (m) => (m.invoice_status ? INVOICE_STATUS_LABELS[m.invoice_status] : '—'),
      },
      {
        key: 'actions',
        header: 'Ações',
        render: (m) =>
          m.invoice_id !== null && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onView(m.invoice_id!)}
              aria-label={`Ver fatura ${m.invoice_number ?? ''} (divergência)`}
            >
              Ver fatura
            </Button>
          ),
      },
    ],
    [onView],
  );

  // A secondary list of the Faturas screen: its failure is said politely (status), not as an alert.
  if (error && !items) {
    return (
      <div className="t-row" role="status" data-testid="pix-mismatches-error">
        <span className="t-hint">
          {INVOICE_PIX_MESSAGES.mismatchListTitle}: não foi possível carregar ({error.message})
        </span>
        <Button size="sm" variant="secondary" onClick={reload}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  if (!items || items.length === 0) return null;
  return (
    <section
      className="t-card t-stack"
      style={{ padding: 16, gap: 8, borderColor: 'var(--t-color-warning, #b45309)' }}
      aria-labelledby={titleId}
      data-testid="pix-mismatches"
    >
      <h3 id={titleId} style={{ margin: 0, fontSize: '1.05rem' }}>
        {INVOICE_PIX_MESSAGES.mismatchListTitle} ({items.length})
      </h3>
      <p className="t-hint">{INVOICE_PIX_MESSAGES.mismatchListHint}</p>
      <ResponsiveTable
        caption={INVOICE_PIX_MESSAGES.mismatchListTitle}
        hideCaption
        columns={columns}
        rows={items}
        rowKey={(m) => `${m.txid}-${m.end_to_end_id ?? m.received_at}`}
        emptyMessage={INVOICE_PIX_MESSAGES.mismatchListEmpty}
      />
    </section>
  );
}
