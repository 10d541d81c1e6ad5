/**
 * A freelancer's amount corrected after the shift's payout was created (issue 25: a final timesheet
 * settled by `timesheets.service.ts`), and the deductions the freelancer's next payouts pay.
 *
 * - The payout has not left (`pending` or `held` never handed to the PSP, or `failed` waiting for an
 *   admin's retry): its amount becomes the new one, in the settlement's transaction, its row locked;
 *   left at R$ 0 it is `paid` without a Pix ("Sem valor a pagar após a correção do horário").
 * - It left (`sending`, `paid`, or `pending` again after the PSP said it had no such send: its
 *   amount is frozen under its idempotency id): a raise is a `complement` payout of the difference (its own
 *   idempotency id, `payoutComplementIdempotencyId`), a cut a deduction the freelancer owes.
 * - A deduction is taken from the freelancer's next payouts when they are claimed for sending
 *   (`payouts/deductions.ts`), oldest first, never below R$ 0; a payout left at R$ 0 is `paid`
 *   without a Pix.
 *
 * Exactly once: the settlement runs under its job row's lock and once per proposal; a complement and
 * a deduction carry the settlement's key (`timesheet:<proposal id>`), unique in PostgreSQL.
 */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { isPayoutAmountOpen, payoutComplementIdempotencyId, payoutHeldUntil } from '@turno/domain';
import { Freelancer, Payout, type Assignment } from '../model';
import { recordAudit } from '../audit/record-audit';
import { recordEvent } from '../events/record-event';

/** What a correction of the freelancer's amount changes. */
export interface PayoutCorrection {
  assignment: Assignment;
  beforeCents: number;
  afterCents: number;
  /** What made it, unique: `timesheet:<proposal id>`. */
  key: string;
  now: Date;
}

/** What the correction did: payouts whose amount changed, a complement or a deduction created. */
export interface PayoutCorrectionResult {
  updated: number[];
  complementId: number | null;
  deductionId: number | null;
}

/**
 * A payout that has not left: `pending` or `held` never handed to the PSP under its current id, or
 * `failed` (its id is dead; an admin's retry sends a new one). A `pending` one returned by the PSP
 * as unknown keeps its `sendingSince`: its amount is the PSP's, so it counts as left.
 */
const notLeft = (payout: Payout) =>
  payout.status === 'failed' || isPayoutAmountOpen(payout.status, payout.sendingSince);

async function announcePayout(
  tx: EntityManager,
  payout: { id: number; freelancerId: number; assignmentId: number },
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  await recordEvent(tx, {
    type: 'payout_updated',
    freelancerId: payout.freelancerId,
    payload: { payoutId: payout.id, assignmentId: payout.assignmentId },
  });
  await recordAudit(tx, {
    actorKind: 'system',
    action,
    outcome: 'success',
    targetType: 'payouts',
    targetId: payout.id,
    details,
  });
}

const refOf = (payout: Payout) => ({
  id: payout.id,
  freelancerId: payout.freelancer.id,
  assignmentId: payout.assignment.id,
});

/**
 * Gives back what deductions took from a payout that has not left (a failed one waiting for a
 * retry): its amount is whole again, the deductions owed again, to be taken at its next claim.
 */
async function giveBackDeductions(tx: EntityManager, payout: Payout): Promise<void> {
  if (payout.deductedCents <= 0) return;
  const uses = await tx.execute<{ id: number; deduction_id: number; amount_cents: number }[]>(
    `select id, deduction_id, amount_cents from payout_deduction_uses where payout_id = ? order by deduction_id`,
    [payout.id],
  );
  for (const use of uses) {
    await tx.execute(
      `update payout_deductions set remaining_cents = remaining_cents + ?, settled_at = null, updated_at = now()
       where id = ?`,
      [use.amount_cents, use.deduction_id],
    );
  }
  await tx.execute(`delete from payout_deduction_uses where payout_id = ?`, [payout.id]);
  payout.amountCents += payout.deductedCents;
  payout.deductedCents = 0;
}

/** A payout left at R$ 0 (nothing to send): settled without a Pix. */
function settleAtZero(payout: Payout, now: Date): void {
  payout.status = 'paid';
  payout.paidAt = now;
  payout.heldUntil = null;
  payout.sendingSince = null;
  payout.failureReason = null;
  payout.failureCode = null;
}

