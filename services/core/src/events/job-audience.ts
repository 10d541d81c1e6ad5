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
