import { type Invoice } from '@turno/contracts';
import { STORE_BILLING_MESSAGES } from '@turno/domain';

/** The store a per-store invoice bills (issue 28), "Loja: Centro"; nothing for a whole-business invoice. */
export function InvoiceStore({ invoice }: { invoice: Pick<Invoice, 'store_name'> }) {
  return invoice.store_name ? (
    <div data-testid="invoice-store" style={{ overflowWrap: 'anywhere' }}>
      {STORE_BILLING_MESSAGES.storeOfInvoice}: {invoice.store_name}
    </div>
  ) : null;
}
