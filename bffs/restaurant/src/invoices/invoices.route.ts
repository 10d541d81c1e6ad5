import { callerDataVersion, route } from '@turno/bff-kit';
import {
  InvoicePdfSchema,
  RestaurantInvoiceDetailSchema,
  RestaurantInvoicesPageSchema,
  RestaurantInvoicesQuerySchema,
  RestaurantPathIdSchema,
} from '@turno/contracts';
import { buildInvoiceDocument, readInvoiceDetail, renderInvoicePdf } from '@turno/core';
import { listRestaurantInvoicesPage } from './invoices.queries';

/** GET /api/restaurant/invoices — one page of the business's invoices ("Faturas"); `304` while unchanged. */
export const listInvoices = route({
  method: 'get',
  path: '/api/restaurant/invoices',
  access: 'restaurant',
  query: RestaurantInvoicesQuerySchema,
  response: RestaurantInvoicesPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor, query, dataVersion }) =>
    listRestaurantInvoicesPage(em, actor.restaurantId, query, { dataVersion }),
});

/** GET /api/restaurant/invoices/:id — the invoice view: the invoice, its client and its service lines. */
export const getInvoice = route({
  method: 'get',
  path: '/api/restaurant/invoices/:id',
  access: 'restaurant',
  params: RestaurantPathIdSchema,
  response: RestaurantInvoiceDetailSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor, params }) => readInvoiceDetail(em, actor, params.id),
});

/**
 * GET /api/restaurant/invoices/:id/pdf — the invoice as a PDF made on the server, opened in a new
 * tab ("Baixar PDF"); the same document model as the invoice view. Another business's id is 404.
 */
export const getInvoicePdf = route({
  method: 'get',
  path: '/api/restaurant/invoices/:id/pdf',
  access: 'restaurant',
  params: RestaurantPathIdSchema,
  response: InvoicePdfSchema,
  handler: async ({ em, actor, params, ctx }) => {
    const detail = await readInvoiceDetail(em, actor, params.id);
    const pdf = await renderInvoicePdf(buildInvoiceDocument(detail));
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="fatura-${detail.invoice.invoice_number}.pdf"`);
    return pdf;
  },
});
