import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Every freelancer whose screens show this job: those who applied to it (their applications list)
 * and those who hold or held its shift (their jobs and payments). Read before the job changes or
 * goes, in the transaction that changes it.
 */
export async function freelancersOfJob(tx: EntityManager, jobId: number): Promise<number[]> {
  const rows = await tx.execute<{ freelancer_id: number }[]>(
    `select freelancer_id from applications where job_id = ?
     union
     select freelancer_id from assignments where job_id = ?`,
    [jobId, jobId],
  );
  return rows.map((row) => row.freelancer_id);
}

/**
 * Every restaurant that has to do with this freelancer: one they applied to or hold or held a
 * shift of (ratings are of shifts), and one with a block between them (either side). The audience
 * of a change only those restaurants may see (the freelancer's photo).
 */
export async function restaurantsOfFreelancer(tx: EntityManager, freelancerId: number): Promise<number[]> {
  const rows = await tx.execute<{ restaurant_id: number }[]>(
    `select j.restaurant_id from applications a join jobs j on j.id = a.job_id where a.freelancer_id = ?
     union
     select j.restaurant_id from assignments s join jobs j on j.id = s.job_id where s.freelancer_id = ?
     union
     select restaurant_id from blocks where freelancer_id = ?`,
    [freelancerId, freelancerId, freelancerId],
  );
  return rows.map((row) => row.restaurant_id);
}
