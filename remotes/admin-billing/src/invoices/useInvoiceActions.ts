import { InvoiceDeletionSchema, InvoiceStatusChangeSchema, type Invoice } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { useState } from 'react';
import { errorText, sendBff } from '../shared/send-bff';
import { INVOICES_URL } from './invoices';

export interface ActionNotice {
  tone: 'success' | 'danger';
  text: string;
}

export interface InvoiceActionsOptions {
  fetchImpl?: typeof fetch;
  /** Asks the person (window.confirm by default); false cancels the action. */
  confirm?: (question: string) => boolean;
  /** After a change: the list re-reads what it shows. */
  onChanged: () => void;
}

/**
 * Mark paid ("Marcar esta fatura como paga?") and delete ("Tem certeza que deseja excluir esta
 * fatura?"), each confirmed, one at a time (the row's buttons are disabled while it runs), with the
 * spec's success and error texts (the server's text first).
 */
export function useInvoiceActions({ fetchImpl, confirm, onChanged }: InvoiceActionsOptions) {
  const [busyId, setBusyId] = useState<number>();
  const [notice, setNotice] = useState<ActionNotice>();
  const ask = confirm ?? ((question: string) => window.confirm(question));

  async function run(
    invoice: Invoice,
    question: string,
    request: () => Promise<unknown>,
    success: string,
    failure: string,
  ) {
    if (busyId !== undefined || !ask(question)) return;
    setBusyId(invoice.id);
    setNotice(undefined);
    try {
      await request();
      setNotice({ tone: 'success', text: success });
      onChanged();
    } catch (error) {
      setNotice({ tone: 'danger', text: errorText(error, failure) });
    } finally {
      setBusyId(undefined);
    }
  }

  return {
    busyId,
    notice,
    dismiss: () => setNotice(undefined),
    markPaid: (invoice: Invoice) =>
      run(
        invoice,
        MESSAGES.confirmations.markInvoicePaid,
        () =>
          sendBff(`${INVOICES_URL}/${invoice.id}/mark-paid`, InvoiceStatusChangeSchema, {
            method: 'POST',
            fetchImpl,
          }),
        MESSAGES.invoices.markedPaid,
        MESSAGES.invoices.markPaidFailed,
      ),
    remove: (invoice: Invoice) =>
      run(
        invoice,
        MESSAGES.confirmations.deleteInvoice,
        () =>
          sendBff(`${INVOICES_URL}/${invoice.id}`, InvoiceDeletionSchema, { method: 'DELETE', fetchImpl }),
        MESSAGES.invoices.deleted,
        MESSAGES.invoices.deleteFailed,
      ),
  };
}
export type InvoiceActions = ReturnType<typeof useInvoiceActions>;