async function createComplement(
  tx: EntityManager,
  assignment: Assignment,
  amountCents: number,
  key: string,
  now: Date,
): Promise<number | null> {
  const freelancer = await tx.findOneOrFail(Freelancer, { id: assignment.freelancer.id });
  const heldUntil = payoutHeldUntil(freelancer.pixKeyChangedAt, now);
  const status = heldUntil ? 'held' : 'pending';
  const [next] = await tx.execute<{ id: number }[]>(
    `select nextval(pg_get_serial_sequence('payouts', 'id'))::int as id`,
  );
  const id = next!.id;
  const rows = await tx.execute<{ id: number }[]>(
    `insert into payouts (id, assignment_id, freelancer_id, kind, amount_cents, attempt, idempotency_id, status,
        pix_key, payee_name, payee_cpf, held_until, adjustment_key, created_at, updated_at)
     values (?, ?, ?, 'complement', ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (adjustment_key) do nothing
     returning id`,
    [
      id,
      assignment.id,
      freelancer.id,
      amountCents,
      payoutComplementIdempotencyId(id, 0),
      status,
      freelancer.pixKey ?? null,
      freelancer.name,
      freelancer.cpf ?? null,
      heldUntil,
      key,
      now,
      now,
    ],
  );
  if (!rows[0]) return null;
  await announcePayout(
    tx,
    { id, freelancerId: freelancer.id, assignmentId: assignment.id },
    'payout.complement_created',
    { assignmentId: assignment.id, amountCents, status, key, heldUntil: heldUntil?.toISOString() ?? null },
  );
  return id;
}

async function createDeduction(
  tx: EntityManager,
  assignment: Assignment,
  amountCents: number,
  key: string,
  now: Date,
): Promise<number | null> {
  const freelancerId = assignment.freelancer.id;
  const rows = await tx.execute<{ id: number }[]>(
    `insert into payout_deductions (freelancer_id, assignment_id, amount_cents, remaining_cents, adjustment_key,
        created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?)
     on conflict (adjustment_key) do nothing
     returning id`,
    [freelancerId, assignment.id, amountCents, amountCents, key, now, now],
  );
  const id = rows[0]?.id;
  if (id === undefined) return null;
  await recordEvent(tx, {
    type: 'payout_updated',
    freelancerId,
    payload: { deductionId: id, assignmentId: assignment.id },
  });
  await recordAudit(tx, {
    actorKind: 'system',
    action: 'payout.deduction_created',
    outcome: 'success',
    targetType: 'payout_deductions',
    targetId: id,
    details: { assignmentId: assignment.id, amountCents, key },
  });
  return id;
}

/**
 * Moves the freelancer's money after their amount for `assignment` changed from `beforeCents` to
 * `afterCents` (see the file's comment). In the caller's transaction, which holds the shift's job
 * row lock; the assignment's payouts are locked here.
 */
export async function correctPayoutsOfAssignment(
  tx: EntityManager,
  correction: PayoutCorrection,
): Promise<PayoutCorrectionResult> {
  const { assignment, beforeCents, afterCents, key, now } = correction;
  const result: PayoutCorrectionResult = { updated: [], complementId: null, deductionId: null };
  const delta = afterCents - beforeCents;
  if (delta === 0) return result;
  const payouts = await tx.find(
    Payout,
    { assignment: assignment.id },
    { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
  );
  if (payouts.length === 0) {
    // A shift paid nothing made no payout: a raise is paid as a complement. A shift completed
    // before payouts existed (no payout, amount > 0) is left as it was paid.
    if (beforeCents <= 0 && afterCents > 0)
      result.complementId = await createComplement(tx, assignment, afterCents, key, now);
    return result;
  }
  const notYetLeft = payouts.filter(notLeft).reverse();
  const changes: { payout: Payout; from: number; status: string }[] = [];
  let rest = delta;
  if (delta > 0) {
    const target = notYetLeft[0];
    if (target) {
      await giveBackDeductions(tx, target);
      changes.push({ payout: target, from: target.amountCents, status: target.status });
      target.amountCents += delta;
      rest = 0;
    }
  } else {
    for (const target of notYetLeft) {
      if (rest === 0) break;
      await giveBackDeductions(tx, target);
      changes.push({ payout: target, from: target.amountCents, status: target.status });
      const take = Math.min(-rest, target.amountCents);
      target.amountCents -= take;
      rest += take;
      if (target.amountCents === 0) settleAtZero(target, now);
    }
  }
  await tx.flush();
  for (const change of changes) {
    result.updated.push(change.payout.id);
    await announcePayout(tx, refOf(change.payout), 'payout.amount_corrected', {
      status: change.payout.status,
      previousStatus: change.status,
      fromCents: change.from,
      toCents: change.payout.amountCents,
      key,
    });
  }
  if (rest > 0) result.complementId = await createComplement(tx, assignment, rest, key, now);
  if (rest < 0) result.deductionId = await createDeduction(tx, assignment, -rest, key, now);
  return result;
}
