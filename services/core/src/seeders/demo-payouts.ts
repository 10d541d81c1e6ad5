import type { EntityManager } from '@mikro-orm/postgresql';
import { payoutIdempotencyId } from '@turno/domain';
import { Payout } from '../model';
import type { SeededWork } from './demo-jobs-builder';

/** Minutes between a demo shift's check-out and its payout landing. */
const PAID_AFTER_MINUTES = 3;

/**
 * The Pix payouts of the demo's completed shifts (issue 25), paid a few minutes after each
 * check-out, as the sender would have left them: "Finanças" and "Repasses" show a state for every
 * payment, never after `now`. Runs after the assignments are flushed (a payout's idempotency id is its assignment's).
 */
export function seedDemoPayouts(em: EntityManager, work: SeededWork, now: Date): void {
  for (const { assignment, freelancer } of work.completed) {
    const amountCents = assignment.freelancerPayoutCents ?? 0;
    const completedAt = assignment.completedAt;
    if (amountCents <= 0 || !completedAt) continue;
    em.create(Payout, {
      assignment,
      freelancer,
      amountCents,
      attempt: 0,
      idempotencyId: payoutIdempotencyId(assignment.id, 0),
      status: 'paid',
      pixKey: freelancer.pixKey ?? null,
      payeeName: freelancer.name,
      payeeCpf: freelancer.cpf ?? null,
      sendingSince: completedAt,
      paidAt: new Date(Math.min(completedAt.getTime() + PAID_AFTER_MINUTES * 60_000, now.getTime())),
      createdAt: completedAt,
      updatedAt: completedAt,
    });
  }
}
