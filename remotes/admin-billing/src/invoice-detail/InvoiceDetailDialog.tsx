import { AdminInvoiceDetailSchema } from '@turno/contracts';
import { Button, buttonClassName, Dialog, QueryView, useBffQuery } from '@turno/ui';
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
