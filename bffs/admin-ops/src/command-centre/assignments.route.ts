import { route } from '@turno/bff-kit';
import {
  AdminAssignRequestSchema,
  AdminAssignResponseSchema,
  AdminIdParamsSchema,
  ApproveCheckOutRequestSchema,
  CheckOutCompletionSchema,
  ManualCheckOutRequestSchema,
  ManualShiftRequestSchema,
  ShiftStateSchema,
} from '@turno/contracts';
import {
  approveCheckIn,
  approveCheckOut,
  assignFreelancer,
  manualCheckIn,
  manualCheckOut,
  unassignFreelancer,
  type CompletionResult,
  type ShiftState,
} from '@turno/core';
import { correctionReason } from '@turno/domain';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A shift's state with its instants as ISO text (the wire's timestamps). */
function shiftStateAnswer(state: ShiftState) {
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

function completionAnswer(result: CompletionResult) {
  return {
    jobCompleted: true as const,
    assignmentId: result.assignmentId,
    jobId: result.jobId,
    jobTitle: result.jobTitle,
    freelancerName: result.freelancerName,
    freelancerPaymentAmount: result.freelancerPaymentAmount,
    restaurantPaymentAmount: result.restaurantPaymentAmount,
    commissionAmount: result.commissionAmount,
    completedAt: result.completedAt.toISOString(),
    payBasis: result.payBasis,
    paidMinutes: result.paidMinutes,
    workedMinutes: result.workedMinutes,
    scheduledMinutes: result.scheduledMinutes,
    earlyDeparture: result.earlyDeparture,
    checkOutAt: result.checkOutAt.toISOString(),
  };
}

/** POST /api/admin/assignments — the assign modal: an approved, available freelancer on an open job. */
export const assignFreelancerRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/assignments',
  body: AdminAssignRequestSchema,
  response: AdminAssignResponseSchema,
  status: 201,
  handler: ({ em, actor, body }) => assignFreelancer(em, actor, body),
});

/** DELETE /api/admin/assignments/{id} — desalocar: the job opens again. */
export const unassignFreelancerRoute = route({
  method: 'delete',
  access: 'admin',
  path: '/api/admin/assignments/:id',
  params: AdminIdParamsSchema,
  response: ShiftStateSchema,
  handler: async ({ em, actor, params }) => shiftStateAnswer(await unassignFreelancer(em, actor, params.id)),
});

/**
 * POST /api/admin/assignments/{id}/checkin — manual check-in (assigned, not yet checked in), from 1 h
 * before the start; earlier only with a `reason` (409 without one), which the audit trail keeps.
 */
export const manualCheckInRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/assignments/:id/checkin',
  params: AdminIdParamsSchema,
  body: ManualShiftRequestSchema,
  response: ShiftStateSchema,
  handler: async ({ em, actor, params, body }) => ({
    ...shiftStateAnswer(await manualCheckIn(em, actor, params.id, new Date(), { reason: body?.reason })),
    // For the audit trail only (audit-snapshots.ts); the response schema leaves it out of the answer.
    correctionReason: correctionReason(body?.reason),
  }),
});

/** POST /api/admin/assignments/{id}/approve-checkin — "Aprovar Check-in" of a freelancer's request. */
export const approveCheckInRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/assignments/:id/approve-checkin',
  params: AdminIdParamsSchema,
  response: ShiftStateSchema,
  handler: async ({ em, actor, params }) => shiftStateAnswer(await approveCheckIn(em, actor, params.id)),
});

/**
 * POST /api/admin/assignments/{id}/checkout — manual check-out (checked in, not out): completes the
 * shift at now, paid by worked time unless `pay: 'full'`, and answers freelancerPaymentAmount and
 * restaurantPaymentAmount (spec 02 §7). Never before the
 * check-in; before the shift's start only with a `reason` (409 without one), kept in the audit trail.
 */
export const manualCheckOutRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/assignments/:id/checkout',
  params: AdminIdParamsSchema,
  body: ManualCheckOutRequestSchema,
  response: CheckOutCompletionSchema,
  handler: async ({ em, actor, params, body }) => ({
    ...completionAnswer(
      await manualCheckOut(em, actor, params.id, new Date(), { reason: body?.reason, payBasis: body?.pay }),
    ),
    // For the audit trail only (audit-snapshots.ts); the response schema leaves it out of the answer.
    correctionReason: correctionReason(body?.reason),
  }),
});

/**
 * POST /api/admin/assignments/{id}/approve-checkout — "Aprovar Check-out" of a freelancer's request,
 * recorded at the requested time; optional body `{ pay: 'worked' | 'full' }` (empty = 'worked').
 */
export const approveCheckOutRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/assignments/:id/approve-checkout',
  params: AdminIdParamsSchema,
  body: ApproveCheckOutRequestSchema,
  response: CheckOutCompletionSchema,
  handler: async ({ em, actor, params, body }) =>
    completionAnswer(await approveCheckOut(em, actor, params.id, new Date(), { payBasis: body?.pay })),
});
