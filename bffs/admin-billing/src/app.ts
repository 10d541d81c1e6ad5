import { createBffApp, type BffDependencies } from '@turno/bff-kit';
import { listInvoices } from './routes/invoices';

/** Every endpoint of the admin-billing BFF (invoices, reports, metrics; spec 02 §7). */
export const routes = [listInvoices];

/** Live updates (`GET /api/events`) for admins: every change. */
export const live = { access: 'admin' } as const;

export const createAdminBillingBff = (deps: BffDependencies) =>
  createBffApp({ name: 'bff-admin-billing', routes, live, ...deps });
