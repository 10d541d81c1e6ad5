import type { EntityManager } from '@mikro-orm/postgresql';
import { payoutHeldUntil, payoutIdempotencyId } from '@turno/domain';
import { Freelancer, type Assignment } from '../model';
import { recordAudit } from '../audit/record-audit';
import { recordEvent } from '../events/record-event';

/**
 * The payout of a shift just completed, in the completion's transaction (issue 25): the
 * freelancer's amount to their Pix key as it stands, `held` while the key changed less than 24 h
 * ago. One `shift` payout per assignment: PostgreSQL's partial unique key (`payouts_shift_unique`)
 * makes a second completion path, or twenty concurrent ones, add nothing; a later timesheet
 * correction changes its amount or adds a `complement` (timesheets/payout-correction.ts). Announced on the freelancer's and the admins' live streams and kept
 * in the audit trail. A shift paid nothing (R$ 0) makes no payout.
 */
export async function createPayoutOfCompletion(
  tx: EntityManager,
  assignment: Assignment,
  now: Date,
): Promise<void> {
  const amountCents = assignment.freelancerPayoutCents ?? 0;
  if (amountCents <= 0) return;
  const freelancer = await tx.findOneOrFail(Freelancer, { id: assignment.freelancer.id });
  const heldUntil = payoutHeldUntil(freelancer.pixKeyChangedAt, now);
  const status = heldUntil ? 'held' : 'pending';
  const rows = await tx.execute<{ id: number }[]>(
    `insert into payouts (assignment_id, freelancer_id, amount_cents, attempt, idempotency_id, status,
        pix_key, payee_name, payee_cpf, held_until, created_at, updated_at)
     values (?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (assignment_id) where kind = 'shift' do nothing
     returning id`,
    [
      assignment.id,
      freelancer.id,
      amountCents,
      payoutIdempotencyId(assignment.id, 0),
      status,
      freelancer.pixKey ?? null,
      freelancer.name,
      freelancer.cpf ?? null,
      heldUntil,
      now,
      now,
    ],
  );
  const payoutId = rows[0]?.id;
  if (payoutId === undefined) return;
  await recordEvent(tx, {
    type: 'payout_updated',
    freelancerId: freelancer.id,
    payload: { payoutId, assignmentId: assignment.id },
  });
  await recordAudit(tx, {
    actorKind: 'system',
    action: 'payout.created',
    outcome: 'success',
    targetType: 'payouts',
    targetId: payoutId,
    details: {
      assignmentId: assignment.id,
      amountCents,
      status,
      heldUntil: heldUntil?.toISOString() ?? null,
    },
  });
}
