import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, findScheduleConflict, type ShiftTime } from '@turno/domain';
import { Assignment, type Job } from '../model';
import type { SqlStatement } from '../shared/list-read';

/** The shift of a job, in the shape the schedule rules of @turno/domain read. */
export function shiftOf(job: Pick<Job, 'dateNeeded' | 'startTime' | 'endTime'>): ShiftTime {
  return { date: job.dateNeeded, start: job.startTime, end: job.endTime };
}

/**
 * True when `shift` overlaps one of the freelancer's held shifts: assignments neither cancelled
 * nor completed (00-decisions), overnight shifts included. `exceptJobId` leaves one job out (the
 * job being edited). Only jobs dated the day before to the day after can overlap, so only those
 * are read.
 */
export async function hasScheduleConflict(
  tx: EntityManager,
  freelancerId: number,
  shift: ShiftTime,
  exceptJobId?: number,
): Promise<boolean> {
  const held = await tx.find(
    Assignment,
    {
      freelancer: freelancerId,
      status: { $in: ['assigned', 'in_progress'] },
      job: {
        dateNeeded: { $gte: addDays(shift.date, -1), $lte: addDays(shift.date, 1) },
        ...(exceptJobId === undefined ? {} : { id: { $ne: exceptJobId } }),
      },
    },
    { populate: ['job'] },
  );
  const shifts = held.map((assignment) => ({ ...shiftOf(assignment.job.$), status: assignment.status }));
  return findScheduleConflict(shift, shifts) !== undefined;
}

/** A job's shift (table alias `job`) as wall-clock timestamps: `shiftInterval` of @turno/domain in SQL. */
const wallClockStart = (job: string) => `(${job}.date_needed + ${job}.start_time::time)`;
const wallClockEnd = (job: string) =>
  `(${job}.date_needed + ${job}.end_time::time + case when ${job}.end_time <= ${job}.start_time then interval '1 day' else interval '0' end)`;

/**
 * `hasScheduleConflict` as a condition, for a list: the freelancer of column `freelancerColumn`
 * holds a shift (assigned or in progress) overlapping job `jobId`'s. Same rule: half-open
 * intervals (shifts that only touch do not overlap), an end ≤ start on the next day, only jobs
 * dated the day before to the day after read.
 */
export function holdsShiftOverlappingJobSql(freelancerColumn: string, jobId: number): SqlStatement {
  return {
    sql: `exists (select 1 from assignments held
    join jobs held_job on held_job.id = held.job_id
    join jobs wanted on wanted.id = ?
  where held.freelancer_id = ${freelancerColumn}
    and held.status in ('assigned', 'in_progress')
    and held_job.date_needed between wanted.date_needed - 1 and wanted.date_needed + 1
    and ${wallClockStart('held_job')} < ${wallClockEnd('wanted')}
    and ${wallClockStart('wanted')} < ${wallClockEnd('held_job')})`,
    params: [jobId],
  };
}
