import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Job as JobRow, OpenJob } from '@turno/contracts';
import { freelancerPayoutCents, saoPauloDate, toReais } from '@turno/domain';
import { Assignment, Block, Job } from '../entities';
import { addressLine, isoInstant } from '../shared/wire';

const JOB_ORDER = { dateNeeded: 'asc', startTime: 'asc', id: 'asc' } as const;

/**
 * Jobs matching `where`, each with its restaurant and its current (non-cancelled) assignment and
 * freelancer, shaped like the `Job` contract. Three queries whatever the number of jobs.
 */
export async function findJobRows(em: EntityManager, where: FilterQuery<Job>): Promise<JobRow[]> {
  const jobs = await em.find(Job, where, { populate: ['restaurant'], orderBy: JOB_ORDER });
  if (jobs.length === 0) return [];
  const assignments = await em.find(
    Assignment,
    { job: { $in: jobs.map((job) => job.id) }, status: { $ne: 'cancelled' } },
    { populate: ['freelancer'] },
  );
  const assignmentByJob = new Map(assignments.map((assignment) => [assignment.job.id, assignment]));

  return jobs.map((job) => {
    const restaurant = job.restaurant.$;
    const assignment = assignmentByJob.get(job.id);
    const freelancer = assignment?.freelancer.$;
    return {
      id: job.id,
      restaurant_id: restaurant.id,
      restaurant_name: restaurant.businessName,
      restaurant_address: addressLine(restaurant.address, restaurant.addressNumber),
      title: job.title,
      position_type: job.positionType,
      description: job.description ?? null,
      date_needed: job.dateNeeded,
      start_time: job.startTime,
      end_time: job.endTime,
      hourly_rate: toReais(job.chargeCents),
      meal_time: job.mealTime ?? null,
      recommended_attire: job.recommendedAttire ?? null,
      status: job.status,
      is_assigned: Boolean(assignment),
      assignment_id: assignment?.id ?? null,
      assignment_status: assignment?.status ?? null,
      freelancer_name: freelancer?.name ?? null,
      freelancer_user_id: freelancer?.user.id ?? null,
      freelancer_profile_photo_url: freelancer?.profilePhotoUrl ?? null,
      on_the_way_time: isoInstant(assignment?.onTheWayAt),
      freelancer_checkin_request_time: isoInstant(assignment?.checkinRequestedAt),
      check_in_time: isoInstant(assignment?.checkInAt),
      freelancer_checkout_request_time: isoInstant(assignment?.checkoutRequestedAt),
      check_out_time: isoInstant(assignment?.checkOutAt),
      created_by_admin: job.createdByAdmin,
    };
  });
}

/** Every job of one restaurant (its agenda), oldest date first. */
export function listRestaurantJobs(em: EntityManager, restaurantId: number): Promise<JobRow[]> {
  return findJobRows(em, { restaurant: restaurantId });
}

/** Every job of every restaurant (the admin command centre), oldest date first. */
export function listJobsForAdmin(em: EntityManager): Promise<JobRow[]> {
  return findJobRows(em, {});
}

/**
 * Open vacancies a freelancer may apply to: status open, dated today or later in Sao Paulo,
 * at approved and active restaurants that have not blocked this freelancer. No addresses.
 */
export async function listOpenJobsForFreelancer(
  em: EntityManager,
  freelancerId: number,
  now: Date,
): Promise<OpenJob[]> {
  const blocks = await em.find(Block, { freelancer: freelancerId }, { fields: ['restaurant'] });
  const blockedRestaurants = blocks.map((block) => block.restaurant.id);
  const jobs = await em.find(
    Job,
    {
      status: 'open',
      dateNeeded: { $gte: saoPauloDate(now) },
      restaurant: { isApproved: true, isActive: true, id: { $nin: blockedRestaurants } },
    },
    { populate: ['restaurant'], orderBy: JOB_ORDER },
  );
  return jobs.map((job) => ({
    id: job.id,
    restaurant_name: job.restaurant.$.businessName,
    title: job.title,
    position_type: job.positionType,
    description: job.description ?? null,
    date_needed: job.dateNeeded,
    start_time: job.startTime,
    end_time: job.endTime,
    hourly_rate: toReais(job.chargeCents),
    freelancer_payment_amount: toReais(freelancerPayoutCents(job.chargeCents)),
    meal_time: job.mealTime ?? null,
    recommended_attire: job.recommendedAttire ?? null,
  }));
}
