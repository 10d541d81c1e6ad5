/**
 * Staffing: a job getting its freelancer, which spans aggregates. A freelancer applies (their
 * suspension from reliability, the restaurant's blocks, their held shifts); the business (or an
 * admin) accepts an application, or an admin assigns a freelancer directly: either way an
 * assignment is created, the job becomes assigned and every other pending application of the job
 * is rejected, atomically: the job row is locked, so concurrent accepts or assigns run one after
 * the other and only the first finds the job still open.
 */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import {
  APPLICATION_MESSAGE_MAX_LENGTH,
  MESSAGES,
  applicationExpiresAt,
  isApplicationExpired,
  saoPauloDate,
  shiftHasStarted,
} from '@turno/domain';
import { Application, Assignment, Block, type Job, Restaurant } from '../model';
import { optionalText, requireRole } from '../shared/access';
import type { Actor } from '../shared/actor';
import { conflict, forbidden, invalid } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { lockJob } from '../rows/job-lock';
import { lockFreelancer } from '../rows/freelancer-lock';
import { hasScheduleConflict, holdsShiftOverlappingJobSql, shiftOf } from '../rows/schedule';
import type { SqlStatement } from '../shared/list-read';
import { recordEvent } from '../events/record-event';
import { lockApplication } from '../applications/application-lock';
import { readSuspendedUntil } from '../reliability/strikes.queries';
import { recordJobFilled, rejectPendingApplications } from './job-filled';
import { staffingRefusal } from './invitations.service';
import { atMonthlyShiftCapSql } from '../rows/staffing-conditions';

export interface ApplyInput {
  jobId: number;
  message?: string | null;
}

export interface ApplyResult {
  applicationId: number;
  jobId: number;
  status: 'pending';
  appliedAt: Date;
  expiresAt: Date;
}

const alreadyApplied = () => conflict('already_applied', MESSAGES.applications.alreadyApplied);

/**
 * A freelancer applies to an open job. Refused when the freelancer is not active, not approved or
 * has no photo; when the restaurant blocked them; when the job is not open, is dated before today
 * (Sao Paulo) or has already started, or its restaurant is not approved and active; when they already applied; when the
 * shift overlaps one they hold (CONFLITO DE HORÁRIO). The application expires 2 h after `now`.
 */
export async function applyToJob(
  em: EntityManager,
  actor: Actor,
  input: ApplyInput,
  now: Date = new Date(),
): Promise<ApplyResult> {
  requireRole(actor, ['freelancer']);
  const message = optionalText(input.message);
  if (message && message.length > APPLICATION_MESSAGE_MAX_LENGTH) {
    throw invalid('message_too_long', MESSAGES.applications.messageTooLong(APPLICATION_MESSAGE_MAX_LENGTH));
  }

  return inTransaction(
    em,
    async (tx) => {
      // FOR SHARE: applies to one job run side by side, an accept of that job waits for them.
      const job = await lockJob(tx, actor, input.jobId, LockMode.PESSIMISTIC_READ);
      const freelancer = await lockFreelancer(tx, actor.freelancerId);
      if (!freelancer.isAvailable)
        throw forbidden('freelancer_not_available', MESSAGES.applications.freelancerNotAvailable);
      if (!freelancer.isApproved)
        throw forbidden('freelancer_not_approved', MESSAGES.applications.freelancerNotApproved);
      if (!freelancer.profilePhotoUrl) throw forbidden('photo_required', MESSAGES.applications.photoRequired);
      // Issue 23: 3 active strikes suspend applying for 30 days (409 saying until when).
      const suspendedUntil = await readSuspendedUntil(tx, freelancer.id, now);
      if (suspendedUntil) throw conflict('suspended', MESSAGES.reliability.suspended(suspendedUntil));
      if ((await tx.count(Block, { freelancer: freelancer.id, restaurant: job.restaurant.id })) > 0) {
        throw forbidden('blocked', MESSAGES.applications.blocked);
      }
      if (!(await isOpenForApplications(tx, job, now)))
        throw conflict('job_not_open', MESSAGES.applications.jobNotOpen);
      if (shiftHasStarted({ date: job.dateNeeded, start: job.startTime }, now))
        throw conflict('shift_started', MESSAGES.applications.shiftStarted);
      if ((await tx.count(Application, { job: job.id, freelancer: freelancer.id })) > 0)
        throw alreadyApplied();
      // Issue 26: the monthly cap with this business, and a window reserved for the invitees.
      const refusal = await staffingRefusal(tx, job.id, freelancer.id, now, { ownApplication: true });
      if (refusal) throw refusal;
      if (await hasScheduleConflict(tx, freelancer.id, shiftOf(job))) {
        throw conflict('schedule_conflict', MESSAGES.applications.scheduleConflictOwn);
      }

      const application = tx.create(Application, {
        job,
        freelancer,
        status: 'pending',
        message,
        appliedAt: now,
        expiresAt: applicationExpiresAt(now),
      });
      await tx.flush();
      await recordEvent(tx, {
        type: 'job_application',
        restaurantId: job.restaurant.id,
        freelancerId: freelancer.id,
        payload: { jobId: job.id, applicationId: application.id },
      });
      return {
        applicationId: application.id,
        jobId: job.id,
        status: 'pending',
        appliedAt: application.appliedAt,
        expiresAt: application.expiresAt,
      };
    },
    { applications_job_freelancer_unique: alreadyApplied },
  );
}

