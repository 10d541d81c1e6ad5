/**
 * The life of an invoice's Pix charge after its issue (issue 25; written `creating` by the issuing
 * transaction, `invoices/invoice-pix-charges.ts`): created at the PSP by the workers, paid through
 * the PSP's webhook, cancelled at the PSP when the invoice no longer wants it.
 *
 * Exactly once: the charge's txid is the PSP's idempotency key (`createDueCharge` with a txid it
 * has answers that charge), `requested_at` is committed before the PSP is called (after it, only the
 * PSP can cancel the charge), and every record step locks the row and re-reads its state, so a
 * worker that died, a duplicate job, a cancellation racing a creation or a webhook arriving before
 * the creation's answer all end in the right state. `pix_receipts.end_to_end_id` makes the same
 * notification twice change nothing. Every change is an `invoice_charge_updated` live event.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  INVOICE_PIX_CHARGE_TEXTS,
  INVOICE_PIX_VALID_DAYS_AFTER_DUE,
  addDays,
  invoiceOfChargeTxid,
  invoicePixLastPayableDate,
  isInvoicePixChargeExpired,
  isValidCnpj,
  saoPauloDate,
  type InvoicePixChargeStatus,
} from '@turno/domain';
import { recordAudit, redactForAudit } from '../audit/record-audit';
import { recordEvent } from '../events/record-event';
import { issueInvoiceCharges, settleInvoicePayment } from '../invoices';

/** What the workers give the PSP to create a charge. */
export interface ChargeToCreate {
  txid: string;
  invoiceId: number | null;
  invoiceNumber: string | null;
  amountCents: number;
  dueDate: string;
  debtor: { cnpj: string; name: string };
}

/**
 * What a worker does with a charge: `create` it at the PSP (`requested_at` committed), `cancel` it
 * there (the invoice was deleted, regenerated or paid otherwise), `expire` it (an `active` charge
 * past its last payable day: read it at the PSP, record what it received, remove it there if the
 * PSP has not, then {@link recordInvoiceChargeExpired}), or nothing (`done`).
 */
export type ChargeClaim =
  | { action: 'create'; charge: ChargeToCreate }
  | { action: 'cancel'; txid: string }
  | { action: 'expire'; txid: string }
  | { action: 'done'; status: InvoicePixChargeStatus | 'not_found' };

interface ChargeRow {
  id: number;
  invoice_id: number | null;
  restaurant_id: number;
  txid: string;
  status: InvoicePixChargeStatus;
  amount_cents: number;
  due_date: string;
  requested_at: Date | null;
  cancel_requested_at: Date | null;
}

async function lockCharge(tx: EntityManager, txid: string): Promise<ChargeRow | undefined> {
  const [row] = await tx.execute<ChargeRow[]>(
    `select id, invoice_id, restaurant_id, txid, status, amount_cents, to_char(due_date, 'YYYY-MM-DD') as due_date,
            requested_at, cancel_requested_at
       from invoice_pix_charges where txid = ? for update`,
    [txid],
  );
  return row;
}

const isOpen = (charge: ChargeRow) => charge.status === 'creating' || charge.status === 'active';

async function announce(tx: EntityManager, charge: ChargeRow): Promise<void> {
  await recordEvent(tx, {
    type: 'invoice_charge_updated',
    restaurantId: charge.restaurant_id,
    payload: { invoiceId: charge.invoice_id, chargeId: charge.id },
  });
}

async function setStatus(
  tx: EntityManager,
  charge: ChargeRow,
  status: InvoicePixChargeStatus,
  now: Date,
  extra: { failure?: string | null; location?: string | null; brCode?: string | null } = {},
): Promise<void> {
  await tx.execute(
    `update invoice_pix_charges
        set status = ?, failure = coalesce(?, failure), location = coalesce(?, location),
            br_code = coalesce(?, br_code), updated_at = ?
      where id = ?`,
    [status, extra.failure ?? null, extra.location ?? null, extra.brCode ?? null, now, charge.id],
  );
  await announce(tx, { ...charge, status });
}

