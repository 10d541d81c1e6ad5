import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '@turno/domain';
import { Application, type Job } from '../model';
import { lockJobRow } from '../rows/job-lock';
import { actsForJob } from '../shared/access';
import type { Actor } from '../shared/actor';
import { notFound } from '../shared/domain-error';

/**
 * The application and its job, the job locked FOR UPDATE. 404 when the application does not exist
 * or its job is not one a business member may act on (another business's, a store not theirs;
 * checked before the lock, to lock nothing of others, and again on the locked row).
 */
export async function lockApplication(
  tx: EntityManager,
  actor: Actor,
  applicationId: number,
): Promise<{ application: Application; job: Job }> {
  const application = await tx.findOne(Application, { id: applicationId }, { populate: ['job'] });
  const mine = application && actsForJob(actor, application.job.$);
  const job = mine ? await lockJobRow(tx, application.job.id) : null;
  // Checked again on the locked row: an admin may have moved the job to another business meanwhile.
  if (!application || !job || !actsForJob(actor, job))
    throw notFound('application_not_found', MESSAGES.applications.notFound);
  return { application, job };
}
