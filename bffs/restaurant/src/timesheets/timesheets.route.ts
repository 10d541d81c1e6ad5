import { callerDataVersion, route } from '@turno/bff-kit';
import {
  AnswerTimesheetRequestSchema,
  RestaurantPathIdSchema,
  ProposeTimesheetRequestSchema,
  TimesheetIdParamsSchema,
  TimesheetProposalListSchema,
  TimesheetStateSchema,
  timesheetStateOnTheWire,
} from '@turno/contracts';
import { answerTimesheet, businessScopeOf, proposeTimesheet } from '@turno/core';
import { listShiftTimesheets } from './timesheets.queries';

/** GET /api/restaurant/assignments/:id/timesheets — the corrections of one of the business's shifts, newest first. */
export const listTimesheetsRoute = route({
  method: 'get',
  path: '/api/restaurant/assignments/:id/timesheets',
  access: 'restaurant',
  memberAction: 'approveAttendance',
  params: RestaurantPathIdSchema,
  response: TimesheetProposalListSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor, params }) => listShiftTimesheets(em, businessScopeOf(actor), params.id),
});

/** POST /api/restaurant/assignments/:id/timesheet — propose corrected times (48 h after the check-out). */
export const proposeTimesheetRoute = route({
  method: 'post',
  path: '/api/restaurant/assignments/:id/timesheet',
  access: 'restaurant',
  memberAction: 'approveAttendance',
  params: RestaurantPathIdSchema,
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

/** POST /api/restaurant/timesheets/:id/answer — accept or dispute the freelancer's correction. */
export const answerTimesheetRoute = route({
  method: 'post',
  path: '/api/restaurant/timesheets/:id/answer',
  access: 'restaurant',
  memberAction: 'approveAttendance',
  params: TimesheetIdParamsSchema,
  body: AnswerTimesheetRequestSchema,
  response: TimesheetStateSchema,
  handler: async ({ em, actor, params, body }) =>
    timesheetStateOnTheWire(await answerTimesheet(em, actor, params.id, body)),
});
