/**
 * pt-BR texts of an invoice's Pix charge (issue 25): what the business's invoice view, the admin's
 * invoice detail, the print page and the PDF say of it. One source: the browser and the server
 * import these.
 */
import { formatDateBR, formatMoney } from '../format';
import { parseInstant, saoPauloDate, saoPauloTime } from '../time';
import type { InvoicePixChargeStatus } from './invoice-charges';

export const INVOICE_PIX_MESSAGES = {
  /** The block's and the print box's title. */
  title: 'Pague com Pix',
  /** The QR code image's alternative text. */
  qrAlt: 'QR code Pix para pagar a fatura',
  /** The read-only field with the BR Code. */
  codeLabel: 'Pix copia e cola',
  copy: 'Copiar código',
  /** Said politely (live region) once the code is on the clipboard. */
  copied: 'Código copiado',
  /** When neither the clipboard nor the fallback worked: the person selects the field by hand. */
  copyFailed: 'Não foi possível copiar: selecione o código e copie manualmente.',
  amountLabel: 'Valor',
  dueDateLabel: 'Vencimento',
  creating: 'Gerando o Pix…',
  active: 'Escaneie o QR code no app do seu banco ou use o Pix copia e cola.',
  paid: 'Pago',
  unavailable:
    'O Pix desta fatura não está disponível. Pague por boleto ou fale com a Turno pelo e-mail de contato.',
  /** Admin: the list of invoices whose charge received another amount. */
  mismatchListTitle: 'Divergências de pagamento',
  mismatchListEmpty: 'Nenhuma divergência de pagamento.',
  mismatchListHint:
    'Pix recebidos com valor diferente do da fatura: a fatura continua pendente até a equipe decidir (marcar como paga, devolver ou cobrar a diferença).',
} as const;

/** What the invoice's charge state reads as: the admin's badge ("Pix: Aguardando pagamento"). */
export const INVOICE_PIX_STATUS_LABELS: Record<InvoicePixChargeStatus, string> = {
  creating: 'Gerando',
  active: 'Aguardando pagamento',
  paid: 'Pago',
  mismatch: 'Divergência de pagamento',
  cancelled: 'Cancelado',
  failed: 'Falhou',
};

/** "Pago em 27/11 às 14:32" ("Pago" when the instant is unknown). */
export function invoicePixPaidText(receivedAt: Date | string | null | undefined): string {
  const instant = parseInstant(receivedAt ?? null);
  if (!instant) return INVOICE_PIX_MESSAGES.paid;
  return `Pago em ${formatDateBR(saoPauloDate(instant)).slice(0, 5)} às ${saoPauloTime(instant)}`;
}

/** "Recebemos R$ 100,00; o valor da fatura é R$ 189,00. Nossa equipe vai entrar em contato." */
export function invoicePixMismatchText(receivedAmount: number | null | undefined, amount: number): string {
  const received =
    receivedAmount === null || receivedAmount === undefined ? '—' : formatMoney(receivedAmount);
  return `Recebemos ${received}; o valor da fatura é ${formatMoney(amount)}. Nossa equipe vai entrar em contato.`;
}
