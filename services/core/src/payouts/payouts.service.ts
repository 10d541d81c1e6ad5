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
  payoutComplementIdempotencyId,
  payoutHeldUntil,
  payoutIdempotencyId,
  type PayoutStatus,
  type PixSendFailureReason,
} from '@turno/domain';
import { Freelancer, Payout } from '../model';
import { recordAudit, redactForAudit, type AuditActorKind } from '../audit/record-audit';
import { recordEvent } from '../events/record-event';
import { requireRole } from '../shared/access';
import type { Actor } from '../shared/actor';
import { conflict, invalid, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { takeDeductions } from './deductions';

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
    details: { status: payout.status, attempt: payout.attempt, kind: payout.kind, ...details },
  });
}

/**
 * Marks a `pending` payout `sending` (committed before the PSP is called); see {@link SendClaim}.
 * The freelancer's open deductions are taken from it first: a payout they leave at R$ 0 is `paid`
 * without a Pix (`done`).
 */
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
    const deducted = await takeDeductions(tx, payout, now);
    if (payout.amountCents === 0) {
      payout.status = 'paid';
      payout.paidAt = now;
      await tx.flush();
      await announce(
        tx,
        payout,
        'payout.settled_by_deduction',
        { kind: 'system' },
        { deductedCents: deducted },
      );
      return { action: 'done', status: payout.status };
    }
    payout.status = 'sending';
    payout.sendingSince = now;
    await tx.flush();
    await announce(
      tx,
      payout,
      'payout.sending',
      { kind: 'system' },
      deducted > 0 ? { amountCents: payout.amountCents, deductedCents: deducted } : {},
    );
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

/** The statuses of payouts by idempotency id (one statement, outside any transaction). */
async function payoutStatusesOf(
  em: EntityManager,
  ids: readonly string[],
): Promise<Map<string, PayoutStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await em.execute<{ idempotency_id: string; status: PayoutStatus }[]>(
    `select idempotency_id, status from payouts where idempotency_id in (?)`,
    [[...ids]],
  );
  return new Map(rows.map((row) => [row.idempotency_id, row.status]));
}

/**
 * The settling of sends as ONE statement, however many (issue 25, 1,000 webhooks a second; the
 * webhook settles the notifications that arrive together in one statement, one commit). The
 * payouts still open (neither `paid` nor `failed`) are locked in id order (two statements settling
 * overlapping sets never deadlock), PostgreSQL re-checking the condition on a row a concurrent
 * transaction settled meanwhile (so two deliveries at once change it once); each changed row
 * writes its `payout_updated` event and its audit entry in the same statement (all or nothing, as
 * the transaction of the other commands). Answers, per input, the status after it and whether it
 * changed. `extra` is the audit's details beyond the row's status, attempt and kind, redacted as
 * `recordAudit` redacts them; `position` orders the events and entries as the outcomes came.
 */
const SETTLE_PAYOUTS_SQL = `
with input as (
  select * from jsonb_to_recordset(?::jsonb) as i(
    position int, idempotency_id text, status text, settled_at timestamptz, end_to_end_id text,
    failure_reason text, failure_code text, extra jsonb)
), locked as (
  select p.id from payouts p
   where p.idempotency_id in (select idempotency_id from input) and p.status not in ('paid', 'failed')
   order by p.id
     for update
), changed as (
  update payouts p
     set status = i.status,
         paid_at = case when i.status = 'paid' then i.settled_at else p.paid_at end,
         end_to_end_id = case when i.status = 'paid' then coalesce(i.end_to_end_id, p.end_to_end_id)
                              else p.end_to_end_id end,
         failure_reason = i.failure_reason,
         failure_code = i.failure_code,
         updated_at = ?::timestamptz
    from input i, locked l
   where p.id = l.id and p.idempotency_id = i.idempotency_id and p.status not in ('paid', 'failed')
   returning p.id, p.idempotency_id, p.status, p.attempt, p.kind, p.freelancer_id, p.assignment_id, i.extra,
             i.position
), announced as (
  insert into domain_events (type, freelancer_id, payload)
  select 'payout_updated', c.freelancer_id, jsonb_build_object('payoutId', c.id, 'assignmentId', c.assignment_id)
    from changed c order by c.position
), audited as (
  insert into audit_events (actor_kind, action, outcome, target_type, target_id, details)
  select 'system', 'payout.' || c.status, 'success', 'payouts', c.id::text,
         jsonb_build_object('status', c.status, 'attempt', c.attempt, 'kind', c.kind) || c.extra
    from changed c order by c.position
)
select i.position, coalesce(c.status, p.status) as status, c.id is not null as changed
  from input i
  left join changed c on c.idempotency_id = i.idempotency_id
  left join payouts p on p.idempotency_id = i.idempotency_id`;

