/**
 * Giving a strike: the one write every path that strikes a freelancer goes through (a no-show, a
 * late cancellation). Idempotent per assignment and reason (a retried report, a worker re-run).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { strikeExpiresAt, type StrikeReason } from '@turno/domain';

/** Inserts the strike unless that assignment already has one for that reason; true when it was given now. */
export async function addStrike(
  tx: EntityManager,
  input: { freelancerId: number; assignmentId: number; reason: StrikeReason; now: Date },
): Promise<boolean> {
  const rows = await tx.execute<{ id: number }[]>(
    `insert into freelancer_strikes (freelancer_id, assignment_id, reason, created_at, expires_at)
     values (?, ?, ?, ?, ?)
     on conflict (assignment_id, reason) do nothing
     returning id`,
    [input.freelancerId, input.assignmentId, input.reason, input.now, strikeExpiresAt(input.now)],
  );
  return rows.length > 0;
}
