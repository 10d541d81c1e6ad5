import { createBffApp, withAuditSnapshots, type BffDependencies } from '@turno/bff-kit';
import { generateCustom, generateWeekly, generationRun } from './routes/generation';
import { invoiceServices, markPaid, removeInvoice } from './routes/invoice-actions';
import {
  exportDailyMetrics,
  exportDetailedReport,
  exportDiscrepancies,
  exportInvoiceServices,
  exportInvoices,
} from './routes/exports';
import { listInvoices } from './routes/invoices';
import { getInvoice, getInvoicePdf, getInvoicePrint } from './routes/invoice-detail';
import { dailyMetrics, detailedReport } from './routes/metrics';
import { invoiceRestaurants } from './routes/restaurant-options';
import { ADMIN_BILLING_AUDIT } from './routes/audit-snapshots';

/** Every endpoint of the admin-billing BFF (invoices, reports, metrics; spec 02 §7). */
export const routes = withAuditSnapshots(
  [
    listInvoices,
    invoiceServices,
    invoiceRestaurants,
    dailyMetrics,
    detailedReport,
    exportDetailedReport,
    exportInvoices,
    generationRun,
    markPaid,
    removeInvoice,
    generateWeekly,
    generateCustom,
    getInvoice,
    getInvoicePrint,
    getInvoicePdf,
    exportDiscrepancies,
    exportInvoiceServices,
    exportDailyMetrics,
  ],
  ADMIN_BILLING_AUDIT,
);

/** Live updates (`GET /api/events`) for admins: every change. */
export const live = { access: 'admin' } as const;

export const createAdminBillingBff = (deps: BffDependencies) =>
  createBffApp({ name: 'bff-admin-billing', routes, live, ...deps });
