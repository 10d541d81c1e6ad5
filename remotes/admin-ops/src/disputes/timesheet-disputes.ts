import { TimesheetStateSchema, type DecideTimesheetRequest } from '@turno/contracts';
import { ADMIN_OPS_BFF, sendWrite } from '../shared/bff-write';

/** The admin's decision of a disputed timesheet (issue 23). */
export const decideTimesheet = (proposalId: number, body: DecideTimesheetRequest, fetchImpl?: typeof fetch) =>
  sendWrite(`${ADMIN_OPS_BFF}/timesheets/${proposalId}/decide`, {
    method: 'POST',
    body,
    schema: TimesheetStateSchema,
    fetchImpl,
  });
