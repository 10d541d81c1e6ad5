import type { EntityManager } from '@turno/core';
import { ratingAllowed } from '@turno/domain';

/**
 * Which of `assignmentIds` (the agenda page's) the business `restaurantId` may still rate: its own,
 * completed, within 30 days of completion (`ratingAllowed`), not rated by the business yet. One
 * statement for the whole page.
 */
export async function restaurantRatableAssignments(
  em: EntityManager,
  restaurantId: number,
  assignmentIds: readonly number[],
  now: Date,
): Promise<Set<number>> {
  if (assignmentIds.length === 0) return new Set();
  const rows = await em.getConnection().execute<{ id: number; completed_at: Date | string | null }[]>(
    `select a.id, a.completed_at from assignments a join jobs j on j.id = a.job_id
     where a.id = any(?::int[]) and j.restaurant_id = ? and a.status = 'completed'
       and not exists (select 1 from ratings r where r.assignment_id = a.id and r.rater_type = 'restaurant')`,
    [`{${assignmentIds.join(',')}}`, restaurantId],
  );
  return new Set(
    rows
      .filter((row) => ratingAllowed(row.completed_at ? new Date(row.completed_at) : null, now))
      .map((row) => row.id),
  );
}
