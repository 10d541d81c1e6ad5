import { route } from '@turno/bff-kit';
import {
  RestaurantCancelAssignmentRequestSchema,
  RestaurantPathIdSchema,
  ShiftReleaseResponseSchema,
  type ShiftReleaseResponse,
} from '@turno/contracts';
import { cancelByRestaurant, reportNoShow, type ReleaseResult } from '@turno/core';
import { MESSAGES, formatMoney, toReais } from '@turno/domain';

/** A release on the wire: amounts in reais, the message the business reads. */
export function releaseOnTheWire(result: ReleaseResult, message: string): ShiftReleaseResponse {
  return {
    success: true,
    message,
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
}

function cancelledMessage(result: ReleaseResult): string {
  const base = result.reopened
    ? MESSAGES.shiftRelease.cancelledReopened
    : MESSAGES.shiftRelease.cancelledJobCancelled;
  return result.cancellationFeeCents > 0
    ? base + MESSAGES.shiftRelease.cancelledWithFee(formatMoney(toReais(result.cancellationFeeCents)))
    : base;
}

/**
 * POST /api/restaurant/assignments/:id/cancel `{ reopen, reason? }` — the business cancels the
 * freelancer of an allocated shift not yet checked in: the vacancy reopens (`reopen: true`, only
 * before the start) or is cancelled; less than 12 h before the start a late-cancellation fee (4 h
 * of the shift) goes on the invoice. A retry answers the same.
 */
export const cancelAssignmentRoute = route({
  method: 'post',
  path: '/api/restaurant/assignments/:id/cancel',
  access: 'restaurant',
  memberAction: 'manageVacancies',
  params: RestaurantPathIdSchema,
  body: RestaurantCancelAssignmentRequestSchema,
  response: ShiftReleaseResponseSchema,
  handler: async ({ em, actor, params, body }) => {
    const result = await cancelByRestaurant(em, actor, params.id, body);
    return releaseOnTheWire(result, cancelledMessage(result));
  },
});

/**
 * POST /api/restaurant/assignments/:id/no-show — the freelancer did not come (from start + 10 min,
 * no check-in): the shift is released, the freelancer gets a strike, the vacancy reopens when 2 h
 * or more of the shift are left. A retry answers the same.
 */
export const reportNoShowRoute = route({
  method: 'post',
  path: '/api/restaurant/assignments/:id/no-show',
  access: 'restaurant',
  memberAction: 'approveAttendance',
  params: RestaurantPathIdSchema,
  response: ShiftReleaseResponseSchema,
  handler: async ({ em, actor, params }) =>
    releaseOnTheWire(await reportNoShow(em, actor, params.id), MESSAGES.shiftRelease.noShowRecorded),
});
