import { route } from '@turno/bff-kit';
import {
  AdminInvoiceDetailSchema,
  InvoiceIdParamsSchema,
  InvoicePdfSchema,
  InvoicePrintHtmlSchema,
  InvoiceDeletionSchema,
} from '@turno/contracts';
import {
  buildInvoiceDocument,
  INVOICE_HTML_CSP,
  readInvoiceDetail,
  renderInvoiceHtml,
  renderInvoicePdf,
  deleteInvoice,
} from '@turno/core';

import { chargeCanceller, withPixQr } from '../pix-charges/pix-charges';

/** Where the browser reaches an invoice's PDF and print page through the gateway. */
export const invoicePdfPath = (id: number) => `/bff/admin-billing/api/restaurant/invoices/${id}/pdf`;

/**
 * GET /api/admin/invoices/{id} — the invoice view: the invoice and its document (the model the PDF
 * and the print page draw), any business's invoice; an unknown id is 404 "Fatura não encontrada".
 */
export const getInvoice = route({
  method: 'get',
  path: '/api/admin/invoices/:id',
  access: 'admin',
  params: InvoiceIdParamsSchema,
  response: AdminInvoiceDetailSchema,
  handler: async ({ em, actor, params }) => {
    const detail = await withPixQr(await readInvoiceDetail(em, actor, params.id));
    return {
      invoice: detail.invoice,
      document: buildInvoiceDocument(detail),
      pix_charge: detail.pix_charge ?? null,
    };
  },
});

/**
 * GET /api/admin/invoices/{id}/print — the printable page (HTML, A4, ~25 lines a page) of the same
 * document, opened in a new tab.
 */
export const getInvoicePrint = route({
  method: 'get',
  path: '/api/admin/invoices/:id/print',
  access: 'admin',
  params: InvoiceIdParamsSchema,
  response: InvoicePrintHtmlSchema,
  handler: async ({ em, actor, params, ctx }) => {
    const detail = await readInvoiceDetail(em, actor, params.id);
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', INVOICE_HTML_CSP);
    return renderInvoiceHtml(buildInvoiceDocument(detail), { pdfUrl: invoicePdfPath(params.id) });
  },
});

/**
 * GET /api/restaurant/invoices/{id}/pdf for admins (spec 02 §7): the restaurant's own PDF route
 * answers businesses only (their own invoices), so the admin-billing BFF serves the same path to
 * admins, for every invoice, with the same document builder and renderer.
 */
export const getInvoicePdf = route({
  method: 'get',
  path: '/api/restaurant/invoices/:id/pdf',
  access: 'admin',
  params: InvoiceIdParamsSchema,
  response: InvoicePdfSchema,
  handler: async ({ em, actor, params, ctx }) => {
    const detail = await readInvoiceDetail(em, actor, params.id);
    const pdf = await renderInvoicePdf(buildInvoiceDocument(detail));
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="fatura-${detail.invoice.invoice_number}.pdf"`);
    return pdf;
  },
});

/**
 * DELETE /api/admin/invoices/{id} — where the domain allows: not a paid invoice (409). Its services
 * become billable again (the next generation covering their dates bills them). Its Pix charge is
 * cancelled at the PSP first: the PSP unreachable, or the charge paid meanwhile, is a 409 with a
 * pt-BR reason and nothing is deleted (issue 25).
 */
export const removeInvoice = route({
  method: 'delete',
  path: '/api/admin/invoices/:id',
  access: 'admin',
  params: InvoiceIdParamsSchema,
  response: InvoiceDeletionSchema,
  handler: ({ em, actor, params }) =>
    deleteInvoice(em, actor, params.id, { cancelCharge: chargeCanceller(em) }),
});
