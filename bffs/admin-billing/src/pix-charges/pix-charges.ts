/**
 * The invoices' Pix charges as the admin sees them (issue 25): the QR code of a payable charge, the
 * PSP client that cancels a charge before its invoice is deleted, and the list of divergences.
 */
import QRCode from 'qrcode';
import { route } from '@turno/bff-kit';
import { PixMismatchListSchema, type InvoicePixCharge } from '@turno/contracts';
import { listPixMismatches, type EntityManager, type InvoiceChargeCanceller } from '@turno/core';
import { createPixProvider, pspSettingsFromEnv, type PixProvider } from '@turno/psp';
import { cancelChargeAtPsp } from '@turno/workers';

/** The detail with its payable charge's QR code drawn (SVG), as the contract's `pix_charge.qr_svg`. */
export async function withPixQr<T extends { pix_charge?: InvoicePixCharge | null }>(detail: T): Promise<T> {
  const charge = detail.pix_charge;
  if (!charge?.br_code) return detail;
  const qr_svg = await QRCode.toString(charge.br_code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { ...detail, pix_charge: { ...charge, qr_svg } };
}

let provider: Pick<PixProvider, 'cancelDueCharge' | 'getDueCharge'> | null | undefined;

/** Tests replace the PSP the deletion talks to (null: none, the workers cancel). */
export function setChargePspForTests(
  replacement: Pick<PixProvider, 'cancelDueCharge' | 'getDueCharge'> | null | undefined,
): void {
  provider = replacement;
}

/**
 * What `deleteInvoice` cancels a charge with: the PSP of the environment (`PSP_*`, the fake PSP of
 * `npm start` in development), made on first use. Where the environment names no usable PSP (a
 * production BFF without the PSP's credentials), none: core then marks the charge for the workers to
 * cancel and the admin deletes again a few seconds later.
 */
export function chargeCanceller(em: EntityManager): InvoiceChargeCanceller | undefined {
  if (provider === undefined) {
    try {
      provider = createPixProvider(pspSettingsFromEnv());
    } catch {
      provider = null;
    }
  }
  const psp = provider;
  if (!psp) return undefined;
  // The invoice's row is locked by the deletion: a payment found here is recorded by the webhook.
  return (txid) => cancelChargeAtPsp(em, psp, txid, new Date(), { recordPayments: false });
}

/**
 * GET /api/admin/invoices/pix-mismatches — "Divergências de pagamento": invoices whose Pix charge
 * received another amount (or a Pix after the invoice was paid otherwise or deleted), newest first,
 * at most 200, with the amount received and when.
 */
export const listPixMismatchesRoute = route({
  method: 'get',
  path: '/api/admin/invoices/pix-mismatches',
  access: 'admin',
  response: PixMismatchListSchema,
  handler: async ({ em }) => ({ items: await listPixMismatches(em) }),
});
