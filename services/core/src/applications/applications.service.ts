/**
 * Applications: the business (or an admin) rejects one; pending ones expire 2 h after they were
 * made. Applying and accepting span aggregates (suspension, blocks, the assignment): they live in
 * workflows/staffing.service.ts.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '@turno/domain';
import { requireRole } from '../shared/access';
import type { Actor } from '../shared/actor';
import { conflict } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { recordEvent, recordEvents } from '../events/record-event';
import { lockApplication } from './application-lock';

export interface RejectResult {
  applicationId: number;
  status: 'rejected';
}

/**
 * The business owning the job (or an admin) rejects a pending application (an expired one too: it
 * counts as rejected anyway). Rejecting a rejected application (a retry) changes nothing; an
 * accepted one is refused (unassign instead).
 */
export async function rejectApplication(
  em: EntityManager,
  actor: Actor,
  applicationId: number,
  now: Date = new Date(),
): Promise<RejectResult> {
  requireRole(actor, ['admin', 'restaurant']);
  return inTransaction(em, async (tx) => {
    const { application, job } = await lockApplication(tx, actor, applicationId);
    await tx.refresh(application);
    if (application.status === 'accepted') throw conflict('not_pending', MESSAGES.applications.notPending);
    if (application.status !== 'rejected') {
      application.status = 'rejected';
      application.reviewedAt = now;
      await recordEvent(tx, {
        type: 'job_application',
        restaurantId: job.restaurant.id,
        freelancerId: application.freelancer.id,
        payload: { jobId: job.id, applicationId: application.id },
      });
    }
    return { applicationId: application.id, status: 'rejected' };
  });
}

/**
 * Marks pending applications whose expiry has passed at `now` as expired: all of them, or only
 * `applicationId`. Returns how many changed; running it again changes nothing (idempotent), and an
 * application delivered early (not yet due) is left alone. The application-expiry worker calls it.
 */
export async function expireDueApplications(
  em: EntityManager,
  now: Date = new Date(),
  applicationId?: number,
): Promise<number> {
  return inTransaction(em, async (tx) => {
    const expired = await tx.execute<ApplicationAudienceRow[]>(
      `update applications a set status = 'expired', reviewed_at = ?
         from jobs j
        where j.id = a.job_id and a.status = 'pending' and a.expires_at <= ?
          ${applicationId === undefined ? '' : 'and a.id = ?'}
        returning a.id, a.job_id, a.freelancer_id, j.restaurant_id`,
      applicationId === undefined ? [now, now] : [now, now, applicationId],
    );
    await recordEvents(
      tx,
      expired.map((row) => ({
        type: 'job_application',
        restaurantId: row.restaurant_id,
        freelancerId: row.freelancer_id,
        payload: { jobId: row.job_id, applicationId: row.id },
      })),
    );
    return expired.length;
  });
}

interface ApplicationAudienceRow {
  id: number;
  job_id: number;
  freelancer_id: number;
  restaurant_id: number;
}
