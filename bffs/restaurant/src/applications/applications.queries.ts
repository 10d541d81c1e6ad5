import type { EntityManager } from '@turno/core';
import type { ApplicationCount } from '@turno/contracts';
import { LIST_PAGE_SIZE_MAX } from '@turno/domain';

/**
 * Read model of the business's applications badge (spec 01 "Applications modal"): only
 * applications the business can still decide on count, pending and not past their expiry (an
 * expired one counts as rejected and is hidden, 00-decisions).
 */

/** A pending application the business can still accept (the `?` is now). */
const LIVE_PENDING = `a.status = 'pending' and a.expires_at > ?`;

/**
 * GET /api/restaurant/jobs/applications-count: pending applications per open vacancy of the
 * restaurant, by job id, at most 200 rows (open vacancies with live applications are few: an
 * application lives 2 h). One statement.
 */
export async function countRestaurantApplications(
  em: EntityManager,
  restaurantId: number,
  now: Date = new Date(),
): Promise<ApplicationCount[]> {
  return em.getConnection().execute<ApplicationCount[]>(
    `select a.job_id, count(*)::int as application_count
       from applications a join jobs j on j.id = a.job_id
      where j.restaurant_id = ? and j.status = 'open' and ${LIVE_PENDING}
      group by a.job_id
      order by a.job_id
      limit ?`,
    [restaurantId, now, LIST_PAGE_SIZE_MAX],
  );
}
