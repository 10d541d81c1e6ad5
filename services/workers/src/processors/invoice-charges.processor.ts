import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import { z } from 'zod';
import {
  claimInvoiceCharge,
  invoiceChargesToSync,
  recordInvoiceChargeCancelled,
  recordInvoiceChargeCreated,
  recordInvoiceChargeExpired,
  recordInvoiceChargeFailed,
  recordPixReceived,
  sweepInvoiceCharges,
  type ChargeToCreate,
  type EntityManager,
} from '@turno/core';
import { EmptyJobDataSchema } from '@turno/contracts';
import {
  INVOICE_PIX_CHARGE_TEXTS,
  INVOICE_PIX_VALID_DAYS_AFTER_DUE,
  isValidChargeTxid,
  type InvoicePixChargeStatus,
} from '@turno/domain';
import { isPspError, type PixProvider } from '@turno/psp';
import { payloadOf } from '../job-payload';
import { callPsp, type PspCallContext } from './psp-call';
import { INVOICE_CHARGE_JOB_OPTIONS, JOB_NAMES } from '../queues';
import type { WorkerLogger } from '../worker-process';

/** `sync-invoice-charge`'s payload: the charge's txid (also its job id). */
export const SyncInvoiceChargeJobDataSchema = z
  .object({ txid: z.string().refine(isValidChargeTxid, 'txid de cobrança inválido') })
  .strict();
export type SyncInvoiceChargeJobData = z.infer<typeof SyncInvoiceChargeJobDataSchema>;

/** How many charges one sweep hands to the queue at most. */
export const INVOICE_CHARGE_SWEEP_LIMIT = 500;

export interface InvoiceChargeProcessorDeps {
  provider: Pick<PixProvider, 'createDueCharge' | 'getDueCharge' | 'cancelDueCharge'>;
  /** The invoice-charges queue: the sweep enqueues on it, a 429 pauses it. */
  queue: Queue;
  logger: WorkerLogger;
}

export type SyncInvoiceChargeResult = {
  status: InvoicePixChargeStatus | 'not_found';
  created: boolean;
  cancelled: boolean;
  /** An expired charge: the new charge issued for its invoice (enqueued), or null. */
  renewedTxid?: string | null;
};

/** Enqueues one `sync-invoice-charge` job per txid (job id = txid: one waiting or running job each). */
export async function enqueueInvoiceChargeSyncs(queue: Queue, txids: readonly string[]): Promise<number> {
  const distinct = [...new Set(txids)];
  if (distinct.length === 0) return 0;
  await queue.addBulk(
    distinct.map((txid) => ({
      name: JOB_NAMES.syncInvoiceCharge,
      data: { txid } satisfies SyncInvoiceChargeJobData,
      opts: { jobId: txid, ...INVOICE_CHARGE_JOB_OPTIONS },
    })),
  );
  return distinct.length;
}

/**
 * The charges of these invoices that want a worker (to create, cancel or expire), enqueued: what the
 * workers do when they hear an invoice's event (`payout-listener.ts`), the sweep being the safety net.
 */
export async function enqueueInvoiceChargesOf(
  queue: Queue,
  em: EntityManager,
  invoiceIds: readonly number[],
  now: Date,
): Promise<number> {
  const { txids } = await invoiceChargesToSync(em, invoiceIds, now);
  return enqueueInvoiceChargeSyncs(queue, txids);
}

/**
 * Cancels a charge at the PSP: `cancelled` when it is removed (or the PSP never had it), `paid` when
 * the PSP refuses because it was paid (its Pix are then recorded, as the webhook would, unless
 * `recordPayments` is false: admin-billing's deletion holds the invoice's lock and lets the webhook
 * record them). Throws what the PSP threw otherwise.
 */
export async function cancelChargeAtPsp(
  em: EntityManager,
  provider: Pick<PixProvider, 'cancelDueCharge' | 'getDueCharge'>,
  txid: string,
  now: Date,
  options: { recordPayments?: boolean } = {},
): Promise<'cancelled' | 'paid'> {
  try {
    await provider.cancelDueCharge(txid);
    return 'cancelled';
  } catch (error) {
    if (!isPspError(error) || error.kind !== 'permanent' || error.auth) throw error;
    const charge = await provider.getDueCharge(txid);
    if (charge?.status !== 'CONCLUIDA') throw error;
    if (options.recordPayments === false) return 'paid';
    for (const pix of charge.pix) await recordPixReceived(em, { ...pix, txid: pix.txid ?? txid }, now);
    return 'paid';
  }
}

/**
 * The invoice-charges queue.
 * - `sync-invoice-charge` {txid}: brings the PSP in line with the charge's row. A `creating` charge
 *   is claimed (`requested_at` committed first) and created at the PSP with the business's CNPJ and
 *   legal name — idempotent by txid, so a retry or a worker killed after the PSP accepted creates
 *   nothing twice — then recorded `active` with its BR Code; a charge marked for cancelling (or
 *   cancelled while its creation was in flight) is cancelled at the PSP, then `cancelled`. A
 *   transient PSP failure throws (BullMQ retries with backoff; a 429 pauses the queue), a refusal of
 *   the data fails the charge with the PSP's reason, refused credentials are logged for an operator.
 *   An `active` charge past its last payable day is read at the PSP (`GET /cobv/{txid}`): the Pix it
 *   received are recorded (a lost webhook), one the PSP keeps `ATIVA` is removed there, and then it
 *   is recorded expired and its invoice, still unpaid, gets a new charge (enqueued at once).
 * - `sweep-invoice-charges` (every 15 s): every charge to create, to cancel or to expire, enqueued again.
 */