/**
 * Claims a charge for its worker job (job id = txid): a `creating` one is handed to the PSP
 * (`requested_at` committed now; a repeated claim answers `create` again, which the PSP answers
 * with the same charge); one marked for cancelling is cancelled (locally when the PSP never had
 * it); a business without a valid CNPJ and legal name fails it with the reason (the invoice stays
 * payable by boleto or marked paid).
 */
export async function claimInvoiceCharge(em: EntityManager, txid: string, now: Date): Promise<ChargeClaim> {
  return em.fork().transactional(async (tx) => {
    const charge = await lockCharge(tx, txid);
    if (!charge) return { action: 'done', status: 'not_found' };
    if (!isOpen(charge)) return { action: 'done', status: charge.status };
    if (charge.cancel_requested_at || charge.invoice_id === null) {
      if (charge.status === 'creating' && !charge.requested_at) {
        await setStatus(tx, charge, 'cancelled', now);
        return { action: 'done', status: 'cancelled' };
      }
      return { action: 'cancel', txid };
    }
    if (charge.status === 'active')
      return isInvoicePixChargeExpired(charge.due_date, saoPauloDate(now))
        ? { action: 'expire', txid }
        : { action: 'done', status: 'active' };
    const [business] = await tx.execute<
      { cnpj: string | null; legal_name: string | null; invoice_number: string | null }[]
    >(
      `select r.cnpj, r.legal_name, i.invoice_number
         from restaurants r left join invoices i on i.id = ? where r.id = ?`,
      [charge.invoice_id, charge.restaurant_id],
    );
    const cnpj = business?.cnpj ?? null;
    const name = business?.legal_name?.trim() ?? '';
    if (!cnpj || !isValidCnpj(cnpj) || !name) {
      await setStatus(tx, charge, 'failed', now, { failure: INVOICE_PIX_CHARGE_TEXTS.noLegalIdentity });
      return { action: 'done', status: 'failed' };
    }
    if (!charge.requested_at)
      await tx.execute(`update invoice_pix_charges set requested_at = ?, updated_at = ? where id = ?`, [
        now,
        now,
        charge.id,
      ]);
    return {
      action: 'create',
      charge: {
        txid,
        invoiceId: charge.invoice_id,
        invoiceNumber: business?.invoice_number ?? null,
        amountCents: charge.amount_cents,
        dueDate: charge.due_date,
        debtor: { cnpj, name },
      },
    };
  });
}

/**
 * The PSP created the charge: `active` with its BR Code and location. Answers `cancel` when the
 * charge was meanwhile marked for cancelling or cancelled (a deletion that reached the PSP before
 * this creation did): the worker then cancels it at the PSP. A charge the webhook already settled
 * keeps its state (and gains its BR Code).
 */
export async function recordInvoiceChargeCreated(
  em: EntityManager,
  txid: string,
  created: { location: string; brCode: string },
  now: Date,
): Promise<InvoicePixChargeStatus | 'cancel' | 'not_found'> {
  return em.fork().transactional(async (tx) => {
    const charge = await lockCharge(tx, txid);
    if (!charge) return 'not_found';
    const extra = { location: created.location, brCode: created.brCode };
    if (charge.status === 'cancelled' || charge.cancel_requested_at || charge.invoice_id === null) {
      await tx.execute(
        `update invoice_pix_charges set location = coalesce(location, ?), br_code = coalesce(br_code, ?) where id = ?`,
        [created.location, created.brCode, charge.id],
      );
      return charge.status === 'paid' || charge.status === 'mismatch' ? charge.status : 'cancel';
    }
    if (charge.status === 'creating' || charge.status === 'failed') {
      await setStatus(tx, charge, 'active', now, extra);
      return 'active';
    }
    await tx.execute(
      `update invoice_pix_charges set location = coalesce(location, ?), br_code = coalesce(br_code, ?) where id = ?`,
      [created.location, created.brCode, charge.id],
    );
    return charge.status;
  });
}

/** The PSP refused to create the charge (bad data): `failed` with its reason, for the admin. */
export async function recordInvoiceChargeFailed(
  em: EntityManager,
  txid: string,
  failure: string,
  now: Date,
): Promise<InvoicePixChargeStatus | 'not_found'> {
  return em.fork().transactional(async (tx) => {
    const charge = await lockCharge(tx, txid);
    if (!charge) return 'not_found';
    if (charge.status !== 'creating') return charge.status;
    await setStatus(tx, charge, 'failed', now, { failure: failure.slice(0, 500) });
    return 'failed';
  });
}

