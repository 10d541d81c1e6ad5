import {
  AdminInvoicesQuerySchema,
  type AdminInvoicesQuery,
  type InvoiceListStatusFilter,
} from '@turno/contracts';
import { INVOICE_LIST_FILTER_LABELS, type InvoiceStatus, type InvoiceType } from '@turno/domain';
import { optionsOf, type Tone } from '@turno/ui';

export const INVOICES_URL = '/bff/admin-billing/api/admin/invoices';
export const INVOICES_EXPORT_URL = '/bff/admin-billing/api/admin/exports/invoices.xlsx';

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

export interface InvoicesFilters {
  q: string;
  status: InvoiceListStatusFilter;
}

export const INVOICES_DEFAULT_FILTERS: InvoicesFilters = { q: '', status: 'all' };

export const INVOICE_STATUS_OPTIONS = optionsOf(INVOICE_LIST_FILTER_LABELS);

/** What the server does without a filter: such a filter stays out of the URL. */
export const INVOICES_QUERY_DEFAULTS = AdminInvoicesQuerySchema.parse({});

export function invoicesQuery(
  filters: InvoicesFilters,
): Omit<AdminInvoicesQuery, 'cursor' | 'limit' | 'restaurantId'> {
  return { q: filters.q, status: filters.status };
}
