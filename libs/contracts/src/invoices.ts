import { z } from 'zod';
import { INVOICE_PIX_CHARGE_STATUSES, INVOICE_STATUSES, INVOICE_TYPES } from '@turno/domain';
import { IsoDate, Money, Timestamp } from './common';

/** Invoice: spec 01 §3 and spec 02 §3 "Invoice". */
export const InvoiceSchema = z.object({
  id: z.number().int(),
  invoice_number: z.string(),
  invoice_type: z.enum(INVOICE_TYPES),
  restaurant_id: z.number().int(),
  restaurant_name: z.string(),
  restaurant_contact_name: z.string().nullable(),
  description: z.string().nullable(),
  amount: Money,
  status: z.enum(INVOICE_STATUSES),
  issue_date: IsoDate,
  due_date: IsoDate,
  payment_date: IsoDate.nullable(),
  week_start: IsoDate.nullable(),
  week_end: IsoDate.nullable(),
  /**
   * Chains (issue 28): the store a per-store invoice bills; null (or absent) for an invoice of the
   * whole business (centralized billing, and every invoice written before stores).
   */
  store_id: z.number().int().nullable().optional(),
  store_name: z.string().nullable().optional(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
export const InvoiceListSchema = z.array(InvoiceSchema);

/**
 * The invoice's Pix charge with due date (issue 25), as the business's invoice view, the admin's
 * detail and print view show it: null while the invoice has none (paid before Pix, or custom).
 * `br_code` is the "Pix copia e cola" payload (also what the QR code encodes), null until the PSP
 * created the charge; `qr_svg` is that QR code drawn by the BFF (an SVG document), null likewise.
 */
export const InvoicePixChargeSchema = z.object({
  status: z.enum(INVOICE_PIX_CHARGE_STATUSES),
  txid: z.string(),
  br_code: z.string().nullable(),
  qr_svg: z.string().nullable(),
  due_date: IsoDate,
  amount: Money,
  /** When the Pix that paid it (or the divergent one) was received. */
  received_at: Timestamp.nullable(),
  /** What was received, for `paid` and `mismatch` ("Divergência de pagamento"). */
  received_amount: Money.nullable(),
});
export type InvoicePixCharge = z.infer<typeof InvoicePixChargeSchema>;

/**
 * One "Divergência de pagamento" (issue 25): a Pix received for an invoice's charge with another
 * amount than the invoice's (or after the invoice was paid otherwise or deleted). The admin's list,
 * `GET /api/admin/invoices/pix-mismatches` (admin-billing), newest first, at most 200.
 */
export const PixMismatchSchema = z.object({
  /** Null when the invoice was deleted since. */
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  restaurant_id: z.number().int(),
  restaurant_name: z.string(),
  invoice_status: z.enum(INVOICE_STATUSES).nullable(),
  /** The invoice's amount (null when deleted). */
  amount: Money.nullable(),
  txid: z.string(),
  received_amount: Money,
  received_at: Timestamp,
  end_to_end_id: z.string().nullable(),
});
export type PixMismatch = z.infer<typeof PixMismatchSchema>;
export const PixMismatchListSchema = z.object({ items: z.array(PixMismatchSchema) });
export type PixMismatchList = z.infer<typeof PixMismatchListSchema>;
