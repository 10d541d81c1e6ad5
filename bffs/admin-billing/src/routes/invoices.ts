import { z } from 'zod';
import { route } from '@turno/bff-kit';
import { InvoiceListSchema } from '@turno/contracts';
import { listInvoicesForAdmin } from '@turno/core';

/** GET /api/admin/invoices — every restaurant invoice, for the "Faturas" tab (spec 02 §7). */
export const listInvoices = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/invoices',
  query: z.object({}).passthrough(),
  response: InvoiceListSchema,
  handler: ({ em }) => listInvoicesForAdmin(em),
});