/** The PSP removed the charge (or never had it): `cancelled`. A settled charge stays as it is. */
export async function recordInvoiceChargeCancelled(
  em: EntityManager,
  txid: string,
  now: Date,
): Promise<InvoicePixChargeStatus | 'not_found'> {
  return em.fork().transactional(async (tx) => {
    const charge = await lockCharge(tx, txid);
    if (!charge) return 'not_found';
    if (!isOpen(charge)) return charge.status;
    await setStatus(tx, charge, 'cancelled', now);
    return 'cancelled';
  });
}

/** What {@link recordInvoiceChargeExpired} did. */
export interface InvoiceChargeExpiry {
  /** The charge's state after it: `cancelled` when it expired now, else what it already was. */
  status: InvoicePixChargeStatus | 'not_found';
  /** The new charge issued for its invoice (still pending or overdue), for the workers to create. */
  renewedTxid: string | null;
}

/**
 * An `active` charge past its last payable day, which the PSP removed (`REMOVIDA_PELO_PSP`), no
 * longer has, or the worker just removed there: `cancelled` (audited `invoice.pix_expired`), and
 * its invoice, still pending or overdue, gets a new charge due today in the same transaction (the
 * business always has a payable Pix: docs/decisions.md). The invoice is locked first, then the
 * charge (the order of every invoice command). A charge settled meanwhile, or not yet expired on
 * `now`, stays as it is.
 */
export async function recordInvoiceChargeExpired(
  em: EntityManager,
  txid: string,
  now: Date,
): Promise<InvoiceChargeExpiry> {
  return em.fork().transactional(async (tx) => {
    const named = invoiceOfChargeTxid(txid);
    const [invoice] = named
      ? await tx.execute<{ id: number; status: string }[]>(
          `select id, status from invoices where id = ? for update`,
          [named.invoiceId],
        )
      : [];
    const charge = await lockCharge(tx, txid);
    if (!charge) return { status: 'not_found', renewedTxid: null };
    if (
      charge.status !== 'active' ||
      charge.cancel_requested_at ||
      !isInvoicePixChargeExpired(charge.due_date, saoPauloDate(now))
    )
      return { status: charge.status, renewedTxid: null };
    await setStatus(tx, charge, 'cancelled', now);
    await recordAudit(tx, {
      actorKind: 'system',
      action: 'invoice.pix_expired',
      outcome: 'success',
      targetType: 'invoices',
      targetId: charge.invoice_id,
      details: {
        txid,
        dueDate: charge.due_date,
        lastPayableDate: invoicePixLastPayableDate(charge.due_date),
      },
    });
    const payable =
      invoice &&
      charge.invoice_id === invoice.id &&
      (invoice.status === 'pending' || invoice.status === 'overdue');
    if (!payable || (await issueInvoiceCharges(tx, [invoice.id], now)) === 0)
      return { status: 'cancelled', renewedTxid: null };
    const [renewed] = await tx.execute<{ txid: string }[]>(
      `select txid from invoice_pix_charges where invoice_id = ? and status = 'creating' order by revision desc limit 1`,
      [invoice.id],
    );
    return { status: 'cancelled', renewedTxid: renewed?.txid ?? null };
  });
}

/** A Pix the PSP received (its webhook's `payment_received`, or a charge read back). */
export interface PixReceived {
  endToEndId: string;
  txid?: string | null;
  amountCents: number;
  /** ISO 8601 or a Date: when the payer's bank settled it. */
  paidAt: string | Date;
}

export type PixReceivedOutcome =
  /** The same end-to-end id was recorded before: nothing changed. */
  | { outcome: 'duplicate' }
  /** No charge of Turno has this txid (or none was given): recorded and logged by the caller. */
  | { outcome: 'unknown_txid' }
  /** The invoice's amount: the charge and the invoice are paid. */
  | { outcome: 'paid'; invoiceId: number }
  /** Another amount, or an invoice no longer payable: listed for the admin. */
  | { outcome: 'mismatch'; invoiceId: number | null }
  /** The charge was already settled by an earlier Pix: recorded only. */
  | { outcome: 'already_settled'; invoiceId: number | null };

