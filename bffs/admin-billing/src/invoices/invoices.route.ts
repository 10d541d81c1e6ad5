import { callerDataVersion, route } from '@turno/bff-kit';
import { AdminInvoicesPageSchema, AdminInvoicesQuerySchema } from '@turno/contracts';
import { listAdminInvoicesPage } from '@turno/core';

/** GET /api/admin/invoices — one page of the business invoices of the "Faturas" tab (spec 02 §7). */
export const listInvoices = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/invoices',
  query: AdminInvoicesQuerySchema,
  response: AdminInvoicesPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, query, dataVersion }) => listAdminInvoicesPage(em, query, { dataVersion }),
});
