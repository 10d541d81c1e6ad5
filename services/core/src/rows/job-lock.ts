import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '@turno/domain';
import { Job } from '../model/job.entity';
import { actsForJob } from '../shared/access';
import type { Actor } from '../shared/actor';
import { notFound } from '../shared/domain-error';

/**
 * The job, read again from the database and locked until the transaction ends (FOR UPDATE by
 * default; FOR SHARE with PESSIMISTIC_READ). Every transition of a job or of its applications and
 * assignment takes this lock first, so they run one after the other.
 * 404 when the job does not exist or a business member may not act on it (another business's, or a
 * store not given to a manager or supervisor).
 */
export async function lockJob(
  tx: EntityManager,
  actor: Actor,
  jobId: number,
  lockMode: JobLockMode = LockMode.PESSIMISTIC_WRITE,
): Promise<Job> {
  const job = await lockJobRow(tx, jobId, lockMode);
  if (!job || (actor.role === 'restaurant' && !actsForJob(actor, job))) {
    throw notFound('job_not_found', MESSAGES.jobs.notFound);
  }
  return job;
}

type JobLockMode = LockMode.PESSIMISTIC_WRITE | LockMode.PESSIMISTIC_READ;

/** The job row locked as `lockJob` does, without scoping (the caller checked ownership); null when missing. */
export function lockJobRow(
  tx: EntityManager,
  jobId: number,
  lockMode: JobLockMode = LockMode.PESSIMISTIC_WRITE,
): Promise<Job | null> {
  return tx.findOne(Job, { id: jobId }, { lockMode, refresh: true });
}
