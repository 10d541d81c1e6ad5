import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import { z } from 'zod';
import {
  claimPayoutForSending,
  recordPayoutOutcome,
  returnUnsentPayout,
  sweepPayouts,
  type EntityManager,
  type PayoutToSend,
} from '@turno/core';
import { EmptyJobDataSchema } from '@turno/contracts';
import { checkPixKey, isValidCpf, type PayoutStatus } from '@turno/domain';
import { isPspError, type PixProvider, type PixSendRequest, type PixSendResult } from '@turno/psp';
import { payloadOf } from '../job-payload';
import { callPsp, type PspCallContext } from './psp-call';
import { JOB_NAMES, SEND_PAYOUT_JOB_OPTIONS } from '../queues';
import type { WorkerLogger } from '../worker-process';

/** `send-payout`'s payload: the payout's id (its job id is the payout's idempotency id). */
export const SendPayoutJobDataSchema = z.object({ payoutId: z.number().int().positive() }).strict();
export type SendPayoutJobData = z.infer<typeof SendPayoutJobDataSchema>;

/** How many payouts of each kind (pending, long sending) one sweep hands to the queue at most. */
export const PAYOUT_SWEEP_LIMIT = 500;

/** Shown to the freelancer in their bank app (at most 140 characters). */
export const PAYOUT_DESCRIPTION = 'Turno: pagamento do seu turno';

export interface PayoutProcessorDeps {
  provider: Pick<PixProvider, 'sendPix' | 'getPixSend'>;
  /** The payouts queue: the sweep enqueues on it, a 429 pauses it. */
  queue: Queue;
  logger: WorkerLogger;
}

export type SendPayoutResult = { status: PayoutStatus | 'not_found'; sent: boolean; checked: boolean };
export interface SweepPayoutsResult {
  released: number;
  enqueued: number;
  pending: number;
  stale: number;
}

/**
 * Enqueues a `send-payout` job per payout, with the payout's idempotency id as job id: a payout
 * already waiting or running is not enqueued twice; `onlyPending` skips those not `pending` now (the
 * LISTEN shortcut hears every change). Answers how many were enqueued.
 */
export async function enqueuePayoutSends(
  queue: Queue,
  em: EntityManager,
  payoutIds: number[],
  options: { onlyPending?: boolean } = {},
) {
  if (payoutIds.length === 0) return 0;
  // The job id is the payout's current idempotency id (an admin's retry changes it).
  const ids = [...new Set(payoutIds)];
  const rows = await em
    .getConnection()
    .execute<{ id: number; idempotency_id: string }[]>(
      `select id, idempotency_id from payouts where id in (${ids.map(() => '?').join(', ')})` +
        (options.onlyPending ? ` and status = 'pending'` : ''),
      ids,
    );
  await queue.addBulk(
    rows.map((row) => ({
      name: JOB_NAMES.sendPayout,
      data: { payoutId: row.id } satisfies SendPayoutJobData,
      opts: { jobId: row.idempotency_id, ...SEND_PAYOUT_JOB_OPTIONS },
    })),
  );
  return rows.length;
}

/** The PSP's request for a payout, or null when its key or CPF cannot be sent (no call is made). */
export function pixSendRequestOf(payout: PayoutToSend): PixSendRequest | null {
  const key = checkPixKey(payout.pixKey);
  if (!key.ok || !payout.payeeCpf || !isValidCpf(payout.payeeCpf)) return null;
  return {
    idempotencyId: payout.idempotencyId,
    amountCents: payout.amountCents,
    key: key.key,
    keyType: key.type,
    payee: { name: payout.payeeName, cpf: payout.payeeCpf },
    description: PAYOUT_DESCRIPTION,
  };
}

/**
 * The payouts queue.
 * - `send-payout` {payoutId}: claims the payout (`sending` committed before the PSP is called). A
 *   payout that was already `sending` (a retry, a worker that died after the PSP accepted) is asked
 *   of the PSP by its idempotency id first and sent only when the PSP does not know it: the same id
 *   is never sent twice. The PSP's answer is recorded (paid; processing stays `sending` until the
 *   webhook or the sweep's check; failed with its reason). A transient PSP failure throws (BullMQ
 *   retries with backoff; a 429 pauses the queue for the PSP's Retry-After), a refusal fails the
 *   payout with its reason, refused credentials are logged for an operator and leave the payout
 *   `sending` for the sweep to check later.
 * - `sweep-payouts` (every 15 s): held payouts past their 24 h released; pending ones enqueued again
 *   and the long `sending` ones enqueued to be checked (same job: the claim says `check`).
 */
