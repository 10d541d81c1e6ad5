import { route } from '@turno/bff-kit';
import {
  ApproveCheckoutResponseSchema,
  RestaurantPathIdSchema,
  ShiftStateSchema,
  type ShiftState as ShiftStateWire,
} from '@turno/contracts';
import { approveCheckIn, approveCheckOut, type ShiftState } from '@turno/core';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function shiftStateOnTheWire(state: ShiftState): ShiftStateWire {
  return {
    assignmentId: state.assignmentId,
    jobId: state.jobId,
    status: state.status,
    onTheWayAt: iso(state.onTheWayAt),
    checkinRequestedAt: iso(state.checkinRequestedAt),
    checkInAt: iso(state.checkInAt),
    checkoutRequestedAt: iso(state.checkoutRequestedAt),
    checkOutAt: iso(state.checkOutAt),
  };
}

/** POST /api/restaurant/assignments/:id/approve-checkin — the requested check-in is approved: working. */
export const approveCheckInRoute = route({
  method: 'post',
  path: '/api/restaurant/assignments/:id/approve-checkin',
  access: 'restaurant',
  params: RestaurantPathIdSchema,
  response: ShiftStateSchema,
  handler: async ({ em, actor, params }) => shiftStateOnTheWire(await approveCheckIn(em, actor, params.id)),
});

/**
 * POST /api/restaurant/assignments/:id/approve-checkout — the requested check-out is approved: the
 * shift is completed and the payout released; answers jobCompleted, freelancerName, jobTitle,
 * assignmentId (spec 01 §7) and the amounts.
 */
export const approveCheckOutRoute = route({
  method: 'post',
  path: '/api/restaurant/assignments/:id/approve-checkout',
  access: 'restaurant',
  params: RestaurantPathIdSchema,
  response: ApproveCheckoutResponseSchema,
  handler: async ({ em, actor, params }) => {
    const result = await approveCheckOut(em, actor, params.id);
    return { ...result, completedAt: result.completedAt.toISOString() };
  },
});
