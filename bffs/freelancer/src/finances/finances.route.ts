import { callerDataVersion, route } from '@turno/bff-kit';
import {
  FreelancerRatingRequestSchema,
  FreelancerRatingResponseSchema,
  PaymentHistoryPageSchema,
  PaymentHistoryQuerySchema,
} from '@turno/contracts';
import { rateAssignment } from '@turno/core';
import { listPaymentHistoryPage } from './finances.queries';
import { MESSAGES } from '@turno/domain';

/**
 * GET /api/freelancers/payment-history — the freelancer's payments of the last 30 days, newest
 * first, with this week's and this month's totals (spec 01 §7 "Finanças"); `304` while unchanged.
 */
export const listPaymentHistory = route({
  method: 'get',
  path: '/api/freelancers/payment-history',
  access: 'freelancer',
  query: PaymentHistoryQuerySchema,
  response: PaymentHistoryPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor, query, dataVersion }) =>
    listPaymentHistoryPage(em, actor.freelancerId, query, { now: new Date(), dataVersion }),
});

/**
 * POST /api/ratings — the freelancer rates the business of a completed shift ("Avaliar
 * Restaurante"): 1–5 stars, comment ≤ 500, within 30 days of completion, once (spec 01 §5).
 */
export const rateBusiness = route({
  method: 'post',
  path: '/api/ratings',
  access: 'freelancer',
  body: FreelancerRatingRequestSchema,
  response: FreelancerRatingResponseSchema,
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