export async function processPayoutJob(
  job: Job<unknown>,
  em: EntityManager,
  now: Date,
  deps: PayoutProcessorDeps,
): Promise<SendPayoutResult | SweepPayoutsResult> {
  if (job.name === JOB_NAMES.sendPayout) {
    const { payoutId } = payloadOf(job, SendPayoutJobDataSchema);
    return sendPayout(em, payoutId, now, deps);
  }
  if (job.name === JOB_NAMES.sweepPayouts) {
    payloadOf(job, EmptyJobDataSchema, {});
    const sweep = await sweepPayouts(em, now, PAYOUT_SWEEP_LIMIT);
    const enqueued = await enqueuePayoutSends(deps.queue, em, [...sweep.pending, ...sweep.stale]);
    return { released: sweep.released, enqueued, pending: sweep.pending.length, stale: sweep.stale.length };
  }
  throw new UnrecoverableError(`Unknown job on the payouts queue: ${job.name}`);
}

async function sendPayout(
  em: EntityManager,
  payoutId: number,
  now: Date,
  deps: PayoutProcessorDeps,
): Promise<SendPayoutResult> {
  let claim = await claimPayoutForSending(em, payoutId, now);
  let checked = false;
  if (claim.action === 'check') {
    checked = true;
    const claimed = claim.payout;
    const known = await callPsp(pspCall(deps, claimed), () =>
      deps.provider.getPixSend(claimed.idempotencyId),
    );
    if (known.status !== 'not_found') {
      return { status: await recordResult(em, known, now), sent: false, checked };
    }
    // The PSP never accepted it: sending under the same id is safe.
    await returnUnsentPayout(em, payoutId);
    claim = await claimPayoutForSending(em, payoutId, now);
  }
  if (claim.action === 'done') return { status: claim.status, sent: false, checked };
  if (claim.action === 'check') return { status: 'sending', sent: false, checked }; // another worker claimed it
  const payout = claim.payout;
  const request = pixSendRequestOf(payout);
  if (!request) {
    const status = await recordPayoutOutcome(
      em,
      { idempotencyId: payout.idempotencyId, status: 'failed', failure: { reason: 'invalid_key' } },
      now,
    );
    return { status: status ?? 'not_found', sent: false, checked };
  }
  const result = await callPsp(pspCall(deps, payout), () => deps.provider.sendPix(request)).catch(
    async (error: unknown) => {
      // The PSP refused the send itself (invalid key, CPF not the key's owner, …): final for this id.
      if (isPspError(error) && error.kind === 'permanent' && !error.auth) {
        const failed: PixSendResult = {
          idempotencyId: payout.idempotencyId,
          status: 'failed',
          failure: {
            reason: error.reason ?? 'unknown',
            message: error.failureMessage ?? error.message,
            pspCode: error.code,
          },
        };
        deps.logger.info(
          { payoutId, idempotencyId: payout.idempotencyId, code: error.code, reason: failed.failure?.reason },
          'payout refused by the PSP',
        );
        return failed;
      }
      throw error;
    },
  );
  return { status: await recordResult(em, result, now), sent: true, checked };
}

/** Records what the PSP said; `processing` leaves the payout `sending` (the webhook or a check ends it). */
async function recordResult(em: EntityManager, result: PixSendResult, now: Date): Promise<PayoutStatus> {
  if (result.status === 'processing') return 'sending';
  if (result.status === 'not_found') throw new Error(`The PSP lost send ${result.idempotencyId}`);
  const status = await recordPayoutOutcome(
    em,
    {
      idempotencyId: result.idempotencyId,
      status: result.status,
      endToEndId: result.endToEndId ?? null,
      at: result.settledAt ? new Date(result.settledAt) : null,
      failure: result.failure
        ? { reason: result.failure.reason, pspCode: result.failure.pspCode ?? null }
        : null,
    },
    now,
  );
  return status ?? 'sending';
}

function pspCall(deps: PayoutProcessorDeps, payout: PayoutToSend): PspCallContext {
  return {
    queue: deps.queue,
    logger: deps.logger,
    subject: { payoutId: payout.payoutId, idempotencyId: payout.idempotencyId },
    stalled: 'payouts cannot leave',
  };
}
