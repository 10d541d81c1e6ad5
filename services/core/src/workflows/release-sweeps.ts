/**
 * The sweeps of shifts nobody closed (issue 23), run every minute by the workers:
 * - releaseNoShows: an allocated shift with no check-in (and no check-in request waiting for the
 *   business) at start + 60 min is released as a no-show, with the same effects as the business's
 *   report (reliability/release.service.ts): a strike, the vacancy reopened when 2 h or more of the
 *   shift are ahead, else cancelled; the business and the freelancer told live.
 * - closeForgottenCheckOuts: a checked-in shift with no check-out 24 h after its scheduled end is
 *   completed at the scheduled end (or at the freelancer's check-out request, when earlier), marked
 *   'scheduled_end' and paid by the worked time.
 * Both work in bounded batches, one transaction each, on rows they lock with SKIP LOCKED (a shift
 * another transition holds is taken by the next run), and are idempotent: what they changed no
 * longer matches their conditions, and a strike is given once per assignment.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  FORGOTTEN_CHECK_OUT_CLOSE_HOURS,
  NO_SHOW_AFTER_MINUTES,
  NO_SHOW_REOPEN_MIN_REMAINING_MINUTES,
  SAO_PAULO_TIME_ZONE,
  STRIKE_LIFETIME_DAYS,
  saoPauloDate,
  shiftEndInstant,
} from '@turno/domain';
import { Assignment } from '../model';
import { completeAssignment } from '../assignments/assignments.service';
import { recordEvents } from '../events/record-event';
import { shiftTimeOfJob } from '../reliability/release.service';

export interface SweepOptions {
  /** Shifts per transaction (default 200). */
  batchSize?: number;
  /** At most this many batches per run (default 50): the next run goes on. */
  maxBatches?: number;
}

const DEFAULT_BATCH_SIZE = 200;
const DEFAULT_MAX_BATCHES = 50;

/** The instants of a job's shift in SQL (Sao Paulo wall clock; an end ≤ start is on the next day). */
const START_INSTANT = `((j.date_needed + j.start_time::time) at time zone '${SAO_PAULO_TIME_ZONE}')`;
const END_INSTANT = `((j.date_needed + j.end_time::time
  + case when j.end_time <= j.start_time then interval '1 day' else interval '0' end)
  at time zone '${SAO_PAULO_TIME_ZONE}')`;

async function inBatches(
  em: EntityManager,
  options: SweepOptions,
  batch: (tx: EntityManager, size: number) => Promise<number>,
): Promise<number> {
  const size = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE));
  const maxBatches = Math.max(1, Math.floor(options.maxBatches ?? DEFAULT_MAX_BATCHES));
  let total = 0;
  for (let run = 0; run < maxBatches; run += 1) {
    const done = await em.fork().transactional((tx) => batch(tx, size));
    total += done;
    if (done < size) break;
  }
  return total;
}

/** Releases every allocated shift past its no-show time at `now`; answers how many were released. */
export function releaseNoShows(em: EntityManager, now: Date, options: SweepOptions = {}): Promise<number> {
  return inBatches(em, options, async (tx, size) => {
    // Every statement re-checks the assignment on its latest version: a transition that committed
    // meanwhile (a check-in, a cancellation) wins and the row is left alone.
    const rows = await tx.execute<
      {
        assignment_id: number;
        job_id: number;
        restaurant_id: number;
        freelancer_id: number;
        reopen: boolean;
      }[]
    >(
      `with due as (
         select a.id as assignment_id, j.id as job_id, j.restaurant_id, a.freelancer_id,
                ${END_INSTANT} - ?::timestamptz >= make_interval(mins => ?) as reopen
           from jobs j join assignments a on a.job_id = j.id and a.status = 'assigned'
          where j.status = 'assigned' and j.date_needed <= ?::date
            and a.check_in_at is null and a.checkin_requested_at is null
            and ${START_INSTANT} + make_interval(mins => ?) <= ?::timestamptz
          order by j.id
          limit ?
            for update of j skip locked
       ),
       released as (
         update assignments a set status = 'cancelled', cancelled_by = 'no_show', cancelled_at = ?, updated_at = ?
           from due
          where a.id = due.assignment_id and a.status = 'assigned' and a.check_in_at is null
                and a.checkin_requested_at is null
         returning due.*
       ),
       jobs_changed as (
         update jobs j set status = case when released.reopen then 'open' else 'cancelled' end, updated_at = ?
           from released where j.id = released.job_id and j.status = 'assigned'
       ),
       applications_rejected as (
         update applications p set status = 'rejected', reviewed_at = ?
           from released
          where p.job_id = released.job_id and p.freelancer_id = released.freelancer_id and p.status = 'accepted'
       ),
       strikes as (
         insert into freelancer_strikes (freelancer_id, assignment_id, reason, created_at, expires_at)
         select released.freelancer_id, released.assignment_id, 'no_show', ?, ?::timestamptz + make_interval(days => ?)
           from released
         on conflict (assignment_id, reason) do nothing
       )
       select assignment_id, job_id, restaurant_id, freelancer_id, reopen from released`,
      [
        now,
        NO_SHOW_REOPEN_MIN_REMAINING_MINUTES,
        saoPauloDate(now),
        NO_SHOW_AFTER_MINUTES,
        now,
        size,
        now,
        now,
        now,
        now,
        now,
        now,
        STRIKE_LIFETIME_DAYS,
      ],
    );
    await recordEvents(
      tx,
      rows.map((row) => ({
        type: 'job_assignment' as const,
        restaurantId: row.restaurant_id,
        freelancerId: row.freelancer_id,
        allFreelancers: row.reopen,
        payload: { jobId: row.job_id, assignmentId: row.assignment_id },
      })),
    );
    return rows.length;
  });
}

/** Completes every checked-in shift left without a check-out 24 h past its end; answers how many. */
export function closeForgottenCheckOuts(
  em: EntityManager,
  now: Date,
  options: SweepOptions = {},
): Promise<number> {
  return inBatches(em, options, async (tx, size) => {
    const due = await tx.execute<{ assignment_id: number }[]>(
      `select a.id as assignment_id
         from jobs j join assignments a on a.job_id = j.id and a.status = 'in_progress'
        where j.status = 'assigned' and j.date_needed <= ?::date
          and a.check_in_at is not null and a.check_out_at is null
          and ${END_INSTANT} + make_interval(hours => ?) <= ?::timestamptz
        order by j.id
        limit ?
          for update of j skip locked`,
      [saoPauloDate(now), FORGOTTEN_CHECK_OUT_CLOSE_HOURS, now, size],
    );
    if (due.length === 0) return 0;
    const assignments = await tx.find(
      Assignment,
      { id: { $in: due.map((row) => row.assignment_id) } },
      { populate: ['job'], refresh: true },
    );
    for (const assignment of assignments) {
      // Read under the job lock: one completed meanwhile is left as it is.
      if (assignment.status !== 'in_progress' || assignment.checkOutAt || !assignment.checkInAt) continue;
      const job = assignment.job.$;
      const end = shiftEndInstant(shiftTimeOfJob(job));
      const requested = assignment.checkoutRequestedAt;
      await completeAssignment(tx, {
        assignment,
        job,
        checkOutAt: requested && requested < end ? requested : end,
        checkOutMethod: 'scheduled_end',
        payBasis: 'worked',
        now,
      });
    }
    await tx.flush();
    return due.length;
  });
}
