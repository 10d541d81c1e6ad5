import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { INVOICE_PIX_CHARGE_STATUSES } from '@turno/domain';
import { createdAtColumn, updatedAtColumn } from '../shared/columns';
import { Invoice } from './invoice.entity';
import { Restaurant } from './restaurant.entity';

/**
 * An invoice's Pix charge with due date at the PSP (issue 25, `cobv`): one row per invoice and
 * revision, written `creating` in the transaction that issues (or changes) the invoice, created at
 * the PSP by the workers (`active`, with its BR Code), settled by the PSP's webhook (`paid` or
 * `mismatch`), or `cancelled` at the PSP when the invoice is deleted, regenerated or paid otherwise.
 * `txid` = `invoiceChargeTxid(invoiceId, revision)`: one charge at the PSP per txid, never reused.
 * A deleted invoice's charges stay (invoice_id set null) as the history of what the PSP was told.
 */
export const InvoicePixCharge = defineEntity({
  name: 'InvoicePixCharge',
  tableName: 'invoice_pix_charges',
  properties: {
    id: p.integer().primary().autoincrement(),
    invoice: p.manyToOne(Invoice).ref().nullable().deleteRule('set null'),
    restaurant: p.manyToOne(Restaurant).ref().deleteRule('cascade'),
    revision: p.integer(),
    txid: p.string().length(35).unique('invoice_pix_charges_txid_unique'),
    status: p.enum([...INVOICE_PIX_CHARGE_STATUSES]).default('creating'),
    amountCents: p.integer(),
    dueDate: p.date(),
    location: p.string().nullable(),
    brCode: p.text().nullable(),
    /** Why the PSP (or Turno) did not create it, for the admin. */
    failure: p.text().nullable(),
    /** When a worker handed it to the PSP (committed before the call): after this, only the PSP can cancel it. */
    requestedAt: p.datetime().nullable(),
    /** The invoice was deleted, regenerated or paid otherwise: the workers cancel it at the PSP. */
    cancelRequestedAt: p.datetime().nullable(),
    receivedAmountCents: p.integer().nullable(),
    receivedAt: p.datetime().nullable(),
    endToEndId: p.string().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  indexes: [
    {
      name: 'invoice_pix_charges_invoice_index',
      expression:
        'create index "invoice_pix_charges_invoice_index" on "invoice_pix_charges" ("invoice_id", "revision")',
    },
    {
      name: 'invoice_pix_charges_open_index',
      expression:
        'create index "invoice_pix_charges_open_index" on "invoice_pix_charges" ("id") where "status" in (\'creating\', \'active\')',
    },
    {
      name: 'invoice_pix_charges_mismatch_index',
      expression:
        'create index "invoice_pix_charges_mismatch_index" on "invoice_pix_charges" ("received_at") where "status" = \'mismatch\'',
    },
  ],
  checks: [
    { name: 'invoice_pix_charges_amount_positive', expression: 'amount_cents > 0' },
    { name: 'invoice_pix_charges_revision_range', expression: 'revision >= 0 and revision <= 9999' },
  ],
});
export type InvoicePixCharge = InferEntity<typeof InvoicePixCharge>;

/**
 * A Pix the PSP said it received (its webhook, or a charge read back): one row per end-to-end id,
 * so the same notification twice changes nothing. Kept whether or not its txid names a charge.
 */
export const PixReceipt = defineEntity({
  name: 'PixReceipt',
  tableName: 'pix_receipts',
  properties: {
    endToEndId: p.string().length(64).primary(),
    txid: p.string().length(35).nullable(),
    amountCents: p.integer(),
    paidAt: p.datetime(),
    receivedAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [{ name: 'pix_receipts_txid_index', properties: ['txid'] }],
});
export type PixReceipt = InferEntity<typeof PixReceipt>;
