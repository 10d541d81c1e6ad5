import { TimesheetStateSchema, type DecideTimesheetRequest } from '@turno/contracts';
import { ADMIN_OPS_BFF } from '../shared/bff';
import { sendBff } from '@turno/ui';

/** The admin's decision of a disputed timesheet (issue 23). */
export const decideTimesheet = (proposalId: number, body: DecideTimesheetRequest, fetchImpl?: typeof fetch) =>
  sendBff(`${ADMIN_OPS_BFF}/timesheets/${proposalId}/decide`, {
    method: 'POST',
    body,
    schema: TimesheetStateSchema,
    fetchImpl,
  });