export interface AcceptResult {
  applicationId: number;
  jobId: number;
  freelancerId: number;
  assignmentId: number;
  /** Other pending applications of the job rejected by this accept (0 when replayed). */
  rejectedApplications: number;
}

const jobTaken = () => conflict('job_already_assigned', MESSAGES.assignments.jobAlreadyAssigned);

/**
 * The business owning the job (or an admin) accepts a pending application: the application becomes
 * accepted, every other pending one of the job rejected, an assignment is created and the job
 * becomes assigned, in one transaction holding the job's row lock. Re-checked under the lock: the
 * job is still open, the application still pending and not expired at `now`, the freelancer still
 * approved, available, not blocked and free at that time (CONFLITO DE HORÁRIO).
 * Accepting an application that is already accepted (a retry) returns the same result.
 */
export async function acceptApplication(
  em: EntityManager,
  actor: Actor,
  applicationId: number,
  now: Date = new Date(),
): Promise<AcceptResult> {
  requireRole(actor, ['admin', 'restaurant']);
  return inTransaction(
    em,
    async (tx) => {
      const { application, job } = await lockApplication(tx, actor, applicationId);
      const freelancer = await lockFreelancer(tx, application.freelancer.id);
      await tx.refresh(application);

      if (application.status === 'accepted') return replayAccept(tx, application);
      if (job.status !== 'open') {
        throw job.status === 'assigned'
          ? jobTaken()
          : conflict('job_not_open', MESSAGES.applications.jobNotOpen);
      }
      if (application.status === 'expired' || isApplicationExpired(application.expiresAt, now)) {
        throw conflict('application_expired', MESSAGES.applications.expired);
      }
      if (application.status !== 'pending') throw conflict('not_pending', MESSAGES.applications.notPending);
      if (!freelancer.isApproved || !freelancer.isAvailable) {
        throw conflict('freelancer_not_eligible', MESSAGES.assignments.freelancerNotEligible);
      }
      if ((await tx.count(Block, { freelancer: freelancer.id, restaurant: job.restaurant.id })) > 0) {
        throw conflict('freelancer_blocked', MESSAGES.assignments.freelancerBlocked);
      }
      const refusal = await staffingRefusal(tx, job.id, freelancer.id, now, { ownApplication: false });
      if (refusal) throw refusal;
      if (await hasScheduleConflict(tx, freelancer.id, shiftOf(job))) {
        throw conflict('schedule_conflict', MESSAGES.applications.scheduleConflict);
      }

      application.status = 'accepted';
      application.reviewedAt = now;
      const rejectedFreelancerIds = await rejectPendingApplications(tx, job.id, now, application.id);
      const assignment = tx.create(Assignment, { job, freelancer, status: 'assigned' });
      job.status = 'assigned';
      await tx.flush();
      await recordJobFilled(tx, job, freelancer.id, assignment.id, rejectedFreelancerIds);
      return {
        applicationId: application.id,
        jobId: job.id,
        freelancerId: freelancer.id,
        assignmentId: assignment.id,
        rejectedApplications: rejectedFreelancerIds.length,
      };
    },
    { applications_one_accepted_per_job: jobTaken, assignments_one_active_per_job: jobTaken },
  );
}

export interface AssignInput {
  jobId: number;
  freelancerId: number;
}

export interface AssignResult {
  assignmentId: number;
  jobId: number;
  freelancerId: number;
}

/**
 * Whom an admin may assign to job `jobId` (freelancers as alias `f`), as a condition with its
 * parameters: what `assignFreelancer` accepts — approved and available, not blocked by the job's
 * business, holding no shift that overlaps the job's, under the monthly cap with that business. The admin-ops BFF's assign dialog lists by it.
 */
