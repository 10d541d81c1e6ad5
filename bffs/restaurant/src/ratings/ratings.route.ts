import { route } from '@turno/bff-kit';
import { RestaurantRatingRequestSchema, RestaurantRatingResponseSchema } from '@turno/contracts';
import { rateAssignment } from '@turno/core';
import { MESSAGES } from '@turno/domain';

/**
 * POST /api/ratings — the business rates the freelancer of a completed shift (spec 01 §7): 1–5 stars,
 * comment ≤ 500, within 30 days of completion, once; another business's assignment answers 404.
 */
export const rateFreelancer = route({
  method: 'post',
  path: '/api/ratings',
  access: 'restaurant',
  memberAction: 'rateFreelancers',
  body: RestaurantRatingRequestSchema,
  response: RestaurantRatingResponseSchema,
  status: 201,
  handler: async ({ em, actor, body }) => {
    const rated = await rateAssignment(em, actor, body);
    return {
      success: true as const,
      message: MESSAGES.ratings.submitted,
      id: rated.ratingId,
      assignmentId: rated.assignmentId,
      rating: rated.rating,
    };
  },
});