/**
 * A received Pix's charge settled in one statement (issue 25): the charge `paid` or `mismatch` with
 * what was received, its `invoice_charge_updated` event and the audit entry, and, when it pays the
 * invoice, the invoice's other open charges (an earlier revision still at the PSP) marked for
 * cancelling there.
 */
const SETTLE_CHARGE_SQL = `
with changed as (
  update invoice_pix_charges
     set status = ?::text, received_amount_cents = ?, received_at = ?::timestamptz, end_to_end_id = ?,
         cancel_requested_at = null, updated_at = ?::timestamptz
   where id = ?
   returning id, invoice_id, restaurant_id
), announced as (
  insert into domain_events (type, restaurant_id, payload)
  select 'invoice_charge_updated', c.restaurant_id, jsonb_build_object('invoiceId', c.invoice_id, 'chargeId', c.id)
    from changed c
), audited as (
  insert into audit_events (actor_kind, action, outcome, target_type, target_id, details)
  select 'system', ?::text, 'success', 'invoices', c.invoice_id::text, ?::jsonb from changed c
), retired as (
  update invoice_pix_charges o set cancel_requested_at = ?::timestamptz, updated_at = ?::timestamptz
    from changed c
   where ?::boolean and o.invoice_id = c.invoice_id and o.id <> c.id and o.status in ('creating', 'active')
     and o.cancel_requested_at is null
)
select count(*)::int as changed from changed`;

/**
 * Records a received Pix: the receipt (its end-to-end id once; a repeat changes nothing), then its
 * charge (locked) and the charge's invoice (locked): the invoice's amount pays both (the invoice
 * `paid` on the Pix's São Paulo date, `invoice_paid` and audited, its other open charges marked for
 * cancelling); another amount, or an invoice already paid or deleted, makes the charge `mismatch`
 * ("Divergência de pagamento": the invoice stays as it is, the admin decides). A later Pix of the
 * right amount for a `mismatch` charge still pays the invoice. Out-of-order safe: a payment before
 * the creation's answer is recorded, and the creation keeps it.
 *
 * What it costs (the PSP's webhook, issue 25): a repeated notification one read, outside any
 * transaction; a new one its transaction — the receipt written and the invoice locked by one
 * statement, the charge locked, the charge settled with its event and audit entry (and the other
 * charges retired) by one statement, then the invoice paid (`settleInvoicePayment`). Two first
 * deliveries at once: the receipt's key lets one through, the other is a duplicate.
 */
