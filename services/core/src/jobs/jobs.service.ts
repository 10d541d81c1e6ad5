/**
 * Vacancies: creation (by the business or by an admin on its behalf), admin edit, deletion.
 * Prices, end times and meal-break options always come from @turno/domain, never from the client.
 */
import { LockMode, ref, type EntityManager } from '@mikro-orm/postgresql';
import {
  MESSAGES,
  SHORT_TEXT_MAX_LENGTH,
  inferWorkload,
  isClockTime,
  isIsoDate,
  isMealBreakOption,
  isPositionType,
  shiftEndTime,
  shiftHasStarted,
  shiftPriceCents,
  toWorkload,
  vacancyCreationError,
  workloadMinutes,
  type Workload,
} from '@turno/domain';
import { Assignment, Block, InvoiceLine, Job, Restaurant } from '../model';
import { optionalText, requireRole } from '../shared/access';
import { lockJob } from '../rows/job-lock';
import { storeForNewVacancy } from '../rows/store-of-vacancy';
import { businessScopeOf, wholeBusiness } from '../shared/business-scope';
import { lockFreelancer } from '../rows/freelancer-lock';
import type { Actor } from '../shared/actor';
import { conflict, forbidden, invalid, notFound } from '../shared/domain-error';
import { refreshStatsOfFreelancer } from '../rows/freelancer-stats';
import { hasScheduleConflict, shiftOf } from '../rows/schedule';
import { inTransaction } from '../shared/transaction';
import { freelancersOfJob } from '../events/job-audience';
import { eventRows, recordEvent, recordEvents } from '../events/record-event';

export interface CreateJobsInput {
  /** Admin only: the restaurant the vacancies are for (a business always creates for itself). */
  restaurantId?: number | null;
  positionType?: string | null;
  dates?: readonly string[] | null;
  workload?: number | string | null;
  startTime?: string | null;
  quantity?: number | null;
  mealTime?: string | null;
  recommendedAttire?: string | null;
  description?: string | null;
  /** The store of the vacancies (issue 28); a business with one active store may leave it out. */
  storeId?: number | null;
}

export interface CreateJobsResult {
  jobsCreated: number;
  jobIds: number[];
}

/**
 * Creates quantity × dates job rows, each fillable by one freelancer (00-decisions "Vacancies").
 * A business must be approved and active; an admin may create for any restaurant, with all eight
 * workloads and up to 10 per date (`createdByAdmin`). Title = position type.
 */
export async function createJobs(
  em: EntityManager,
  actor: Actor,
  input: CreateJobsInput,
  now: Date = new Date(),
): Promise<CreateJobsResult> {
  requireRole(actor, ['admin', 'restaurant']);
  const restaurantId = actor.role === 'restaurant' ? actor.restaurantId : input.restaurantId;
  if (!restaurantId) throw invalid('restaurant_required', MESSAGES.restaurants.notSelected);

  return inTransaction(em, async (tx) => {
    // FOR SHARE: the restaurant cannot be deleted (or reviewed) while its vacancies are created.
    const restaurant = await tx.findOne(
      Restaurant,
      { id: restaurantId },
      { lockMode: LockMode.PESSIMISTIC_READ },
    );
    if (!restaurant) throw notFound('restaurant_not_found', MESSAGES.restaurants.notFound);
    if (actor.role === 'restaurant' && !(restaurant.isApproved && restaurant.isActive)) {
      throw forbidden('restaurant_not_approved', MESSAGES.jobs.notApproved);
    }
    const error = vacancyCreationError(input, actor.role, now);
    if (error) throw invalid('invalid_vacancy', error);
    const scope = actor.role === 'restaurant' ? businessScopeOf(actor) : wholeBusiness(restaurant.id);
    const store = await storeForNewVacancy(tx, scope, input.storeId);
    const attire = limitedText(input.recommendedAttire);

    const workload = toWorkload(input.workload) as Workload;
    const startTime = input.startTime as string;
    const jobs: Job[] = [];
    for (const dateNeeded of new Set(input.dates)) {
      for (let copy = 0; copy < (input.quantity ?? 1); copy++) {
        jobs.push(
          tx.create(Job, {
            restaurant,
            store,
            title: input.positionType as string,
            positionType: input.positionType as string,
            description: optionalText(input.description),
            dateNeeded,
            startTime,
            endTime: shiftEndTime(startTime, workload),
            workloadMinutes: workloadMinutes(workload),
            chargeCents: shiftPriceCents(workload, startTime),
            mealTime: optionalText(input.mealTime),
            recommendedAttire: attire,
            status: 'open',
            createdByAdmin: actor.role === 'admin',
          }),
        );
      }
    }
    await tx.flush();
    const jobIds = jobs.map((job) => job.id);
    await recordEvent(tx, {
      type: 'job_created',
      restaurantId: restaurant.id,
      // Freelancers see the vacancies of approved, active restaurants only.
      allFreelancers: restaurant.isApproved && restaurant.isActive,
      payload: { jobIds },
    });
    return { jobsCreated: jobs.length, jobIds };
  });
}

