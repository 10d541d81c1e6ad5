/**
 * What the invoices' own commands do to their Pix charges (issue 25), inside their transactions:
 * issuing (or extending) an invoice writes its charge `creating`; paying it by hand asks the
 * workers to cancel the open one; deleting it cancels at the PSP first. The charge's life after
 * that (the workers, the PSP's webhook) is in `../invoice-charges`.
 *
 * A charge never handed to the PSP (`creating` without `requested_at`) is simply cancelled here: the
 * PSP never heard of it, and a worker claiming it waits for this transaction's lock and then finds
 * it cancelled. Once handed (`requested_at`, or `active`), only the PSP can cancel it.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { INVOICE_PIX_CHARGE_TEXTS, invoiceChargeTxid, saoPauloDate } from '@turno/domain';
import { conflict } from '../shared/domain-error';
import { intArrayParam } from '../shared/sql-where';

/**
 * Cancels a charge at the PSP (the BFF adapts its PSP client): resolves `cancelled` when the PSP
 * removed it (or never had it), `paid` when the PSP refuses because it was paid; throws when the
 * PSP could not be reached or refused otherwise.
 */
export type InvoiceChargeCanceller = (txid: string) => Promise<'cancelled' | 'paid'>;

interface OpenChargeRow {
  id: number;
  invoice_id: number;
  txid: string;
  status: 'creating' | 'active';
  amount_cents: number;
  due_date: string;
  requested_at: Date | null;
}

const neverHanded = (charge: OpenChargeRow) => charge.status === 'creating' && charge.requested_at === null;

/** The invoices' open charges not yet asked to cancel, locked. */
async function lockOpenCharges(tx: EntityManager, invoiceIds: readonly number[]): Promise<OpenChargeRow[]> {
  if (invoiceIds.length === 0) return [];
  return tx.execute<OpenChargeRow[]>(
    `select id, invoice_id, txid, status, amount_cents, to_char(due_date, 'YYYY-MM-DD') as due_date, requested_at
       from invoice_pix_charges
      where invoice_id = any(?::int[]) and status in ('creating', 'active') and cancel_requested_at is null
      order by id for update`,
    [intArrayParam(invoiceIds)],
  );
}

/**
 * Retires open charges: one never handed to the PSP is cancelled now, the others are marked for
 * the workers to cancel at the PSP (`cancel_requested_at`).
 */
async function retire(tx: EntityManager, charges: readonly OpenChargeRow[], now: Date): Promise<void> {
  const local = charges.filter(neverHanded).map((charge) => charge.id);
  const remote = charges.filter((charge) => !neverHanded(charge)).map((charge) => charge.id);
  if (local.length > 0)
    await tx.execute(
      `update invoice_pix_charges set status = 'cancelled', updated_at = ? where id = any(?::int[])`,
      [now, intArrayParam(local)],
    );
  if (remote.length > 0)
    await tx.execute(
      `update invoice_pix_charges set cancel_requested_at = ?, updated_at = ? where id = any(?::int[])`,
      [now, now, intArrayParam(remote)],
    );
}

/**
 * The issuing transaction's part (weekly and custom generation, late work added to a pending
 * invoice; the demo data): each pending or overdue invoice of `invoiceIds` with an amount gets a charge of that amount, due
 * on its due date (today in São Paulo when that has passed), `creating` with the next revision's
 * txid; an open charge of another amount or due date is retired (cancelled at the PSP first by the
 * workers, before they create the new one). An invoice whose open charge already says the same is
 * left alone, so a repeated call changes nothing.
 */