export async function recordPixReceived(
  em: EntityManager,
  pix: PixReceived,
  now: Date = new Date(),
): Promise<PixReceivedOutcome> {
  const paidAt = pix.paidAt instanceof Date ? pix.paidAt : new Date(pix.paidAt);
  const settledAt = Number.isNaN(paidAt.getTime()) ? now : paidAt;
  const [seen] = await em.execute<{ seen: number }[]>(
    `select 1 as seen from pix_receipts where end_to_end_id = ?`,
    [pix.endToEndId],
  );
  if (seen) return { outcome: 'duplicate' };
  const named = pix.txid ? invoiceOfChargeTxid(pix.txid) : null;
  return em.fork().transactional(async (tx) => {
    // The invoice first, then its charge: the order every invoice command locks them in (no deadlock
    // with a concurrent "Marcar como paga", deletion or generation). No row: a duplicate.
    const [receipt] = await tx.execute<
      {
        id: number | null;
        status: string | null;
        amount_cents: number | null;
        restaurant_id: number | null;
      }[]
    >(
      `with receipt as (
         insert into pix_receipts (end_to_end_id, txid, amount_cents, paid_at, received_at)
         values (?, ?, ?, ?, ?) on conflict (end_to_end_id) do nothing returning end_to_end_id)
       select i.id, i.status, i.amount_cents, i.restaurant_id
         from receipt
         left join lateral (
           select id, status, amount_cents, restaurant_id from invoices where id = ? for update
         ) i on true`,
      [pix.endToEndId, pix.txid ?? null, pix.amountCents, settledAt, now, named?.invoiceId ?? null],
    );
    if (!receipt) return { outcome: 'duplicate' };
    if (!pix.txid || !named) return { outcome: 'unknown_txid' };
    const invoice =
      receipt.id === null
        ? undefined
        : {
            id: receipt.id,
            status: receipt.status!,
            amount_cents: receipt.amount_cents!,
            restaurant_id: receipt.restaurant_id!,
          };
    const charge = await lockCharge(tx, pix.txid);
    if (!charge) return { outcome: 'unknown_txid' };
    if (charge.status === 'paid') return { outcome: 'already_settled', invoiceId: charge.invoice_id };
    const payable =
      invoice &&
      charge.invoice_id === invoice.id &&
      (invoice.status === 'pending' || invoice.status === 'overdue');
    const matches = Boolean(
      payable && pix.amountCents === invoice.amount_cents && pix.amountCents === charge.amount_cents,
    );
    const status: InvoicePixChargeStatus = matches ? 'paid' : 'mismatch';
    const details = redactForAudit({
      txid: charge.txid,
      endToEndId: pix.endToEndId,
      receivedCents: pix.amountCents,
      invoiceCents: invoice?.amount_cents ?? null,
      invoiceStatus: invoice?.status ?? 'deleted',
    });
    await tx.execute(SETTLE_CHARGE_SQL, [
      status,
      pix.amountCents,
      settledAt,
      pix.endToEndId,
      now,
      charge.id,
      matches ? 'invoice.paid_by_pix' : 'invoice.pix_mismatch',
      JSON.stringify(details),
      now,
      now,
      matches,
    ]);
    if (!matches || !invoice) return { outcome: 'mismatch', invoiceId: charge.invoice_id };
    await settleInvoicePayment(tx, invoice.id, saoPauloDate(settledAt), now);
    return { outcome: 'paid', invoiceId: invoice.id };
  });
}

/** The sweep's answer: txids to hand to the workers (their job id makes repeats harmless). */
export interface InvoiceChargeSweep {
  txids: string[];
}

/**
 * The charges a worker has something to do with, as SQL on `invoice_pix_charges` (one parameter:
 * the latest due date already expired, {@link expiredDueBefore}): to create (`creating`), marked for
 * cancelling, or `active` past their last payable day (to expire and renew).
 */
const TO_SYNC = `status in ('creating', 'active')
  and (status = 'creating' or cancel_requested_at is not null or due_date < ?::date)`;

/** A charge due before this date (São Paulo) is past its last payable day on `now`. */
const expiredDueBefore = (now: Date) => addDays(saoPauloDate(now), -INVOICE_PIX_VALID_DAYS_AFTER_DUE);

/**
 * The sweep (every 15 s, and at the workers' start): every charge still to create (`creating`),
 * every one marked for cancelling and every `active` one past its last payable day (on `now`),
 * oldest first, at most `limit`. PostgreSQL is the truth: a lost job, a Redis restart or a worker
 * that died leaves a row this finds again.
 */
export async function sweepInvoiceCharges(
  em: EntityManager,
  limit = 500,
  now: Date = new Date(),
): Promise<InvoiceChargeSweep> {
  const rows = await em
    .getConnection()
    .execute<{ txid: string }[]>(
      `select txid from invoice_pix_charges where ${TO_SYNC} order by id limit ?`,
      [expiredDueBefore(now), limit],
    );
  return { txids: rows.map((row) => row.txid) };
}

/**
 * The charges of these invoices a worker has something to do with (as the sweep finds them): what
 * the workers enqueue at once when they hear an invoice's event (a "Marcar como paga" committed, a
 * deletion that marked its charge for cancelling, an issue), instead of at the next sweep.
 */
export async function invoiceChargesToSync(
  em: EntityManager,
  invoiceIds: readonly number[],
  now: Date = new Date(),
): Promise<InvoiceChargeSweep> {
  const ids = invoiceIds.filter((id) => Number.isSafeInteger(id));
  if (ids.length === 0) return { txids: [] };
  const rows = await em
    .getConnection()
    .execute<{ txid: string }[]>(
      `select txid from invoice_pix_charges where invoice_id = any(?::int[]) and ${TO_SYNC} order by id`,
      [`{${ids.join(',')}}`, expiredDueBefore(now)],
    );
  return { txids: rows.map((row) => row.txid) };
}
