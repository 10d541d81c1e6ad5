import { createBffApp, withAuditSnapshots, type BffDependencies } from '@turno/bff-kit';
import { generateCustom, generateWeekly, generationRun } from './generation/generation.route';
import { markPaid } from './invoices/invoice-actions.route';
import { invoiceServices } from './invoice-services/invoice-services.route';
import {
  exportDailyMetrics,
  exportDetailedReport,
  exportDiscrepancies,
  exportInvoiceServices,
  exportInvoices,
} from './exports/exports.route';
import { listInvoices } from './invoices/invoices.route';
import {
  getInvoice,
  getInvoicePdf,
  getInvoicePrint,
  removeInvoice,
} from './invoice-detail/invoice-detail.route';
import { dailyMetrics, detailedReport } from './metrics/metrics.route';
import { invoiceRestaurants } from './restaurant-options/restaurant-options.route';
import { ADMIN_BILLING_AUDIT } from './audit/audit-snapshots';
import { PAYOUT_ROUTES } from './payouts/payouts.route';
import { withPspWebhook } from './psp-webhook/psp-webhook';
import { listPixMismatchesRoute } from './pix-charges/pix-charges';

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
    // Before `/api/admin/invoices/:id`, which would read 'pix-mismatches' as an id.
    listPixMismatchesRoute,
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
    ...PAYOUT_ROUTES,
  ],
  ADMIN_BILLING_AUDIT,
);

/** Live updates (`GET /api/events`) for admins: every change. */
export const live = { access: 'admin' } as const;

/** With the PSP's webhook (`POST /psp/webhook`, psp-webhook/) in front of the kit's JSON reader. */
export const createAdminBillingBff = (deps: BffDependencies) =>
  withPspWebhook(createBffApp({ name: 'bff-admin-billing', routes, live, ...deps }), deps);