/** The job and the fields an admin changes; absent (undefined) fields stay as they are. */
export interface EditJobInput {
  jobId: number;
  restaurantId?: number;
  positionType?: string;
  dateNeeded?: string;
  workload?: number | string;
  startTime?: string;
  /** '' or null clears it; when absent it is kept if still an option of the (new) shift. */
  mealTime?: string | null;
  recommendedAttire?: string | null;
  description?: string | null;
}

export interface EditJobResult {
  jobId: number;
  endTime: string;
  chargeCents: number;
  mealTime: string | null;
}

/**
 * Admin edit of any job that is not completed. A new workload or start recomputes the end time and
 * the price; the meal time is kept only while it is still an option of the shift. When the job has
 * a freelancer, a new date or time must not overlap their other shifts (CONFLITO DE HORÁRIO). A new
 * date or start must still be ahead at `now` (Sao Paulo time), as on creation.
 */
export async function editJob(
  em: EntityManager,
  actor: Actor,
  input: EditJobInput,
  now: Date = new Date(),
): Promise<EditJobResult> {
  requireRole(actor, ['admin']);
  for (const field of [input.positionType, input.dateNeeded, input.startTime, input.workload]) {
    if (field === '' || field === null) throw invalid('required_fields', MESSAGES.jobs.requiredFields);
  }

  return inTransaction(em, async (tx) => {
    const job = await lockJob(tx, actor, input.jobId);
    if (job.status === 'completed') throw conflict('job_completed', MESSAGES.jobs.completedCannotBeEdited);
    const formerRestaurantId = job.restaurant.id;

    const workload = editedWorkload(job, input.workload);
    const startTime = input.startTime ?? job.startTime;
    if (!isClockTime(startTime)) throw invalid('invalid_start_time', MESSAGES.jobs.invalidStartTime);
    const dateNeeded = input.dateNeeded ?? job.dateNeeded;
    if (!isIsoDate(dateNeeded)) throw invalid('invalid_date', MESSAGES.validation.invalidDate);
    const startMoved = startTime !== job.startTime || dateNeeded !== job.dateNeeded;
    // A shift under way may get a new workload or texts, but no start may be moved into the past.
    if (startMoved && shiftHasStarted({ date: dateNeeded, start: startTime }, now)) {
      throw invalid('start_in_past', MESSAGES.jobs.startInPast);
    }
    if (input.positionType !== undefined && input.positionType !== job.positionType) {
      if (!isPositionType(input.positionType)) {
        throw invalid('invalid_position_type', MESSAGES.jobs.invalidPositionType);
      }
      job.positionType = input.positionType;
      job.title = input.positionType;
    }

    const timingChanged = workloadMinutes(workload) !== job.workloadMinutes || startTime !== job.startTime;
    if (timingChanged) {
      job.startTime = startTime;
      job.endTime = shiftEndTime(startTime, workload);
      job.workloadMinutes = workloadMinutes(workload);
      job.chargeCents = shiftPriceCents(workload, startTime);
    }
    const scheduleChanged = timingChanged || dateNeeded !== job.dateNeeded;
    job.dateNeeded = dateNeeded;
    job.mealTime = editedMealTime(job.mealTime ?? null, input.mealTime, startTime, workload);
    if (input.recommendedAttire !== undefined) job.recommendedAttire = limitedText(input.recommendedAttire);
    if (input.description !== undefined) job.description = optionalText(input.description);

    const assignment = await tx.findOne(Assignment, { job: job.id, status: { $ne: 'cancelled' } });
    if (input.restaurantId !== undefined && input.restaurantId !== job.restaurant.id) {
      await moveToRestaurant(tx, job, input.restaurantId, assignment?.freelancer.id);
    }
    if (assignment && scheduleChanged) {
      await lockFreelancer(tx, assignment.freelancer.id);
      if (await hasScheduleConflict(tx, assignment.freelancer.id, shiftOf(job), job.id)) {
        throw conflict('schedule_conflict', MESSAGES.applications.scheduleConflict);
      }
    }
    await recordEvents(
      tx,
      eventRows({
        type: 'job_updated',
        restaurantIds: [formerRestaurantId, job.restaurant.id],
        freelancerIds: await freelancersOfJob(tx, job.id),
        allFreelancers: job.status === 'open',
        payload: { jobId: job.id },
      }),
    );
    return {
      jobId: job.id,
      endTime: job.endTime,
      chargeCents: job.chargeCents,
      mealTime: job.mealTime ?? null,
    };
  });
}

