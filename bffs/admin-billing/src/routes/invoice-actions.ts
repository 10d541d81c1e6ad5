import { callerDataVersion, route } from '@turno/bff-kit';
import {
  InvoiceDeletionSchema,
  InvoiceIdParamsSchema,
  InvoiceServicesPageSchema,
  InvoiceServicesQuerySchema,
  InvoiceStatusChangeSchema,
} from '@turno/contracts';
import { deleteInvoice, listInvoiceServicesPage, markInvoicePaid } from '@turno/core';

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

/**
 * DELETE /api/admin/invoices/{id} — where the domain allows: not a paid invoice (409). Its services
 * become billable again (the next generation covering their dates bills them).
 */
export const removeInvoice = route({
  method: 'delete',
  path: '/api/admin/invoices/:id',
  access: 'admin',
  params: InvoiceIdParamsSchema,
  response: InvoiceDeletionSchema,
  handler: ({ em, actor, params }) => deleteInvoice(em, actor, params.id),
});

/** GET /api/admin/invoice-services?restaurantId&startDate&endDate — one page of service lines. */
export const invoiceServices = route({
  method: 'get',
  path: '/api/admin/invoice-services',
  access: 'admin',
  query: InvoiceServicesQuerySchema,
  response: InvoiceServicesPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, query }) => listInvoiceServicesPage(em, query),
});
