/**
 * The invoice as a document (issue 8 "The invoice PDF"): one model built from an invoice's detail,
 * which the PDF (invoice-pdf.ts) and the printable HTML view both render, so they never disagree.
 * Every text is final pt-BR: amounts `R$ 1.234,56`, dates dd/mm/aaaa.
 */
import type { RestaurantInvoiceDetail } from '@turno/contracts';
import {
  COMPANY,
  INVOICE_STATUS_LABELS,
  MESSAGES,
  STORE_BILLING_MESSAGES,
  formatCnpj,
  formatDateBR,
  formatMoney,
  formatPeriodBR,
  invoicePixInstructions,
  storeGroupsToShow,
  weekdayLabel,
} from '@turno/domain';

export interface InvoiceDocumentLine {
  weekday: string;
  date: string;
  service: string;
  professional: string;
  amount: string;
}

/** One store's lines of an invoice (issue 28), with their subtotal ('R$ 1.234,56'). */
export interface InvoiceDocumentStoreGroup {
  store: string;
  lines: InvoiceDocumentLine[];
  subtotal: string;
}

export interface InvoiceDocument {
  title: string;
  provider: { name: string; legalName: string; cnpj: string; address: string; contact: string };
  /** `legalName` and `cnpj` (masked) when the business gave them (issue 25), else null. */
  client: {
    businessName: string;
    responsible: string;
    address: string;
    legalName: string | null;
    cnpj: string | null;
  };
  number: string;
  /**
   * Label – value pairs of the header: week, the store of a per-store invoice (issue 28), issue and
   * due dates, status, payment date.
   */
  facts: [label: string, value: string][];
  /** Every service line, in the invoice's order. */
  lines: InvoiceDocumentLine[];
  /**
   * The same lines by store, stores in name order, each with its subtotal (issue 28): only when they
   * are of two stores or more, else null (the document reads as before).
   */
  storeGroups?: InvoiceDocumentStoreGroup[] | null;
  /** The invoice's description as its single line, when it has no service lines (else null). */
  description?: string | null;
  total: string;
  paymentTerms: string;
  /** "Pague com Pix" (issue 25): the charge's BR Code and its line, when the charge is payable. */
  pix?: { brCode: string; instructions: string } | null;
}

function documentLine(line: RestaurantInvoiceDetail['lines'][number]): InvoiceDocumentLine {
  return {
    weekday: weekdayLabel(line.date_needed),
    date: formatDateBR(line.date_needed),
    service: `${line.position_type} (${line.start_time} às ${line.end_time})`,
    professional: line.freelancer_name,
    amount: formatMoney(line.restaurant_payment_amount),
  };
}

export function buildInvoiceDocument(detail: RestaurantInvoiceDetail): InvoiceDocument {
  const { invoice, client, lines } = detail;
  const charge = detail.pix_charge;
  const payable = invoice.status !== 'paid' && charge?.status === 'active' && charge.br_code;
  const week =
    invoice.week_start && invoice.week_end ? formatPeriodBR(invoice.week_start, invoice.week_end) : '—';
  const facts: [string, string][] = [['Semana', week]];
  if (invoice.store_name) facts.push([STORE_BILLING_MESSAGES.storeOfInvoice, invoice.store_name]);
  facts.push(
    ['Emissão', formatDateBR(invoice.issue_date)],
    ['Vencimento', formatDateBR(invoice.due_date)],
    ['Status', INVOICE_STATUS_LABELS[invoice.status]],
  );
  if (invoice.payment_date) facts.push(['Pagamento', formatDateBR(invoice.payment_date)]);
  return {
    title: `Fatura ${invoice.invoice_number}`,
    provider: {
      name: COMPANY.name,
      legalName: COMPANY.legalName,
      cnpj: `CNPJ ${COMPANY.cnpj}`,
      address: COMPANY.address,
      contact: `${COMPANY.phone} · ${COMPANY.email}`,
    },
    client: {
      businessName: client.business_name,
      responsible: client.responsible_name,
      address: client.address ?? MESSAGES.common.notInformed,
      legalName: client.legal_name ?? null,
      cnpj: client.cnpj ? formatCnpj(client.cnpj) : null,
    },
    number: invoice.invoice_number,
    facts,
    lines: lines.map(documentLine),
    storeGroups:
      storeGroupsToShow(lines)?.map((group) => ({
        store: group.storeName,
        lines: group.lines.map(documentLine),
        subtotal: formatMoney(group.subtotal),
      })) ?? null,
    description: lines.length === 0 ? (invoice.description ?? null) : null,
    total: formatMoney(invoice.amount),
    paymentTerms: `${MESSAGES.invoices.paymentTerms} Favorecido: ${COMPANY.legalName}, CNPJ ${COMPANY.cnpj}. Vencimento em ${formatDateBR(invoice.due_date)}.`,
    pix:
      payable && charge.br_code
        ? { brCode: charge.br_code, instructions: invoicePixInstructions(charge.due_date) }
        : null,
  };
}
