import type { EntityManager } from '@mikro-orm/postgresql';
import { retentionCutoff, type RetentionRuleId } from '@turno/domain';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../shared/transaction';

/** What one run removed, per rule of the retention table (counts only). */
export type RetentionReport = Partial<Record<RetentionRuleId, number>>;

/**
 * Applies the rows of libs/domain's retention table that the workers apply (`appliedBy: 'worker'`),
 * as of `now`, in one transaction, and reports the counts in the audit trail (`retention.applied`,
 * actor `system`, counts only). Idempotent: a second run at the same `now` finds nothing.
 * - check_in_positions: the distance to the store of a check-in older than 90 days is dropped; the
 *   method ('geofence' = inside the store) stays;
 * - rejected_application_messages: the message of an application rejected over 180 days ago
 *   (reviewed_at, else applied_at) is removed.
 */
export async function applyRetention(em: EntityManager, now = new Date()): Promise<RetentionReport> {
  return inTransaction(em, async (tx) => {
    const connection = tx.getConnection();
    const positions = await connection.execute<{ id: number }[]>(
      'update assignments set check_in_distance_m = null where check_in_distance_m is not null and check_in_at < ? returning id',
      [retentionCutoff('check_in_positions', now)],
    );
    const messages = await connection.execute<{ id: number }[]>(
      "update applications set message = null where status = 'rejected' and message is not null and coalesce(reviewed_at, applied_at) < ? returning id",
      [retentionCutoff('rejected_application_messages', now)],
    );
    const report: RetentionReport = {
      check_in_positions: positions.length,
      rejected_application_messages: messages.length,
    };
    await recordAudit(tx, {
      actorKind: 'system',
      action: 'retention.applied',
      outcome: 'success',
      details: { counts: report, at: now.toISOString() },
    });
    return report;
  });
}
