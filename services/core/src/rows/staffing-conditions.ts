/**
 * The two rules of "Ask again the people who came" (issue 26) as SQL conditions, each ONE text used
 * by the commands (apply, accept, assign, invite) and by every list that offers a freelancer a
 * vacancy or a business a freelancer ("Vagas", the invitee picker, the admin's assign dialog), so a
 * list never offers what the command refuses.
 *
 * Both are written so that, with the freelancer a parameter, PostgreSQL runs their subquery once
 * (a hashed subplan) whatever the number of rows the list reads; with the freelancer a column (the
 * invitee picker) it is correlated, over that freelancer's own assignments.
 */
import { monthlyShiftsPerBusiness } from '@turno/domain';
import type { SqlStatement } from '../shared/list-read';

/** The cap in force (MONTHLY_SHIFTS_PER_BUSINESS, else libs/domain's default 12). */
export function monthlyShiftCap(): number {
  return monthlyShiftsPerBusiness(process.env);
}

/** A freelancer: a column (an SQL expression without placeholders) or an id, passed as a parameter. */
export type FreelancerRef = string | number;

const freelancerSql = (freelancer: FreelancerRef): { sql: string; params: unknown[] } =>
  typeof freelancer === 'number' ? { sql: '?::int', params: [freelancer] } : { sql: freelancer, params: [] };

/** Whose shifts and where: `restaurant` and `date` are columns (SQL expressions without placeholders). */
export interface CapSubject {
  freelancer: FreelancerRef;
  /** The business's (restaurant's) id. */
  restaurant: string;
  /** The shift's day (a date, São Paulo calendar). */
  date: string;
}

/**
 * The freelancer already holds `cap` shifts (assignments not cancelled: assigned, in progress or
 * completed) with the business in the calendar month of the day: one more would pass the cap.
 */
export function atMonthlyShiftCapSql(subject: CapSubject, cap: number = monthlyShiftCap()): SqlStatement {
  const freelancer = freelancerSql(subject.freelancer);
  return {
    sql: `((${subject.restaurant}), date_trunc('month', (${subject.date})::timestamp)) in (
    select cap_job.restaurant_id, date_trunc('month', cap_job.date_needed::timestamp)
      from assignments cap_held join jobs cap_job on cap_job.id = cap_held.job_id
     where cap_held.freelancer_id = ${freelancer.sql} and cap_held.status <> 'cancelled'
     group by 1, 2 having count(*) >= ?)`,
    params: [...freelancer.params, cap],
  };
}

/**
 * The vacancy (`job`, a column) is reserved for its invitees at `now` and the freelancer is not one
 * of them: only invitees may apply until the window ends.
 */
export function reservedForOtherInviteesSql(job: string, freelancer: FreelancerRef, now: Date): SqlStatement {
  const who = freelancerSql(freelancer);
  return {
    sql: `(${job}) in (
    select reserved.job_id from job_invitations reserved where reserved.exclusive_until > ?::timestamptz
    except
    select own.job_id from job_invitations own where own.freelancer_id = ${who.sql})`,
    params: [now.toISOString(), ...who.params],
  };
}
