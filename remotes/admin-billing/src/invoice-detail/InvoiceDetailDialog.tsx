import { AdminInvoiceDetailSchema } from '@turno/contracts';
import { Button, buttonClassName, QueryView, useBffQuery } from '@turno/ui';
import { Modal } from '../shared/Modal';
import { InvoiceDocumentView } from './InvoiceDocumentView';
import { invoiceDetailUrl, invoiceLinesExportUrl, invoicePdfUrl, invoicePrintUrl } from './invoice-detail';

export interface InvoiceDetailDialogProps {
  /** The invoice shown; none closes the dialog. */
  invoiceId: number | undefined;
  onClose: () => void;
}

function InvoiceDetailBody({ invoiceId }: { invoiceId: number }) {
  const query = useBffQuery(invoiceDetailUrl(invoiceId), AdminInvoiceDetailSchema);
  return (
    <QueryView query={query} loadingLabel="Carregando fatura...">
      {(detail) => (
        <>
          <InvoiceDocumentView document={detail.document} />
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

/** The invoice view (spec 02 §2): its document, "Imprimir" (the print page), "Baixar PDF", the lines in Excel. */
export function InvoiceDetailDialog({ invoiceId, onClose }: InvoiceDetailDialogProps) {
  return (
    <Modal title="Detalhes da fatura" open={invoiceId !== undefined} onClose={onClose} wide>
      {invoiceId !== undefined && <InvoiceDetailBody invoiceId={invoiceId} />}
      <div className="t-row" style={{ justifyContent: 'flex-end' }}>
        <Button variant="secondary" size="sm" onClick={onClose}>
          Fechar
        </Button>
      </div>
    </Modal>
  );
}
