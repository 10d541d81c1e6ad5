/**
 * Shift confirmations and reminders (issue 26). An accepted shift goes through three timed steps
 * (thresholds in libs/domain shift-confirmation.ts), each recorded on the assignment and announced
 * by a `job_assignment` event, from which the notifications' fan-out makes the notification:
 * - request (24 h before, or at acceptance when later): `confirmation_requested_at` →
 *   `shift_confirmation_request` to the freelancer;
 * - unconfirmed (12 h before, for a shift accepted before that and not confirmed):
 *   `unconfirmed_at` → `shift_unconfirmed` to the business; when its Perfil says so, the shift is
 *   released at once (reliability/release.service.ts `autoReleaseUnconfirmed`: no fee, no strike,
 *   the vacancy reopened) → `shift_released_unconfirmed` to the freelancer;
 * - reminder (2 h before): `reminded_at` → `shift_reminder` to the freelancer.
 * `runConfirmationSteps` takes `now` and re-reads every row: a step already taken, a shift
 * confirmed, cancelled, checked in or started is left alone, so a stale or repeated job does nothing.
 * The workers run it for one assignment when its delayed job fires and for all of them in the
 * every-minute sweep. `confirmShift` is the freelancer's one-tap confirmation.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  CONFIRMATION_REQUEST_HOURS,
  MESSAGES,
  SAO_PAULO_TIME_ZONE,
  SHIFT_CONFIRMATION_MESSAGES,
  SHIFT_REMINDER_HOURS,
  UNCONFIRMED_DEADLINE_HOURS,
  addDays,
  confirmationRefusal,
  saoPauloDate,
  type ConfirmationStep,
} from '@turno/domain';
import { Assignment } from '../model';
import { actsForFreelancer, requireRole } from '../shared/access';
import type { Actor } from '../shared/actor';
import { conflict, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { lockJobRow } from '../rows/job-lock';
import { recordEvent, recordEvents } from '../events/record-event';
import { autoReleaseUnconfirmed, shiftTimeOfJob } from '../reliability/release.service';

/** The start of a job's shift in SQL (São Paulo wall clock). */
const START_INSTANT = `((j.date_needed + j.start_time::time) at time zone '${SAO_PAULO_TIME_ZONE}')`;

/** Where a confirmation stands after the call. */
export interface ConfirmationResult {
  assignmentId: number;
  jobId: number;
  confirmedAt: Date;
}

/**
 * The freelancer confirms presence at an accepted shift: only their own (another's is 404), refused
 * (409, pt-BR) once it was cancelled or has started; a second confirmation answers the first one's
 * time. Records a `job_assignment` event, so the business's agenda shows "Confirmado" live.
 */
export async function confirmShift(
  em: EntityManager,
  actor: Actor,
  assignmentId: number,
  now: Date = new Date(),
): Promise<ConfirmationResult> {
  requireRole(actor, ['freelancer']);
  return inTransaction(em, async (tx) => {
    const found = await tx.findOne(Assignment, { id: assignmentId });
    if (!found || !actsForFreelancer(actor, found.freelancer.id)) {
      throw notFound('assignment_not_found', MESSAGES.assignments.notFound);
    }
    // The job's lock orders the confirmation with a release or a check-in of the same shift.
    const job = await lockJobRow(tx, found.job.id);
    if (!job) throw notFound('assignment_not_found', MESSAGES.assignments.notFound);
    await tx.refresh(found);
    const refusal = confirmationRefusal({ status: found.status, shift: shiftTimeOfJob(job) }, now);
    if (refusal === 'cancelled')
      throw conflict('shift_cancelled', SHIFT_CONFIRMATION_MESSAGES.refusedCancelled);
    if (found.confirmedAt) return { assignmentId: found.id, jobId: job.id, confirmedAt: found.confirmedAt };
    if (refusal === 'started') throw conflict('shift_started', SHIFT_CONFIRMATION_MESSAGES.refusedStarted);
    found.confirmedAt = now;
    await tx.flush();
    await recordEvent(tx, {
      type: 'job_assignment',
      restaurantId: job.restaurant.id,
      freelancerId: found.freelancer.id,
      payload: { jobId: job.id, assignmentId: found.id },
    });
    return { assignmentId: found.id, jobId: job.id, confirmedAt: now };
  });
}

/** How many assignments each step touched (`autoReleased` ⊆ `unconfirmed`). */
export interface ConfirmationStepsResult {
  requested: number;
  unconfirmed: number;
  autoReleased: number;
  reminded: number;
}

export interface ConfirmationStepsOptions {
  /** Only these assignments (a delayed job's); all of them otherwise (the sweep). */
  assignmentIds?: readonly number[];
  /** Only these steps (a delayed job's); all of them otherwise. */
  steps?: readonly ConfirmationStep[];
  /** At most this many assignments per step and run (default 500): the next run goes on. */
  limit?: number;
}

interface StepRow {
  assignment_id: number;
  job_id: number;
  restaurant_id: number;
  freelancer_id: number;
  auto_release: boolean;
}

/**
 * Each step: its column, its hours before the start, and which allocated shifts it concerns in SQL
 * (`a` the assignment, `j` its job, `r` the business).
 */
