/**
 * Ratings of a completed assignment: the business rates the freelancer, the freelancer rates the
 * business; 1–5 stars, comment up to 500 characters, within 30 days of completion, once per side.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES, isValidRating, isValidRatingComment, ratingAllowed, type RaterType } from '@turno/domain';
import { Assignment, Rating } from '../model';
import { actsForFreelancer, actsForJob, optionalText, requireRole } from '../shared/access';
import type { Actor } from '../shared/actor';
import { conflict, invalid, notFound } from '../shared/domain-error';
import { refreshStatsOfFreelancer } from '../rows/freelancer-stats';
import { inTransaction } from '../shared/transaction';
import { recordEvent } from '../events/record-event';

export interface RateInput {
  assignmentId: number;
  rating: number;
  comment?: string | null;
}

export interface RateResult {
  ratingId: number;
  assignmentId: number;
  raterType: RaterType;
  rating: number;
}

const alreadyRated = () => conflict('already_rated', MESSAGES.ratings.alreadyRated);

/**
 * Rates the other party of a completed assignment the actor took part in (another party's
 * assignment answers 404). A restaurant's rating updates the freelancer's stored average.
 * Rating twice is refused (PostgreSQL keeps one rating per side even under concurrent submits).
 */
export async function rateAssignment(
  em: EntityManager,
  actor: Actor,
  input: RateInput,
  now: Date = new Date(),
): Promise<RateResult> {
  requireRole(actor, ['restaurant', 'freelancer']);
  if (!isValidRating(input.rating)) throw invalid('invalid_rating', MESSAGES.ratings.starsRequired);
  const comment = optionalText(input.comment);
  if (!isValidRatingComment(comment)) throw invalid('comment_too_long', MESSAGES.ratings.commentTooLong);
  const raterType: RaterType = actor.role;

  return inTransaction(
    em,
    async (tx) => {
      const assignment = await tx.findOne(Assignment, { id: input.assignmentId }, { populate: ['job'] });
      const mine =
        assignment &&
        (actor.role === 'freelancer'
          ? actsForFreelancer(actor, assignment.freelancer.id)
          : actsForJob(actor, assignment.job.$));
      if (!assignment || !mine) throw notFound('assignment_not_found', MESSAGES.assignments.notFound);
      if (assignment.status !== 'completed') throw conflict('not_completed', MESSAGES.ratings.notCompleted);
      if (!ratingAllowed(assignment.completedAt, now))
        throw conflict('window_closed', MESSAGES.ratings.windowClosed);
      if ((await tx.count(Rating, { assignment: assignment.id, raterType })) > 0) throw alreadyRated();

      const rating = tx.create(Rating, { assignment, raterType, rating: input.rating, comment });
      await tx.flush();
      if (raterType === 'restaurant') await refreshStatsOfFreelancer(tx, assignment.freelancer.id);
      await recordEvent(tx, {
        type: 'rating_created',
        restaurantId: assignment.job.$.restaurant.id,
        freelancerId: assignment.freelancer.id,
        payload: { assignmentId: assignment.id, ratingId: rating.id },
      });
      return { ratingId: rating.id, assignmentId: assignment.id, raterType, rating: input.rating };
    },
    { ratings_assignment_rater_unique: alreadyRated },
  );
}
