import QRCode from 'qrcode';
import { callerDataVersion, route } from '@turno/bff-kit';
import {
  type InvoicePixCharge,
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
  memberAction: 'manageBilling',
  query: RestaurantInvoicesQuerySchema,
  response: RestaurantInvoicesPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor, query, dataVersion }) =>
    listRestaurantInvoicesPage(em, actor.restaurantId, query, { dataVersion }),
});

/** The invoice's payable Pix charge with its QR code drawn (SVG), as the contract's `pix_charge` (issue 25). */
export async function withPixQr<T extends { pix_charge?: InvoicePixCharge | null }>(detail: T): Promise<T> {
  const charge = detail.pix_charge;
  if (!charge?.br_code) return detail;
  const qr_svg = await QRCode.toString(charge.br_code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { ...detail, pix_charge: { ...charge, qr_svg } };
}

/**
 * GET /api/restaurant/invoices/:id — the invoice view: the invoice, its client, its service lines
 * and its Pix charge (BR Code and QR code while payable; live on `invoice_charge_updated`).
 */
export const getInvoice = route({
  method: 'get',
  path: '/api/restaurant/invoices/:id',
  access: 'restaurant',
  memberAction: 'manageBilling',
  params: RestaurantPathIdSchema,
  response: RestaurantInvoiceDetailSchema,
  dataVersion: callerDataVersion,
  handler: async ({ em, actor, params }) => withPixQr(await readInvoiceDetail(em, actor, params.id)),
});

/**
 * GET /api/restaurant/invoices/:id/pdf — the invoice as a PDF made on the server, opened in a new
 * tab ("Baixar PDF"); the same document model as the invoice view. Another business's id is 404.
 */
export const getInvoicePdf = route({
  method: 'get',
  path: '/api/restaurant/invoices/:id/pdf',
  access: 'restaurant',
  memberAction: 'manageBilling',
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
