import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, findScheduleConflict, type ShiftTime } from '@turno/domain';
import { Assignment, type Job } from '../model';

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