export interface DeleteJobResult {
  jobId: number;
  deleted: true;
}

/**
 * Deletes a job with its applications and assignment. A business deletes only its own open
 * vacancies; an admin any job. A job whose work is on an invoice is never deleted (billing history).
 * Deleting twice answers 404 the second time.
 */
export async function deleteJob(em: EntityManager, actor: Actor, jobId: number): Promise<DeleteJobResult> {
  requireRole(actor, ['admin', 'restaurant']);
  const billed = () => conflict('job_billed', MESSAGES.jobs.billedCannotBeDeleted);
  return inTransaction(
    em,
    async (tx) => {
      const job = await lockJob(tx, actor, jobId);
      if ((await tx.count(InvoiceLine, { assignment: { job: job.id } })) > 0) throw billed();
      if (actor.role === 'restaurant' && job.status !== 'open') {
        throw conflict(
          'job_not_open',
          job.status === 'completed' ? MESSAGES.jobs.completedCannotBeDeleted : MESSAGES.jobs.notOpen,
        );
      }
      const worked = await tx.find(
        Assignment,
        { job: job.id, status: 'completed' },
        { fields: ['freelancer'] },
      );
      await recordEvents(
        tx,
        eventRows({
          type: 'job_deleted',
          restaurantIds: [job.restaurant.id],
          freelancerIds: await freelancersOfJob(tx, job.id),
          allFreelancers: job.status === 'open',
          payload: { jobId: job.id },
        }),
      );
      await tx.nativeDelete(Job, { id: job.id });
      // The completed shift (and its ratings) went with the job: recount the freelancer's stats.
      for (const assignment of worked) await refreshStatsOfFreelancer(tx, assignment.freelancer.id);
      tx.clear(); // forget the deleted rows: nothing stale is merged back into the caller's identity map
      return { jobId, deleted: true };
    },
    // Work billed by a concurrent invoice run: invoice lines keep their assignments.
    { invoice_lines_assignment_id_foreign: billed },
  );
}

/** The workload after an edit: the new one (any of the eight), or the job's current one. */
function editedWorkload(job: Job, value: number | string | undefined): Workload {
  if (value === undefined) {
    return toWorkload(job.workloadMinutes / 60) ?? (inferWorkload(job.startTime, job.endTime) as Workload);
  }
  const workload = toWorkload(value);
  if (workload === null) throw invalid('invalid_workload', MESSAGES.jobs.invalidWorkload);
  return workload;
}

/** The meal time after an edit: the given one (checked), or the current one while still valid. */
function editedMealTime(
  current: string | null,
  given: string | null | undefined,
  startTime: string,
  workload: Workload,
): string | null {
  if (given === undefined) {
    return current && isMealBreakOption(current, startTime, workload) ? current : null;
  }
  const mealTime = optionalText(given);
  if (mealTime && !isMealBreakOption(mealTime, startTime, workload)) {
    throw invalid('invalid_meal_time', MESSAGES.jobs.invalidMealTime);
  }
  return mealTime;
}

/**
 * Moves a job to another restaurant, which must exist and must not have blocked its freelancer; the
 * job goes to that business's store (its only active one until the admin screens pick a store).
 */
async function moveToRestaurant(
  tx: EntityManager,
  job: Job,
  restaurantId: number,
  freelancerId: number | undefined,
): Promise<void> {
  const restaurant = await tx.findOne(Restaurant, { id: restaurantId });
  if (!restaurant) throw notFound('restaurant_not_found', MESSAGES.restaurants.notFound);
  if (freelancerId !== undefined && (await tx.count(Block, { freelancer: freelancerId, restaurant })) > 0) {
    throw conflict('freelancer_blocked', MESSAGES.assignments.freelancerBlocked);
  }
  job.store = ref(await storeForNewVacancy(tx, wholeBusiness(restaurant.id)));
  job.restaurant = ref(restaurant);
}

/** Optional short text (attire): trimmed, null when empty, refused beyond the column's length. */
function limitedText(value: string | null | undefined): string | null {
  const text = optionalText(value);
  if (text && text.length > SHORT_TEXT_MAX_LENGTH)
    throw invalid('text_too_long', MESSAGES.common.invalidInput);
  return text;
}
