import { jobsInScopeSql, type BusinessScope, type EntityManager } from '@turno/core';
import type { PendingShiftRequests } from '@turno/contracts';

/**
 * The check-in and check-out requests of a business's shifts waiting for its approval (issue 23:
 * the count on the Agenda tab and the Dashboard). Any date: a request is pending until decided.
 * A manager or supervisor counts those of their stores (issue 28).
 */
export async function countPendingShiftRequests(
  em: EntityManager,
  scope: BusinessScope,
): Promise<PendingShiftRequests> {
  const jobs = jobsInScopeSql('j', scope);
  const [row] = await em.getConnection().execute<{ check_ins: number; check_outs: number }[]>(
    `select count(*) filter (where a.checkin_requested_at is not null and a.check_in_at is null)::int as check_ins,
            count(*) filter (where a.checkout_requested_at is not null and a.check_out_at is null
                               and a.check_in_at is not null)::int as check_outs
       from assignments a join jobs j on j.id = a.job_id
      where ${jobs.sql} and a.status in ('assigned', 'in_progress')`,
    jobs.params,
  );
  const checkIns = row?.check_ins ?? 0;
  const checkOuts = row?.check_outs ?? 0;
  return { count: checkIns + checkOuts, checkIns, checkOuts };
}