/**
 * Records what the PSP said of sends, in one statement (see {@link SETTLE_PAYOUTS_SQL}), outside
 * any transaction of the caller's; answers each one's status after it (null: no payout has the id),
 * in the order given. The same id twice is settled by its first outcome, the later ones answered
 * like a repeated notification. `processing` ones and ids a concurrent delivery settled while this
 * statement waited for their row (its snapshot still shows them open) are read by a second
 * statement, only then. A repeated or late notification costs the one statement.
 */
export async function recordPayoutOutcomes(
  em: EntityManager,
  outcomes: readonly PayoutOutcome[],
  now: Date = new Date(),
): Promise<(PayoutStatus | null)[]> {
  const first = new Map<string, number>();
  const input = outcomes.flatMap((outcome, position) => {
    if (outcome.status === 'processing' || first.has(outcome.idempotencyId)) return [];
    first.set(outcome.idempotencyId, position);
    const paid = outcome.status === 'paid';
    const failureReason = paid ? null : (outcome.failure?.reason ?? 'unknown');
    const failureCode = paid ? null : (outcome.failure?.pspCode ?? null);
    return [
      {
        position,
        idempotency_id: outcome.idempotencyId,
        status: outcome.status,
        // An instant the PSP wrote unreadably is not a reason to lose the settlement: now.
        settled_at: (outcome.at && !Number.isNaN(outcome.at.getTime()) ? outcome.at : now).toISOString(),
        end_to_end_id: paid ? (outcome.endToEndId ?? null) : null,
        failure_reason: failureReason,
        failure_code: failureCode,
        extra: redactForAudit({ failureReason, failureCode }),
      },
    ];
  });
  const settled = new Map<string, PayoutStatus | null>();
  const toRead = new Set<string>();
  if (input.length > 0) {
    const rows = await em.execute<{ position: number; status: PayoutStatus | null; changed: boolean }[]>(
      SETTLE_PAYOUTS_SQL,
      [JSON.stringify(input), now],
    );
    const byPosition = new Map(rows.map((row) => [row.position, row]));
    for (const item of input) {
      const row = byPosition.get(item.position);
      const status = row?.status ?? null;
      settled.set(item.idempotency_id, status);
      // Open in the statement's snapshot, yet not changed: a concurrent delivery settled it meanwhile.
      if (status !== null && !row?.changed && status !== 'paid' && status !== 'failed')
        toRead.add(item.idempotency_id);
    }
  }
  for (const outcome of outcomes) if (!settled.has(outcome.idempotencyId)) toRead.add(outcome.idempotencyId);
  const read = await payoutStatusesOf(em, [...toRead]);
  return outcomes.map((outcome) =>
    toRead.has(outcome.idempotencyId)
      ? (read.get(outcome.idempotencyId) ?? null)
      : (settled.get(outcome.idempotencyId) ?? null),
  );
}

/**
 * Records what the PSP said of the send with `idempotencyId`. Monotonic: a paid payout stays paid,
 * a failed attempt stays failed, `processing` only confirms `sending`; an id of an earlier attempt
 * (the admin retried since) changes nothing. Answers the payout's status after it, or null when the
 * id is unknown. One statement whatever the outcome ({@link recordPayoutOutcomes}).
 */
export async function recordPayoutOutcome(
  em: EntityManager,
  outcome: PayoutOutcome,
  now: Date = new Date(),
): Promise<PayoutStatus | null> {
  const [status] = await recordPayoutOutcomes(em, [outcome], now);
  return status ?? null;
}

/**
 * The PSP has no send with this payout's id (it never accepted it): back to `pending`, to be sent
 * again under the same id. Only from `sending`. `sendingSince` stays: this attempt was handed to the
 * PSP (a send still in flight may yet be accepted there), so its amount is frozen — no deduction is
 * taken from it and a timesheet correction treats it as gone (`deductions.ts`, `payout-correction.ts`).
 */
export async function returnUnsentPayout(em: EntityManager, payoutId: number): Promise<void> {
  await inTransaction(em, async (tx) => {
    const payout = await lockPayout(tx, { id: payoutId });
    if (!payout || payout.status !== 'sending') return;
    payout.status = 'pending';
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
    payout.idempotencyId =
      payout.kind === 'complement'
        ? payoutComplementIdempotencyId(payout.id, payout.attempt)
        : payoutIdempotencyId(payout.assignment.id, payout.attempt);
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