export function assignableToJobSql(jobId: number): SqlStatement {
  const overlapping = holdsShiftOverlappingJobSql('f.id', jobId);
  const atCap = atMonthlyShiftCapSql({
    freelancer: 'f.id',
    restaurant: 'cj.restaurant_id',
    date: 'cj.date_needed',
  });
  return {
    sql: `f.is_approved and f.is_available
  and not exists (select 1 from blocks b join jobs bj on bj.id = ? where b.freelancer_id = f.id and b.restaurant_id = bj.restaurant_id)
  and not ${overlapping.sql}
  and not exists (select 1 from jobs cj where cj.id = ? and ${atCap.sql})`,
    params: [jobId, ...overlapping.params, jobId, ...atCap.params],
  };
}

/**
 * An admin assigns an approved, available freelancer to an open job (the job row locked, so two
 * concurrent assigns of one job never both succeed). Refused when the restaurant blocked the
 * freelancer or the shift overlaps one they hold (CONFLITO DE HORÁRIO). The freelancer's pending
 * application to the job, if any, becomes accepted; every other pending one is rejected.
 * Assigning the freelancer the job already has (a retry) returns the same assignment.
 */
export async function assignFreelancer(
  em: EntityManager,
  actor: Actor,
  input: AssignInput,
  now: Date = new Date(),
): Promise<AssignResult> {
  requireRole(actor, ['admin']);
  return inTransaction(
    em,
    async (tx) => {
      const job = await lockJob(tx, actor, input.jobId);
      const current = await tx.findOne(Assignment, { job: job.id, status: { $ne: 'cancelled' } });
      if (current?.freelancer.id === input.freelancerId) {
        return { assignmentId: current.id, jobId: job.id, freelancerId: input.freelancerId };
      }
      if (current || job.status === 'assigned') throw jobTaken();
      if (job.status !== 'open') throw conflict('job_not_open', MESSAGES.applications.jobNotOpen);

      const freelancer = await lockFreelancer(tx, input.freelancerId);
      if (!freelancer.isApproved || !freelancer.isAvailable) {
        throw conflict('freelancer_not_eligible', MESSAGES.assignments.freelancerNotEligible);
      }
      if ((await tx.count(Block, { freelancer: freelancer.id, restaurant: job.restaurant.id })) > 0) {
        throw conflict('freelancer_blocked', MESSAGES.assignments.freelancerBlocked);
      }
      const refusal = await staffingRefusal(tx, job.id, freelancer.id, now, { ownApplication: false });
      if (refusal) throw refusal;
      if (await hasScheduleConflict(tx, freelancer.id, shiftOf(job))) {
        throw conflict('schedule_conflict', MESSAGES.applications.scheduleConflict);
      }

      const assignment = tx.create(Assignment, { job, freelancer, status: 'assigned' });
      job.status = 'assigned';
      await tx.nativeUpdate(
        Application,
        { job: job.id, freelancer: freelancer.id, status: 'pending' },
        { status: 'accepted', reviewedAt: now },
      );
      const rejectedFreelancerIds = await rejectPendingApplications(tx, job.id, now);
      await tx.flush();
      await recordJobFilled(tx, job, freelancer.id, assignment.id, rejectedFreelancerIds);
      return { assignmentId: assignment.id, jobId: job.id, freelancerId: freelancer.id };
    },
    { assignments_one_active_per_job: jobTaken, applications_one_accepted_per_job: jobTaken },
  );
}

/** The result of an accept that already happened (its assignment is still the job's). */
async function replayAccept(tx: EntityManager, application: Application): Promise<AcceptResult> {
  const assignment = await tx.findOne(Assignment, {
    job: application.job.id,
    freelancer: application.freelancer.id,
    status: { $ne: 'cancelled' },
  });
  if (!assignment) throw conflict('not_pending', MESSAGES.applications.notPending);
  return {
    applicationId: application.id,
    jobId: application.job.id,
    freelancerId: application.freelancer.id,
    assignmentId: assignment.id,
    rejectedApplications: 0,
  };
}

/** Open, dated today or later in Sao Paulo, at an approved and active restaurant. */
async function isOpenForApplications(tx: EntityManager, job: Job, now: Date): Promise<boolean> {
  if (job.status !== 'open' || job.dateNeeded < saoPauloDate(now)) return false;
  const restaurant = await tx.findOne(Restaurant, { id: job.restaurant.id });
  return Boolean(restaurant?.isApproved && restaurant.isActive);
}
