import { route } from '@turno/bff-kit';
import {
  FreelancerAreaIdParamsSchema,
  FreelancerCancelShiftRequestSchema,
  ShiftReleaseResponseSchema,
} from '@turno/contracts';
import { cancelByFreelancer } from '@turno/core';
import { MESSAGES, toReais } from '@turno/domain';

/**
 * POST /api/freelancers/cancel-shift/:id `{ reason? }` (`id`: the shift's assignment, as GET
 * /api/freelancers/jobs gives it) — the freelancer cancels an accepted shift before check-in. Less
 * than 12 h before the start it is a strike, said in the answer (`strikeGiven`) and its message.
 * A retry answers the same.
 */
export const cancelShiftRoute = route({
  method: 'post',
  path: '/api/freelancers/cancel-shift/:id',
  access: 'freelancer',
  params: FreelancerAreaIdParamsSchema,
  body: FreelancerCancelShiftRequestSchema,
  response: ShiftReleaseResponseSchema,
  handler: async ({ em, actor, params, body }) => {
    const result = await cancelByFreelancer(em, actor, params.id, { reason: body?.reason });
    return {
      success: true as const,
      message: result.strikeGiven
        ? MESSAGES.shiftRelease.shiftCancelledWithStrike
        : MESSAGES.shiftRelease.shiftCancelled,
      assignmentId: result.assignmentId,
      jobId: result.jobId,
      assignmentStatus: result.assignmentStatus,
      jobStatus: result.jobStatus,
      cancelledBy: result.cancelledBy,
      cancelledAt: result.cancelledAt.toISOString(),
      reopened: result.reopened,
      cancellationFee: toReais(result.cancellationFeeCents),
      cancellationPayout: toReais(result.cancellationPayoutCents),
      strikeGiven: result.strikeGiven,
    };
  },
});
