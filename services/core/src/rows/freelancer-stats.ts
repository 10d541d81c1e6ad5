import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Recomputes one freelancer's stored stats inside the caller's transaction: `total_jobs` (completed
 * assignments) and `rating` (average of the restaurants' ratings, 2 decimals, null without any).
 * The same definition as the seeders' global `refreshFreelancerStats`, for one row. Flushes first
 * so the counts see the transaction's own pending changes.
 */
export async function refreshStatsOfFreelancer(tx: EntityManager, freelancerId: number): Promise<void> {
  await tx.flush();
  await tx.execute(
    `update freelancers f set
       total_jobs = (select count(*) from assignments a where a.freelancer_id = f.id and a.status = 'completed'),
       rating = (
         select round(avg(r.rating), 2) from ratings r join assignments a on a.id = r.assignment_id
         where a.freelancer_id = f.id and r.rater_type = 'restaurant'
       )
     where f.id = ?`,
    [freelancerId],
  );
}