export async function processInvoiceChargeJob(
  job: Job<unknown>,
  em: EntityManager,
  now: Date,
  deps: InvoiceChargeProcessorDeps,
): Promise<SyncInvoiceChargeResult | { enqueued: number }> {
  if (job.name === JOB_NAMES.syncInvoiceCharge) {
    const { txid } = payloadOf(job, SyncInvoiceChargeJobDataSchema);
    return syncInvoiceCharge(em, txid, now, deps);
  }
  if (job.name === JOB_NAMES.sweepInvoiceCharges) {
    payloadOf(job, EmptyJobDataSchema, {});
    const sweep = await sweepInvoiceCharges(em, INVOICE_CHARGE_SWEEP_LIMIT, now);
    return { enqueued: await enqueueInvoiceChargeSyncs(deps.queue, sweep.txids) };
  }
  throw new UnrecoverableError(`Unknown job on the invoice-charges queue: ${job.name}`);
}

export async function syncInvoiceCharge(
  em: EntityManager,
  txid: string,
  now: Date,
  deps: InvoiceChargeProcessorDeps,
): Promise<SyncInvoiceChargeResult> {
  const claim = await claimInvoiceCharge(em, txid, now);
  if (claim.action === 'done') return { status: claim.status, created: false, cancelled: false };
  if (claim.action === 'cancel') return cancel(em, txid, now, deps, false);
  if (claim.action === 'expire') return expire(em, txid, now, deps);
  return createClaimedCharge(em, claim.charge, now, deps);
}

/**
 * An `active` charge past its last payable day. The standard's status of a charge record does not
 * say it expired (a PSP may keep it `ATIVA`, or remove it: `REMOVIDA_PELO_PSP`), so the PSP is read:
 * the Pix it received are recorded first (a payment whose webhook was lost pays the invoice, and
 * nothing expires), one still `ATIVA` is removed there (a refusal because it was paid records the
 * payment), then the charge is recorded expired and its invoice's new charge is enqueued.
 */
async function expire(
  em: EntityManager,
  txid: string,
  now: Date,
  deps: InvoiceChargeProcessorDeps,
): Promise<SyncInvoiceChargeResult> {
  const atPsp = await callPsp(pspCall(deps, txid), () => deps.provider.getDueCharge(txid));
  for (const pix of atPsp?.pix ?? []) await recordPixReceived(em, { ...pix, txid: pix.txid ?? txid }, now);
  let removedHere = false;
  if (atPsp?.status === 'ATIVA') {
    const outcome = await callPsp(pspCall(deps, txid), () => cancelChargeAtPsp(em, deps.provider, txid, now));
    removedHere = outcome === 'cancelled';
  }
  const expiry = await recordInvoiceChargeExpired(em, txid, now);
  if (expiry.renewedTxid) await enqueueInvoiceChargeSyncs(deps.queue, [expiry.renewedTxid]);
  deps.logger.info(
    { txid, pspStatus: atPsp?.status ?? 'not_found', status: expiry.status, renewedTxid: expiry.renewedTxid },
    'invoice charge past its last payable day',
  );
  return { status: expiry.status, created: false, cancelled: removedHere, renewedTxid: expiry.renewedTxid };
}

/**
 * The creation of a claimed charge at the PSP and its record: `active`, or `failed` with the PSP's
 * refusal; cancelled at the PSP at once when the charge was cancelled while the creation was in
 * flight (a deletion that reached the PSP first).
 */
export async function createClaimedCharge(
  em: EntityManager,
  charge: ChargeToCreate,
  now: Date,
  deps: InvoiceChargeProcessorDeps,
): Promise<SyncInvoiceChargeResult> {
  const { txid } = charge;
  const created = await callPsp(pspCall(deps, txid), () =>
    deps.provider.createDueCharge(dueChargeOf(charge)),
  ).catch(async (error: unknown) => {
    if (isPspError(error) && error.kind === 'permanent' && !error.auth) {
      deps.logger.info({ txid, code: error.code, status: error.status }, 'invoice charge refused by the PSP');
      await recordInvoiceChargeFailed(em, txid, `${error.message}`.slice(0, 300), now);
      return null;
    }
    throw error;
  });
  if (!created) return { status: 'failed', created: false, cancelled: false };
  const recorded = await recordInvoiceChargeCreated(em, txid, created, now);
  if (recorded === 'cancel') return cancel(em, txid, now, deps, true);
  return { status: recorded, created: true, cancelled: false };
}

async function cancel(
  em: EntityManager,
  txid: string,
  now: Date,
  deps: InvoiceChargeProcessorDeps,
  created: boolean,
): Promise<SyncInvoiceChargeResult> {
  const outcome = await callPsp(pspCall(deps, txid), () => cancelChargeAtPsp(em, deps.provider, txid, now));
  if (outcome === 'paid') return { status: 'paid', created, cancelled: false };
  const status = await recordInvoiceChargeCancelled(em, txid, now);
  return { status, created, cancelled: true };
}

function dueChargeOf(charge: ChargeToCreate) {
  return {
    txid: charge.txid,
    amountCents: charge.amountCents,
    dueDate: charge.dueDate,
    validDaysAfterDue: INVOICE_PIX_VALID_DAYS_AFTER_DUE,
    debtor: charge.debtor,
    ...(charge.invoiceNumber
      ? {
          payerMessage: INVOICE_PIX_CHARGE_TEXTS.payerMessage(charge.invoiceNumber),
          info: [{ name: 'Fatura', value: charge.invoiceNumber }],
        }
      : {}),
  };
}

function pspCall(deps: InvoiceChargeProcessorDeps, txid: string): PspCallContext {
  return { queue: deps.queue, logger: deps.logger, subject: { txid }, stalled: 'invoice charges wait' };
}
