/**
 * The admin's invoice view (document, print page, PDF) and the exports added in issue 11: a module of
 * its own, so the billing remote's first screen (metrics) does not carry these schemas.
 */
import { z } from 'zod';
import { DailyMetricsQuerySchema, DetailedReportExportQuerySchema } from './admin-billing';
import { InvoicePixChargeSchema, InvoiceSchema } from './invoices';

// ---------------------------------------------------------------------------------------------
// Invoice detail / print view — GET /api/admin/invoices/{id}, …/{id}/print (HTML),
// GET /api/restaurant/invoices/{id}/pdf (admins, on the admin-billing BFF)

/** One service line of the document: every text final ('Segunda-feira', '16/11/2026', 'R$ 189,00'). */
const InvoiceDocumentLineSchema = z.object({
  weekday: z.string(),
  date: z.string(),
  service: z.string(),
  professional: z.string(),
  amount: z.string(),
});

/**
 * The invoice as a document (services/core invoice-document.ts): every text final pt-BR, the one
 * model the PDF, the printable HTML page and the screen's detail view all render.
 */
export const InvoiceDocumentSchema = z.object({
  title: z.string(),
  provider: z.object({
    name: z.string(),
    legalName: z.string(),
    cnpj: z.string(),
    address: z.string(),
    contact: z.string(),
  }),
  client: z.object({
    businessName: z.string(),
    responsible: z.string(),
    address: z.string(),
    /** Razão social and CNPJ ('00.000.000/0000-00') when the business gave them (issue 25). */
    legalName: z.string().nullable().optional(),
    cnpj: z.string().nullable().optional(),
  }),
  number: z.string(),
  /** Label – value pairs: week, the store of a per-store invoice ('Loja', issue 28), dates, status. */
  facts: z.array(z.tuple([z.string(), z.string()])),
  lines: z.array(InvoiceDocumentLineSchema),
  /**
   * The same lines by store, stores in name order, each with its subtotal (issue 28): only when they
   * are of two stores or more, else null or absent (the document reads as before).
   */
  storeGroups: z
    .array(z.object({ store: z.string(), lines: z.array(InvoiceDocumentLineSchema), subtotal: z.string() }))
    .nullable()
    .optional(),
  /** The invoice's single description line, shown when it has no service lines. */
  description: z.string().nullable().optional(),
  total: z.string(),
  paymentTerms: z.string(),
  /**
   * "Pague com Pix" (issue 25): the charge's BR Code ("copia e cola"), which the PDF, the print page
   * and the screen draw as a QR code, and the line that goes with it. Absent when the invoice has no
   * payable charge (paid, cancelled, not yet created).
   */
  pix: z.object({ brCode: z.string(), instructions: z.string() }).nullable().optional(),
});
export type InvoiceDocumentContract = z.infer<typeof InvoiceDocumentSchema>;

/** The admin's invoice view: the invoice (status, ids for the actions) and its document. */
export const AdminInvoiceDetailSchema = z.object({
  invoice: InvoiceSchema,
  document: InvoiceDocumentSchema,
  /** The invoice's Pix charge and its state (issue 25); absent or null when it has none. */
  pix_charge: InvoicePixChargeSchema.nullable().optional(),
});
export type AdminInvoiceDetail = z.infer<typeof AdminInvoiceDetailSchema>;

/** The printable page (text/html) of an invoice. */
export const InvoicePrintHtmlSchema = z.string();

// ---------------------------------------------------------------------------------------------
// More Excel exports — the discrepancy list, one invoice's service lines, the daily metrics

/** The discrepancy list's export: the report's period. */
export const DiscrepanciesExportQuerySchema = DetailedReportExportQuerySchema;
/** The daily metrics' export: the card's filter (today or week). */
export const DailyMetricsExportQuerySchema = DailyMetricsQuerySchema;
