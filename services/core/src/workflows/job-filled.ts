/**
 * What accepting an application and an admin's assign share: the other pending applications of the
 * job are rejected, and the change is announced.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Job } from '../model';
import { eventRows, recordEvents } from '../events/record-event';

/**
 * Rejects every pending application of the job (but `exceptApplicationId`): the job got its
 * freelancer. Returns the freelancers whose application this rejected.
 */
export async function rejectPendingApplications(
  tx: EntityManager,
  jobId: number,
  now: Date,
  exceptApplicationId?: number,
): Promise<number[]> {
  const rows = await tx.execute<{ freelancer_id: number }[]>(
    `update applications set status = 'rejected', reviewed_at = ?
      where job_id = ? and status = 'pending' ${exceptApplicationId === undefined ? '' : 'and id <> ?'}
      returning freelancer_id`,
    exceptApplicationId === undefined ? [now, jobId] : [now, jobId, exceptApplicationId],
  );
  return rows.map((row) => row.freelancer_id);
}

/**
 * The events of a job getting its freelancer: `job_assignment` for the restaurant and the
 * freelancer (and every freelancer: the vacancy left the open list), `job_application` for each
 * freelancer whose pending application this rejected.
 */
export async function recordJobFilled(
  tx: EntityManager,
  job: Job,
  freelancerId: number,
  assignmentId: number,
  rejectedFreelancerIds: readonly number[],
): Promise<void> {
  await recordEvents(tx, [
    {
      type: 'job_assignment',
      restaurantId: job.restaurant.id,
      freelancerId,
      allFreelancers: true,
      payload: { jobId: job.id, assignmentId },
    },
    ...(rejectedFreelancerIds.length === 0
      ? []
      : eventRows({
          type: 'job_application',
          freelancerIds: rejectedFreelancerIds,
          payload: { jobId: job.id },
        })),
  ]);
}
