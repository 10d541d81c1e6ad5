import { callerDataVersion, route } from '@turno/bff-kit';
import {
  FreelancerShiftsPageSchema,
  FreelancerShiftsQuerySchema,
  FreelancerAreaIdParamsSchema,
  ShiftActionResponseSchema,
  type ShiftActionResponse,
} from '@turno/contracts';
import { markOnTheWay, requestCheckIn, requestCheckOut, type ShiftState } from '@turno/core';
import { listFreelancerShiftsPage } from './shifts.queries';
import { MESSAGES } from '@turno/domain';

/**
 * GET /api/freelancers/jobs — the freelancer's shifts ("Trabalhos"): `scope=active` (default) the
 * held ones not yet completed, soonest first; `scope=completed` the done ones, newest first. A call
 * of its own rather than a mode of GET /api/jobs, which lists open vacancies only.
 */
export const listShifts = route({
  method: 'get',
  path: '/api/freelancers/jobs',
  access: 'freelancer',
  query: FreelancerShiftsQuerySchema,
  response: FreelancerShiftsPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor, query, dataVersion }) =>
    listFreelancerShiftsPage(em, actor.freelancerId, query, { now: new Date(), dataVersion }),
});

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function answer(state: ShiftState, message: string): ShiftActionResponse {
  return {
    success: true,
    message,
    id: state.assignmentId,
    job_id: state.jobId,
    assignment_status: state.status,
    on_the_way_time: iso(state.onTheWayAt),
    freelancer_checkin_request_time: iso(state.checkinRequestedAt),
    check_in_time: iso(state.checkInAt),
    freelancer_checkout_request_time: iso(state.checkoutRequestedAt),
    check_out_time: iso(state.checkOutAt),
  };
}

/**
 * POST /api/freelancers/on-the-way/:id (`id`: the shift's assignment, as GET /api/freelancers/jobs
 * gives it) — "Estou a caminho", from 3 h before to 1 h after the start (409 outside, in pt-BR).
 */
export const signalOnTheWay = route({
  method: 'post',
  path: '/api/freelancers/on-the-way/:id',
  access: 'freelancer',
  params: FreelancerAreaIdParamsSchema,
  response: ShiftActionResponseSchema,
  handler: async ({ em, actor, params }) =>
    answer(await markOnTheWay(em, actor, params.id), MESSAGES.shifts.onTheWaySent),
});

/** POST /api/freelancers/checkin/:id — asks the business for check-in, from 1 h before the start on. */
export const askCheckIn = route({
  method: 'post',
  path: '/api/freelancers/checkin/:id',
  access: 'freelancer',
  params: FreelancerAreaIdParamsSchema,
  response: ShiftActionResponseSchema,
  handler: async ({ em, actor, params }) =>
    answer(await requestCheckIn(em, actor, params.id), MESSAGES.shifts.checkInRequested),
});

/** POST /api/freelancers/checkout/:id — asks for check-out once checked in; may be resent (spec 01 §4). */
export const askCheckOut = route({
  method: 'post',
  path: '/api/freelancers/checkout/:id',
  access: 'freelancer',
  params: FreelancerAreaIdParamsSchema,
  response: ShiftActionResponseSchema,
  handler: async ({ em, actor, params }) =>
    answer(await requestCheckOut(em, actor, params.id), MESSAGES.shifts.checkOutRequested),
});
