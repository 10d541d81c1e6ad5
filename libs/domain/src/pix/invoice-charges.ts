import { formatDateBR } from '../format';
import { addDays } from '../time';

/**
 * Invoices payable by Pix (issue 25): each issued invoice gets a Pix charge with due date (`cobv`)
 * whose BR Code the business scans or pastes. The charge's states, as Turno keeps them:
 * - `creating`: written with the invoice; the workers have not yet created it at the PSP;
 * - `active`: the PSP holds it and its BR Code is payable;
 * - `paid`: a Pix of the invoice's amount was received for it (the invoice is paid);
 * - `mismatch`: a Pix of another amount was received ("Divergência de pagamento"): the invoice
 *   stays pending and an admin decides;
 * - `cancelled`: removed at the PSP (the invoice was deleted or regenerated);
 * - `failed`: the PSP refused to create it (the reason is kept for the admin; the invoice can
 *   still be paid by boleto or marked paid).
 */
export const INVOICE_PIX_CHARGE_STATUSES = [
  'creating',
  'active',
  'paid',
  'mismatch',
  'cancelled',
  'failed',
] as const;
export type InvoicePixChargeStatus = (typeof INVOICE_PIX_CHARGE_STATUSES)[number];

// The server's texts and rules of an invoice's Pix charge: why a charge could not be created, what a
// deletion says when the PSP does not confirm the cancellation, the document's instructions, what
// the PSP's payer sees, and how long a charge stays payable. The screens' texts are in
// invoice-charge-messages.ts.

export const INVOICE_PIX_CHARGE_TEXTS = {
  /** Kept as the charge's failure when the business has no CNPJ or legal name (the PSP requires both). */
  noLegalIdentity:
    'A empresa não tem CNPJ e razão social no cadastro: a cobrança Pix não foi criada. A fatura pode ser paga por boleto ou marcada como paga.',
  /** Deleting an invoice whose charge the PSP did not confirm as cancelled: nothing was deleted. */
  cancelUnavailable:
    'O banco não confirmou o cancelamento da cobrança Pix desta fatura, então nada foi excluído. Tente de novo em instantes.',
  /** Deleting an invoice whose charge the PSP says was paid meanwhile. */
  paidMeanwhile:
    'A cobrança Pix desta fatura acabou de ser paga, então ela não pode ser excluída. Atualize a página.',
  /** Deleting without a PSP at hand: the workers cancel the charge first. */
  cancelRequested:
    'A cobrança Pix desta fatura está sendo cancelada no banco. Tente excluir de novo em alguns segundos.',
  /** What the payer's bank app shows (at most 140 characters). */
  payerMessage: (invoiceNumber: string) => `Turno: fatura ${invoiceNumber}`,
} as const;

/**
 * The invoice document's line under the QR code, below its heading "Pague com Pix" (print page and
 * PDF): "Aponte a câmera do app do seu banco para o QR code ou use o Pix copia e cola. Vencimento
 * 04/12/2026."
 */
export function invoicePixInstructions(dueDate: string): string {
  return `Aponte a câmera do app do seu banco para o QR code ou use o Pix copia e cola. Vencimento ${formatDateBR(dueDate)}.`;
}

/** Days a charge stays payable after its due date (the standard's `validadeAposVencimento`). */
export const INVOICE_PIX_VALID_DAYS_AFTER_DUE = 30;

/**
 * The last day a charge due on `dueDate` can be paid (YYYY-MM-DD): its due date plus
 * {@link INVOICE_PIX_VALID_DAYS_AFTER_DUE} days, what the workers send as `validadeAposVencimento`
 * (the standard's example: due 2020-12-25 with 10 days is no longer valid from 2021-01-05).
 */
export function invoicePixLastPayableDate(dueDate: string): string {
  return addDays(dueDate, INVOICE_PIX_VALID_DAYS_AFTER_DUE);
}

/**
 * Whether a charge due on `dueDate` can no longer be paid on `today` (São Paulo, YYYY-MM-DD): the
 * day after its last payable day. The standard extends a date that falls on a weekend or holiday;
 * Turno does not wait for it: an expired charge is replaced by a new one (invoice-charges README).
 */
export function isInvoicePixChargeExpired(dueDate: string, today: string): boolean {
  return today > invoicePixLastPayableDate(dueDate);
}