export async function issueInvoiceCharges(
  tx: EntityManager,
  invoiceIds: readonly number[],
  now: Date,
): Promise<number> {
  if (invoiceIds.length === 0) return 0;
  const ids = intArrayParam([...new Set(invoiceIds)]);
  const invoices = await tx.execute<
    { id: number; restaurant_id: number; amount_cents: number; due_date: string; next_revision: number }[]
  >(
    `select i.id, i.restaurant_id, i.amount_cents,
            to_char(greatest(i.due_date, ?::date), 'YYYY-MM-DD') as due_date,
            coalesce((select max(c.revision) + 1 from invoice_pix_charges c where c.invoice_id = i.id), 0)::int
              as next_revision
       from invoices i where i.id = any(?::int[]) and i.status in ('pending', 'overdue')
      order by i.id for update`,
    [saoPauloDate(now), ids],
  );
  const open = await lockOpenCharges(
    tx,
    invoices.map((invoice) => invoice.id),
  );
  const toIssue = invoices.filter(
    (invoice) =>
      invoice.amount_cents > 0 &&
      !open.some(
        (charge) =>
          charge.invoice_id === invoice.id &&
          charge.amount_cents === invoice.amount_cents &&
          charge.due_date === invoice.due_date,
      ),
  );
  if (toIssue.length === 0) return 0;
  await retire(
    tx,
    open.filter((charge) => toIssue.some((invoice) => invoice.id === charge.invoice_id)),
    now,
  );
  await tx.execute(
    `insert into invoice_pix_charges (invoice_id, restaurant_id, revision, txid, status, amount_cents, due_date,
                                      created_at, updated_at)
     select t.invoice_id, t.restaurant_id, t.revision, t.txid, 'creating', t.amount_cents, t.due_date::date, ?, ?
       from jsonb_to_recordset(?::jsonb)
         as t(invoice_id int, restaurant_id int, revision int, txid text, amount_cents int, due_date text)`,
    [
      now,
      now,
      JSON.stringify(
        toIssue.map((invoice) => ({
          invoice_id: invoice.id,
          restaurant_id: invoice.restaurant_id,
          revision: invoice.next_revision,
          txid: invoiceChargeTxid(invoice.id, invoice.next_revision),
          amount_cents: invoice.amount_cents,
          due_date: invoice.due_date,
        })),
      ),
    ],
  );
  // No event of its own: the issuing transaction announces `invoice_generated` for these invoices.
  return toIssue.length;
}

/**
 * The invoice was paid otherwise (an admin's "Marcar como paga"): its open charge is cancelled
 * (now when the PSP never had it, else by the workers at the PSP).
 */
export async function retireInvoiceCharges(
  tx: EntityManager,
  invoice: { id: number },
  now: Date,
): Promise<void> {
  const open = await lockOpenCharges(tx, [invoice.id]);
  if (open.length === 0) return;
  await retire(tx, open, now); // announced by the caller's `invoice_paid`
}

/**
 * Before an invoice is deleted (its row locked by the caller): every open charge is cancelled at
 * the PSP first, through `cancel`, then recorded `cancelled`. The PSP unreachable or refusing:
 * 409 and nothing changes (the caller's transaction rolls back). The PSP saying a charge was paid:
 * 409 (its webhook pays the invoice). Without `cancel` (a BFF with no PSP client), the open charges
 * are marked for the workers to cancel and the answer is `later`: the caller commits that and asks
 * to try again.
 */
export async function cancelChargesBeforeDeletion(
  tx: EntityManager,
  invoiceId: number,
  now: Date,
  cancel?: InvoiceChargeCanceller,
): Promise<'ready' | 'later'> {
  // Charges already marked for cancelling are open at the PSP too.
  const open = await tx.execute<OpenChargeRow[]>(
    `select id, invoice_id, txid, status, amount_cents, to_char(due_date, 'YYYY-MM-DD') as due_date, requested_at
       from invoice_pix_charges
      where invoice_id = ? and status in ('creating', 'active')
      order by id for update`,
    [invoiceId],
  );
  const atPsp = open.filter((charge) => !neverHanded(charge));
  if (atPsp.length > 0 && !cancel) {
    await retire(tx, atPsp, now);
    return 'later';
  }
  for (const charge of atPsp) {
    let answer: 'cancelled' | 'paid';
    try {
      answer = await cancel!(charge.txid);
    } catch {
      throw conflict('invoices.pix_cancel_unavailable', INVOICE_PIX_CHARGE_TEXTS.cancelUnavailable);
    }
    if (answer === 'paid') throw conflict('invoices.pix_paid', INVOICE_PIX_CHARGE_TEXTS.paidMeanwhile);
  }
  if (open.length > 0)
    await tx.execute(
      `update invoice_pix_charges set status = 'cancelled', cancel_requested_at = null, updated_at = ?
        where id = any(?::int[])`,
      [now, intArrayParam(open.map((charge) => charge.id))],
    );
  return 'ready';
}
