import { InvoiceDeletionSchema, InvoiceStatusChangeSchema, type Invoice } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { createElement, useState } from 'react';
import { INVOICES_URL } from './invoices';
import { ConfirmDialog, sendBff, useBffMutation } from '@turno/ui';

export interface ActionNotice {
  tone: 'success' | 'danger';
  text: string;
}

export interface InvoiceActionsOptions {
  fetchImpl?: typeof fetch;
  /** After a change: the list re-reads what it shows. */
  onChanged: () => void;
}

/** An action waiting for the person's answer in the confirmation dialog. */
interface Pending {
  invoice: Invoice;
  kind: 'markPaid' | 'remove';
}

/** The dialog of each action: title, question (spec 02 §5 "Confirmations"), confirming button. */
const QUESTIONS = {
  markPaid: {
    title: 'Marcar como paga',
    message: MESSAGES.confirmations.markInvoicePaid,
    confirmLabel: 'Marcar como paga',
    tone: 'primary',
  },
  remove: {
    title: 'Excluir fatura',
    message: MESSAGES.confirmations.deleteInvoice,
    confirmLabel: 'Excluir',
    tone: 'danger',
  },
} as const;

/**
 * Mark paid ("Marcar esta fatura como paga?") and delete ("Tem certeza que deseja excluir esta
 * fatura?"), each confirmed in the page's own dialog (`confirmation`, to render), one at a time (the
 * row's buttons are disabled while it runs), with the spec's success and error texts (the server's
 * text first).
 */
export function useInvoiceActions({ fetchImpl, onChanged }: InvoiceActionsOptions) {
  const mutation = useBffMutation({ fetchImpl });
  const busyId = mutation.pending ? Number(mutation.pendingKey) : undefined;
  const [notice, setNotice] = useState<ActionNotice>();
  const [pending, setPending] = useState<Pending>();

  async function run(invoice: Invoice, request: () => Promise<unknown>, success: string, failure: string) {
    if (busyId !== undefined) return;
    setNotice(undefined);
    const result = await mutation.run(request, { key: String(invoice.id), fallback: failure });
    if (result.ok) {
      setNotice({ tone: 'success', text: success });
      onChanged();
    } else if (result.message !== null) {
      setNotice({ tone: 'danger', text: result.message });
    }
  }

  const perform = ({ invoice, kind }: Pending) =>
    kind === 'markPaid'
      ? run(
          invoice,
          () =>
            sendBff(`${INVOICES_URL}/${invoice.id}/mark-paid`, {
              schema: InvoiceStatusChangeSchema,
              fetchImpl,
            }),
          MESSAGES.invoices.markedPaid,
          MESSAGES.invoices.markPaidFailed,
        )
      : run(
          invoice,
          () =>
            sendBff(`${INVOICES_URL}/${invoice.id}`, {
              method: 'DELETE',
              schema: InvoiceDeletionSchema,
              fetchImpl,
            }),
          MESSAGES.invoices.deleted,
          MESSAGES.invoices.deleteFailed,
        );
  const ask = (invoice: Invoice, kind: Pending['kind']) => {
    if (busyId === undefined) setPending({ invoice, kind });
  };
  const question = QUESTIONS[pending?.kind ?? 'markPaid'];

  return {
    busyId,
    notice,
    dismiss: () => setNotice(undefined),
    /** Asks "Marcar esta fatura como paga?"; marks it paid on "Marcar como paga". */
    markPaid: (invoice: Invoice) => ask(invoice, 'markPaid'),
    /** Asks "Tem certeza que deseja excluir esta fatura?"; deletes it on "Excluir". */
    remove: (invoice: Invoice) => ask(invoice, 'remove'),
    /** The confirmation dialog: render it beside the list. */
    confirmation:
      pending === undefined
        ? null
        : createElement(ConfirmDialog, {
            ...question,
            onCancel: () => setPending(undefined),
            onConfirm: () => {
              setPending(undefined);
              void perform(pending);
            },
          }),
  };
}
export type InvoiceActions = ReturnType<typeof useInvoiceActions>;
