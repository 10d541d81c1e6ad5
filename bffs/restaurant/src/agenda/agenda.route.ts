import { callerDataVersion, route } from '@turno/bff-kit';
import {
  ApproveCheckOutRequestSchema,
  CheckOutCompletionSchema,
  PendingShiftRequestsSchema,
  RestaurantPathIdSchema,
  ShiftStateSchema,
  type ShiftState as ShiftStateWire,
} from '@turno/contracts';
import {
  approveCheckIn,
  approveCheckOut,
  businessScopeOf,
  type CompletionResult,
  type ShiftState,
} from '@turno/core';
import { countPendingShiftRequests } from './agenda.queries';

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
  memberAction: 'approveAttendance',
  params: RestaurantPathIdSchema,
  response: ShiftStateSchema,
  handler: async ({ em, actor, params }) => shiftStateOnTheWire(await approveCheckIn(em, actor, params.id)),
});

/** A completion on the wire: its instants as ISO text. */
export function completionOnTheWire(result: CompletionResult) {
  return {
    ...result,
    completedAt: result.completedAt.toISOString(),
    checkOutAt: result.checkOutAt.toISOString(),
  };
}

/**
 * POST /api/restaurant/assignments/:id/approve-checkout — the requested check-out is approved at the
 * requested time (or, with no request, confirmed at the scheduled end from end + 2 h on): the shift
 * is completed and the payout released. Optional body `{ pay: 'worked' | 'full' }` (empty = 'worked').
 * Answers jobCompleted, freelancerName, jobTitle, assignmentId (spec 01 §7), the amounts and how
 * the shift was paid (payBasis, paidMinutes, workedMinutes, scheduledMinutes, earlyDeparture).
 */
export const approveCheckOutRoute = route({
  method: 'post',
  path: '/api/restaurant/assignments/:id/approve-checkout',
  access: 'restaurant',
  memberAction: 'approveAttendance',
  params: RestaurantPathIdSchema,
  body: ApproveCheckOutRequestSchema,
  response: CheckOutCompletionSchema,
  handler: async ({ em, actor, params, body }) =>
    completionOnTheWire(await approveCheckOut(em, actor, params.id, new Date(), { payBasis: body?.pay })),
});

/** GET /api/restaurant/assignments/pending-requests — check-in/check-out requests awaiting the business. */
export const pendingShiftRequests = route({
  method: 'get',
  path: '/api/restaurant/assignments/pending-requests',
  access: 'restaurant',
  memberAction: 'approveAttendance',
  response: PendingShiftRequestsSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor }) => countPendingShiftRequests(em, businessScopeOf(actor)),
});
