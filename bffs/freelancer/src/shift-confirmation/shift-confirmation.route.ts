import { route } from '@turno/bff-kit';
import { ConfirmShiftResponseSchema, FreelancerAreaIdParamsSchema } from '@turno/contracts';
import { confirmShift } from '@turno/core';
import { SHIFT_CONFIRMATION_MESSAGES } from '@turno/domain';

/**
 * POST /api/freelancers/confirm-shift/:id (`id`: the shift's assignment, as GET /api/freelancers/jobs
 * gives it) — "Confirmar presença" (issue 26), one tap from the confirmation request's link or the
 * Trabalhos card. Only the freelancer holding the shift (another's: 404); refused (409) once it was
 * cancelled or has started; a retry answers the first confirmation's time.
 */
export const confirmShiftRoute = route({
  method: 'post',
  path: '/api/freelancers/confirm-shift/:id',
  access: 'freelancer',
  params: FreelancerAreaIdParamsSchema,
  response: ConfirmShiftResponseSchema,
  handler: async ({ em, actor, params }) => {
    const result = await confirmShift(em, actor, params.id);
    return {
      success: true as const,
      message: SHIFT_CONFIRMATION_MESSAGES.confirmedMessage,
      id: result.assignmentId,
      job_id: result.jobId,
      confirmed_time: result.confirmedAt.toISOString(),
    };
  },
});
