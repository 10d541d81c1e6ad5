import { AdminInvoiceDetailSchema, type AdminInvoiceDetail, type InvoicePixCharge } from '@turno/contracts';
import { INVOICE_PIX_STATUS_LABELS, type InvoicePixChargeStatus } from '@turno/domain';
import {
  Badge,
  BffError,
  type BffQuery,
  Button,
  buttonClassName,
  Dialog,
  InvoicePixPayment,
  fetchBff,
  QueryView,
  type Tone,
  useLiveRefresh,
} from '@turno/ui';
import { useCallback, useEffect, useState } from 'react';
import { INVOICES_POLL_INTERVAL_MS } from '../invoices/poll';
import { InvoiceDocumentView } from './InvoiceDocumentView';
import { invoiceDetailUrl, invoiceLinesExportUrl, invoicePdfUrl, invoicePrintUrl } from './invoice-detail';

export interface InvoiceDetailDialogProps {
  /** The invoice shown; none closes the dialog. */
  invoiceId: number | undefined;
  onClose: () => void;
}

const PIX_TONES: Record<InvoicePixChargeStatus, Tone> = {
  creating: 'neutral',
  active: 'info',
  paid: 'success',
  mismatch: 'warning',
  cancelled: 'neutral',
  failed: 'danger',
};

/** The charge's state for the admin ("Pix: Divergência de pagamento") and the business's block. */
function PixChargeSection({ charge }: { charge: InvoicePixCharge }) {
  return (
    <div className="t-stack" style={{ gap: 8 }} data-testid="admin-invoice-pix">
      <p style={{ margin: 0 }}>
        <strong>Pix:</strong>{' '}
        <Badge tone={PIX_TONES[charge.status]}>{INVOICE_PIX_STATUS_LABELS[charge.status]}</Badge>{' '}
        <span className="t-muted" style={{ overflowWrap: 'anywhere' }}>
          txid {charge.txid}
        </span>
      </p>
      <InvoicePixPayment charge={charge} headingLevel={4} />
    </div>
  );
}

/** Live events after which the view re-reads: the invoice paid or its charge changed. */
const DETAIL_EVENTS = ['invoice_paid', 'invoice_deleted', 'invoice_charge_updated'] as const;

/**
 * The invoice's detail, re-read on its live events without blinking: a refresh keeps what is shown
 * (and a failed refresh keeps it too); only the first read shows "Carregando fatura...".
 */
function useInvoiceDetail(invoiceId: number): BffQuery<AdminInvoiceDetail> {
  const url = invoiceDetailUrl(invoiceId);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ data?: AdminInvoiceDetail; error?: BffError }>({});
  useEffect(() => setState({}), [url]);
  useEffect(() => {
    const controller = new AbortController();
    fetchBff(url, AdminInvoiceDetailSchema, { signal: controller.signal }).then(
      (data) => setState({ data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure =
          error instanceof BffError ? error : new BffError('Erro inesperado.', undefined, { cause: error });
        setState((current) => (current.data ? current : { error: failure }));
      },
    );
    return () => controller.abort();
  }, [url, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  if (state.data) return { status: 'success', data: state.data, error: undefined, reload };
  if (state.error) return { status: 'error', data: undefined, error: state.error, reload };
  return { status: 'loading', data: undefined, error: undefined, reload };
}

function InvoiceDetailBody({ invoiceId }: { invoiceId: number }) {
  const query = useInvoiceDetail(invoiceId);
  useLiveRefresh('admin-billing', query.reload, {
    pollIntervalMs: INVOICES_POLL_INTERVAL_MS,
    types: DETAIL_EVENTS,
  });
  return (
    <QueryView query={query} loadingLabel="Carregando fatura...">
      {(detail) => (
        <>
          <InvoiceDocumentView document={detail.document} />
          {detail.pix_charge && <PixChargeSection charge={detail.pix_charge} />}
          <div className="t-row" style={{ gap: 8, flexWrap: 'wrap' }}>
            <a
              className={buttonClassName('primary', 'sm')}
              href={invoicePrintUrl(invoiceId)}
              target="_blank"
              rel="noopener"
            >
              Imprimir
            </a>
            <a
              className={buttonClassName('secondary', 'sm')}
              href={invoicePdfUrl(invoiceId)}
              target="_blank"
              rel="noopener"
            >
              Baixar PDF
            </a>
            {detail.document.lines.length > 0 && (
              <a
                className={buttonClassName('secondary', 'sm')}
                href={invoiceLinesExportUrl(invoiceId)}
                download
              >
                Baixar Excel dos serviços
              </a>
            )}
          </div>
        </>
      )}
    </QueryView>
  );
}

/**
 * The invoice view (spec 02 §2): its document, its Pix charge's state and "Pague com Pix" (issue
 * 25), "Imprimir" (the print page), "Baixar PDF", the lines in Excel. Re-read on the invoice's live
 * events.
 */
export function InvoiceDetailDialog({ invoiceId, onClose }: InvoiceDetailDialogProps) {
  return (
    invoiceId !== undefined && (
      <Dialog
        title="Detalhes da fatura"
        onClose={onClose}
        size="wide"
        closeButton={false}
        footer={
          <Button variant="secondary" onClick={onClose}>
            Fechar
          </Button>
        }
      >
        <InvoiceDetailBody invoiceId={invoiceId} />
      </Dialog>
    )
  );
}
