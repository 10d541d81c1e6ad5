import { route } from '@turno/bff-kit';
import { InvoiceIdParamsSchema, InvoiceStatusChangeSchema } from '@turno/contracts';
import { markInvoicePaid } from '@turno/core';

/**
 * POST /api/admin/invoices/{id}/mark-paid — pending or overdue → paid, payment date today (São
 * Paulo); a paid invoice is 409, an unknown one 404 (spec 02 §4, 00-decisions "Billing").
 */
export const markPaid = route({
  method: 'post',
  path: '/api/admin/invoices/:id/mark-paid',
  access: 'admin',
  params: InvoiceIdParamsSchema,
  response: InvoiceStatusChangeSchema,
  handler: ({ em, actor, params }) => markInvoicePaid(em, actor, params.id),
});
