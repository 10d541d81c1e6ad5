import { type Invoice } from '@turno/contracts';
import { type InvoiceStatus, type InvoiceType } from '@turno/domain';
import { type Tone } from '@turno/ui';

export const INVOICES_URL = '/bff/admin-billing/api/admin/invoices';

export const INVOICE_STATUS_TONES: Record<InvoiceStatus, Tone> = {
  pending: 'warning',
  paid: 'success',
  overdue: 'danger',
};

export const INVOICE_TYPE_LABELS: Record<InvoiceType, string> = {
  restaurant_invoice: 'Avulsa',
  restaurant_weekly_invoice: 'Semanal',
  restaurant_custom_invoice: 'Personalizada',
};

export interface InvoiceStats {
  total: number;
  paid: number;
  pending: number;
  overdue: number;
  /** Reais still to receive: pending and overdue invoices. */
  openAmount: number;
}

export function invoiceStats(invoices: readonly Invoice[]): InvoiceStats {
  const stats: InvoiceStats = { total: invoices.length, paid: 0, pending: 0, overdue: 0, openAmount: 0 };
  let openCentavos = 0;
  for (const inv of invoices) {
    stats[inv.status] += 1;
    if (inv.status !== 'paid') openCentavos += Math.round(inv.amount * 100);
  }
  stats.openAmount = openCentavos / 100;
  return stats;
}

/** Newest issue date first, then by number. */
export function sortByIssueDate(invoices: readonly Invoice[]): Invoice[] {
  return [...invoices].sort(
    (a, b) => b.issue_date.localeCompare(a.issue_date) || b.invoice_number.localeCompare(a.invoice_number),
  );
}
