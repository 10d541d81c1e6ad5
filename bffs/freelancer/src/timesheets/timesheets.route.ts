import { callerDataVersion, route } from '@turno/bff-kit';
import {
  AnswerTimesheetRequestSchema,
  FreelancerAreaIdParamsSchema,
  ProposeTimesheetRequestSchema,
  TimesheetIdParamsSchema,
  TimesheetProposalListSchema,
  TimesheetStateSchema,
  timesheetStateOnTheWire,
} from '@turno/contracts';
import { answerTimesheet, proposeTimesheet } from '@turno/core';
import { listShiftTimesheets } from './timesheets.queries';

/** GET /api/freelancers/assignments/:id/timesheets — the corrections of one of my shifts, newest first. */
export const listTimesheetsRoute = route({
  method: 'get',
  path: '/api/freelancers/assignments/:id/timesheets',
  access: 'freelancer',
  params: FreelancerAreaIdParamsSchema,
  response: TimesheetProposalListSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor, params }) => listShiftTimesheets(em, actor.freelancerId, params.id),
});

/** POST /api/freelancers/assignments/:id/timesheet — propose corrected times (48 h after the check-out). */
export const proposeTimesheetRoute = route({
  method: 'post',
  path: '/api/freelancers/assignments/:id/timesheet',
  access: 'freelancer',
  params: FreelancerAreaIdParamsSchema,
  body: ProposeTimesheetRequestSchema,
  response: TimesheetStateSchema,
  status: 201,
  handler: async ({ em, actor, params, body }) =>
    timesheetStateOnTheWire(
      await proposeTimesheet(em, actor, params.id, {
        checkInAt: new Date(body.checkInAt),
        checkOutAt: new Date(body.checkOutAt),
        reason: body.reason,
      }),
    ),
});

/** POST /api/freelancers/timesheets/:id/answer — accept or dispute the business's correction. */
export const answerTimesheetRoute = route({
  method: 'post',
  path: '/api/freelancers/timesheets/:id/answer',
  access: 'freelancer',
  params: TimesheetIdParamsSchema,
  body: AnswerTimesheetRequestSchema,
  response: TimesheetStateSchema,
  handler: async ({ em, actor, params, body }) =>
    timesheetStateOnTheWire(await answerTimesheet(em, actor, params.id, body)),
});
