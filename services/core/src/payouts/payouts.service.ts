/**
 * The life of a payout after its creation (issue 25; created by the completion, in
 * `assignments/payout-of-completion.ts`): handed to the PSP by the workers, settled by the PSP's
 * answer, webhook or a later read, and the admin's retry, release and "paid outside the platform".
 *
 * Exactly once: `sending` is committed before the PSP is called (`claimPayoutForSending`), so a
 * worker that dies after the call leaves a `sending` row, which is asked of the PSP by its
 * idempotency id before anything is sent again; `paid` is final and `failed` ends an attempt, so a
 * late or repeated notification changes nothing (`recordPayoutOutcome`). Every change is a
 * `payout_updated` live event and an audit entry.
 */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import {
  PAYOUT_MESSAGES,
  PAYOUT_SENDING_CHECK_AFTER_MS,
  payoutHeldUntil,
  payoutIdempotencyId,
  type PayoutStatus,
  type PixSendFailureReason,
} from '@turno/domain';
import { Freelancer, Payout } from '../model';
import { recordAudit, type AuditActorKind } from '../audit/record-audit';
import { recordEvent } from '../events/record-event';
import { requireRole } from '../shared/access';
import type { Actor } from '../shared/actor';
import { conflict, invalid, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';

/** What the sender needs to hand a payout to the PSP. */
export interface PayoutToSend {
  payoutId: number;
  idempotencyId: string;
  amountCents: number;
  pixKey: string | null;
  payeeName: string;
  payeeCpf: string | null;
  assignmentId: number;
}

/**
 * What the sender does with a payout: `send` it (now `sending`, committed), `check` it first (it was
 * already `sending`: a retry or a worker that died; ask the PSP by its id, send only if unknown
 * there), or nothing (`done`: paid, failed, held, or not found).
 */
export type SendClaim =
  | { action: 'send'; payout: PayoutToSend }
  | { action: 'check'; payout: PayoutToSend }
  | { action: 'done'; status: PayoutStatus | 'not_found' };

const toSend = (payout: Payout): PayoutToSend => ({
  payoutId: payout.id,
  idempotencyId: payout.idempotencyId,
  amountCents: payout.amountCents,
  pixKey: payout.pixKey ?? null,
  payeeName: payout.payeeName,
  payeeCpf: payout.payeeCpf ?? null,
  assignmentId: payout.assignment.id,
});

async function lockPayout(tx: EntityManager, where: { id: number } | { idempotencyId: string }) {
  return tx.findOne(Payout, where, { lockMode: LockMode.PESSIMISTIC_WRITE });
}

async function announce(
  tx: EntityManager,
  payout: Payout,
  action: string,
  actor: { kind: AuditActorKind; id?: number | null },
  details: Record<string, unknown> = {},
): Promise<void> {
  await recordEvent(tx, {
    type: 'payout_updated',
    freelancerId: payout.freelancer.id,
    payload: { payoutId: payout.id, assignmentId: payout.assignment.id },
  });
  await recordAudit(tx, {
    actorKind: actor.kind,
    actorId: actor.id ?? null,
    action,
    outcome: 'success',
    targetType: 'payouts',
    targetId: payout.id,
    details: { status: payout.status, attempt: payout.attempt, ...details },
  });
}

/** Marks a `pending` payout `sending` (committed before the PSP is called); see {@link SendClaim}. */
export async function claimPayoutForSending(
  em: EntityManager,
  payoutId: number,
  now: Date,
): Promise<SendClaim> {
  return inTransaction(em, async (tx) => {
    const payout = await lockPayout(tx, { id: payoutId });
    if (!payout) return { action: 'done', status: 'not_found' };
    if (payout.status === 'sending') return { action: 'check', payout: toSend(payout) };
    if (payout.status !== 'pending') return { action: 'done', status: payout.status };
    payout.status = 'sending';
    payout.sendingSince = now;
    await tx.flush();
    await announce(tx, payout, 'payout.sending', { kind: 'system' });
    return { action: 'send', payout: toSend(payout) };
  });
}

/** What the PSP says of a send (its answer, its webhook, or a later read). */
export interface PayoutOutcome {
  idempotencyId: string;
  status: 'processing' | 'paid' | 'failed';
  endToEndId?: string | null;
  /** When it settled (paid), else `now`. */
  at?: Date | null;
  failure?: { reason: PixSendFailureReason; pspCode?: string | null } | null;
}

/**
 * Records what the PSP said of the send with `idempotencyId`. Monotonic: a paid payout stays paid,
 * a failed attempt stays failed, `processing` only confirms `sending`; an id of an earlier attempt
 * (the admin retried since) changes nothing. Answers the payout's status after it, or null when the
 * id is unknown.
 */
export async function recordPayoutOutcome(
  em: EntityManager,
  outcome: PayoutOutcome,
  now: Date = new Date(),
): Promise<PayoutStatus | null> {
  return inTransaction(em, async (tx) => {
    const payout = await lockPayout(tx, { idempotencyId: outcome.idempotencyId });
    if (!payout) return null;
    if (payout.status === 'paid' || payout.status === 'failed' || outcome.status === 'processing') {
      return payout.status;
    }
    if (outcome.status === 'paid') {
      payout.status = 'paid';
      payout.paidAt = outcome.at ?? now;
      payout.endToEndId = outcome.endToEndId ?? payout.endToEndId ?? null;
      payout.failureReason = null;
      payout.failureCode = null;
    } else {
      payout.status = 'failed';
      payout.failureReason = outcome.failure?.reason ?? 'unknown';
      payout.failureCode = outcome.failure?.pspCode ?? null;
    }
    await tx.flush();
    await announce(
      tx,
      payout,
      `payout.${payout.status}`,
      { kind: 'system' },
      {
        failureReason: payout.failureReason ?? null,
        failureCode: payout.failureCode ?? null,
      },
    );
    return payout.status;
  });
}

/**
 * The PSP has no send with this payout's id (it never accepted it): back to `pending`, to be sent
 * again under the same id. Only from `sending`.
 */
export async function returnUnsentPayout(em: EntityManager, payoutId: number): Promise<void> {
  await inTransaction(em, async (tx) => {
    const payout = await lockPayout(tx, { id: payoutId });
    if (!payout || payout.status !== 'sending') return;
    payout.status = 'pending';
    payout.sendingSince = null;
    await tx.flush();
    await announce(tx, payout, 'payout.unsent', { kind: 'system' });
  });
}

/** What the minute sweep found: payouts to hand to the sender, and `sending` ones to ask the PSP about. */
export interface PayoutSweep {
  released: number;
  pending: number[];
  stale: number[];
}

/**
 * The sweep (every minute, and at the workers' start): held payouts whose 24 h passed become
 * `pending`; answers every `pending` payout (to enqueue again: the queue's job id makes that
 * harmless) and the `sending` ones older than two minutes (a lost answer or webhook), oldest first,
 * at most `limit` of each. PostgreSQL, not Redis, is the truth: a Redis that lost its queue loses
 * nothing.
 */
export async function sweepPayouts(em: EntityManager, now: Date, limit = 500): Promise<PayoutSweep> {
  const released = await inTransaction(em, async (tx) => {
    const due = await tx.find(
      Payout,
      { status: 'held', heldUntil: { $lte: now } },
      { orderBy: { id: 'asc' }, limit, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    for (const payout of due) {
      payout.status = 'pending';
      payout.heldUntil = null;
    }
    await tx.flush();
    for (const payout of due)
      await announce(tx, payout, 'payout.released', { kind: 'system' }, { after: 'hold' });
    return due.length;
  });
  const connection = em.getConnection();
  const pending = await connection.execute<{ id: number }[]>(
    `select id from payouts where status = 'pending' order by id limit ?`,
    [limit],
  );
  const stale = await connection.execute<{ id: number }[]>(
    `select id from payouts where status = 'sending' and sending_since < ? order by id limit ?`,
    [new Date(now.getTime() - PAYOUT_SENDING_CHECK_AFTER_MS), limit],
  );
  return { released, pending: pending.map((row) => row.id), stale: stale.map((row) => row.id) };
}

/** The payout, locked, for an admin's action: 404 when unknown. */
async function adminPayout(tx: EntityManager, payoutId: number): Promise<Payout> {
  const payout = await lockPayout(tx, { id: payoutId });
  if (!payout) throw notFound('payout_not_found', PAYOUT_MESSAGES.notFound);
  return payout;
}

/**
 * An admin sends a failed payout again: the next attempt (a new idempotency id: the PSP refuses a
 * refused id for good), to the freelancer's Pix key, name and CPF as they stand now, held if that
 * key changed less than 24 h ago.
 */
export async function retryFailedPayout(
  em: EntityManager,
  actor: Actor,
  payoutId: number,
  now: Date = new Date(),
): Promise<{ payoutId: number; status: PayoutStatus }> {
  requireRole(actor, ['admin']);
  return inTransaction(em, async (tx) => {
    const payout = await adminPayout(tx, payoutId);
    if (payout.status !== 'failed') throw conflict('payout_not_failed', PAYOUT_MESSAGES.notRetryable);
    const freelancer = await tx.findOneOrFail(Freelancer, { id: payout.freelancer.id });
    const heldUntil = payoutHeldUntil(freelancer.pixKeyChangedAt, now);
    const previous = payout.idempotencyId;
    payout.attempt += 1;
    payout.idempotencyId = payoutIdempotencyId(payout.assignment.id, payout.attempt);
    payout.pixKey = freelancer.pixKey ?? null;
    payout.payeeName = freelancer.name;
    payout.payeeCpf = freelancer.cpf ?? null;
    payout.status = heldUntil ? 'held' : 'pending';
    payout.heldUntil = heldUntil;
    payout.failureReason = null;
    payout.failureCode = null;
    payout.sendingSince = null;
    await tx.flush();
    await announce(tx, payout, 'payout.retried', { kind: 'admin', id: actor.adminId }, { previous });
    return { payoutId: payout.id, status: payout.status };
  });
}

/** An admin lets a held payout leave before its 24 h end. */
export async function releaseHeldPayout(
  em: EntityManager,
  actor: Actor,
  payoutId: number,
): Promise<{ payoutId: number; status: PayoutStatus }> {
  requireRole(actor, ['admin']);
  return inTransaction(em, async (tx) => {
    const payout = await adminPayout(tx, payoutId);
    if (payout.status !== 'held') throw conflict('payout_not_held', PAYOUT_MESSAGES.notReleasable);
    payout.status = 'pending';
    payout.heldUntil = null;
    await tx.flush();
    await announce(tx, payout, 'payout.released', { kind: 'admin', id: actor.adminId }, { after: 'admin' });
    return { payoutId: payout.id, status: payout.status };
  });
}

export const PAID_OUTSIDE_REASON_MIN_LENGTH = 5;

/**
 * An admin records a payout paid outside the platform (a manual transfer), with the reason. Not for
 * one being sent (`sending`: the PSP may still pay it; wait for its outcome) nor one already paid.
 */
export async function markPayoutPaidOutside(
  em: EntityManager,
  actor: Actor,
  payoutId: number,
  reason: string,
  now: Date = new Date(),
): Promise<{ payoutId: number; status: PayoutStatus }> {
  requireRole(actor, ['admin']);
  const text = reason.trim();
  if (text.length < PAID_OUTSIDE_REASON_MIN_LENGTH)
    throw invalid('reason_required', PAYOUT_MESSAGES.reasonRequired);
  return inTransaction(em, async (tx) => {
    const payout = await adminPayout(tx, payoutId);
    if (payout.status === 'paid') throw conflict('payout_paid', PAYOUT_MESSAGES.alreadyPaid);
    if (payout.status === 'sending') throw conflict('payout_sending', PAYOUT_MESSAGES.sendingCannotBeMarked);
    payout.status = 'paid';
    payout.paidAt = now;
    payout.paidOutsideReason = text;
    payout.heldUntil = null;
    await tx.flush();
    await announce(tx, payout, 'payout.paid_outside', { kind: 'admin', id: actor.adminId }, { reason: text });
    return { payoutId: payout.id, status: payout.status };
  });
}
