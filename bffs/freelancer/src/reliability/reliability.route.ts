import { callerDataVersion, route } from '@turno/bff-kit';
import {
  FreelancerStrikesSchema,
  StrikeAppealRequestSchema,
  StrikeAppealResponseSchema,
  StrikeIdParamsSchema,
} from '@turno/contracts';
import { appealStrike, listFreelancerStrikes, readTogether } from '@turno/core';
import { MESSAGES } from '@turno/domain';

/**
 * GET /api/freelancers/strikes — "Ocorrências" (issue 23): the freelancer's strikes with reason,
 * date, expiry and appeal state, how many count now, the suspension if any, and the reliability
 * score of the last 90 days.
 */
export const listStrikes = route({
  method: 'get',
  path: '/api/freelancers/strikes',
  access: 'freelancer',
  response: FreelancerStrikesSchema,
  dataVersion: callerDataVersion,
  // Its three reads (strikes, suspension, reliability) in one round trip.
  handler: ({ em, actor }) => readTogether(em, (reader) => listFreelancerStrikes(reader, actor.freelancerId)),
});

/**
 * POST /api/freelancers/strikes/:id/appeal — appeals one of the freelancer's strikes, once,
 * within 7 days, with a text of 5–1000 characters (400 otherwise; 409 when already appealed or
 * too late; another freelancer's strike 404). Resending the same text answers the same appeal.
 */
export const appealStrikeRoute = route({
  method: 'post',
  path: '/api/freelancers/strikes/:id/appeal',
  access: 'freelancer',
  params: StrikeIdParamsSchema,
  body: StrikeAppealRequestSchema,
  response: StrikeAppealResponseSchema,
  handler: async ({ em, actor, params, body }) => ({
    success: true as const,
    message: MESSAGES.reliability.appealSent,
    strike: await appealStrike(em, actor, params.id, { text: body.text }),
  }),
});