const STEP_SQL: Record<ConfirmationStep, { column: string; hours: number; pending: string }> = {
  request: {
    column: 'confirmation_requested_at',
    hours: CONFIRMATION_REQUEST_HOURS,
    pending: 'a.confirmation_requested_at is null and a.confirmed_at is null',
  },
  unconfirmed: {
    column: 'unconfirmed_at',
    hours: UNCONFIRMED_DEADLINE_HOURS,
    // Accepted before the deadline (libs/domain unconfirmedStepApplies) and not confirmed. With the
    // automatic release chosen, a shift told but still allocated (a run that stopped between the
    // notice and the release) is taken again.
    pending: `a.confirmed_at is null and (a.unconfirmed_at is null or r.auto_release_unconfirmed)
      and a.created_at < ${START_INSTANT} - make_interval(hours => ${UNCONFIRMED_DEADLINE_HOURS})`,
  },
  reminder: { column: 'reminded_at', hours: SHIFT_REMINDER_HOURS, pending: 'a.reminded_at is null' },
};

/**
 * Takes the confirmation steps due at `now` (one conditional update per step, whatever the number
 * of shifts), records their events in the same transaction, and releases the unconfirmed shifts of
 * businesses that chose it. Idempotent: a step taken is never taken again.
 */
export async function runConfirmationSteps(
  em: EntityManager,
  now: Date,
  options: ConfirmationStepsOptions = {},
): Promise<ConfirmationStepsResult> {
  const steps = options.steps ?? (['request', 'unconfirmed', 'reminder'] as const);
  const limit = Math.max(1, Math.floor(options.limit ?? 500));
  const ids = options.assignmentIds ? [...options.assignmentIds] : null;
  const result: ConfirmationStepsResult = { requested: 0, unconfirmed: 0, autoReleased: 0, reminded: 0 };
  if (ids && ids.length === 0) return result;
  // The shifts of today and the next two days (São Paulo) hold every start within 24 h.
  const today = saoPauloDate(now);
  for (const step of ['request', 'unconfirmed', 'reminder'] as const) {
    if (!steps.includes(step)) continue;
    const { column, hours, pending } = STEP_SQL[step];
    const rows = await inTransaction(em, async (tx) => {
      const changed = await tx.execute<StepRow[]>(
        `with due as (
           select a.id, r.auto_release_unconfirmed as auto_release
             from jobs j join assignments a on a.job_id = j.id join restaurants r on r.id = j.restaurant_id
            where j.status = 'assigned' and j.date_needed between ?::date and ?::date
              and a.status = 'assigned' and a.check_in_at is null and ${pending}
              ${ids ? 'and a.id = any(?::int[])' : ''}
              and ${START_INSTANT} - make_interval(hours => ?) <= ?::timestamptz
              and ${START_INSTANT} > ?::timestamptz
            order by a.id
            limit ?
              for update of a skip locked
         )
         update assignments a set ${column} = coalesce(a.${column}, ?), updated_at = ?
           from due, jobs j
          where a.id = due.id and j.id = a.job_id
         returning a.id as assignment_id, j.id as job_id, j.restaurant_id, a.freelancer_id, due.auto_release`,
        [
          addDays(today, -1),
          addDays(today, 2),
          ...(ids ? [`{${ids.join(',')}}`] : []),
          hours,
          now,
          now,
          limit,
          now,
          now,
        ],
      );
      await recordEvents(
        tx,
        changed
          .filter((row) => !(step === 'unconfirmed' && row.auto_release))
          .map((row) => ({
            type: 'job_assignment' as const,
            restaurantId: row.restaurant_id,
            freelancerId: row.freelancer_id,
            payload: { jobId: row.job_id, assignmentId: row.assignment_id },
          })),
      );
      return changed;
    });
    if (step === 'request') result.requested = rows.length;
    if (step === 'reminder') result.reminded = rows.length;
    if (step === 'unconfirmed') {
      result.unconfirmed = rows.length;
      for (const row of rows.filter((candidate) => candidate.auto_release)) {
        // The release records its own event; a shift confirmed in between is left as it is, and
        // the business still hears of it (the event below).
        if (await autoReleaseUnconfirmed(em.fork(), row.assignment_id, now)) result.autoReleased += 1;
        else await announceUnconfirmed(em, row);
      }
    }
  }
  return result;
}

async function announceUnconfirmed(em: EntityManager, row: StepRow): Promise<void> {
  await inTransaction(em, (tx) =>
    recordEvent(tx, {
      type: 'job_assignment',
      restaurantId: row.restaurant_id,
      freelancerId: row.freelancer_id,
      payload: { jobId: row.job_id, assignmentId: row.assignment_id },
    }),
  );
}

/** An accepted shift's start, as the workers schedule its steps' delayed jobs from. */
export interface ConfirmationSchedule {
  assignmentId: number;
  /** `YYYY-MM-DD`, `HH:MM` (São Paulo). */
  date: string;
  start: string;
}

/** The allocated, not yet started shifts among `assignmentIds` (a batch the workers heard of). */
export async function confirmationSchedules(
  em: EntityManager,
  assignmentIds: readonly number[],
  now: Date,
): Promise<ConfirmationSchedule[]> {
  if (assignmentIds.length === 0) return [];
  const rows = await em.getConnection().execute<{ id: number; date: string; start: string }[]>(
    `select a.id, to_char(j.date_needed, 'YYYY-MM-DD') as date, substr(j.start_time, 1, 5) as start
       from assignments a join jobs j on j.id = a.job_id
      where a.id = any(?::int[]) and a.status = 'assigned' and a.check_in_at is null
        and ${START_INSTANT} > ?::timestamptz`,
    [`{${assignmentIds.join(',')}}`, now],
  );
  return rows.map((row) => ({ assignmentId: row.id, date: row.date, start: row.start }));
}
