import { callerDataVersion, route } from '@turno/bff-kit';
import {
  AdminIdParamsSchema,
  DecideTimesheetRequestSchema,
  DisputedTimesheetListSchema,
  TimesheetStateSchema,
  proposalOnTheWire,
  timesheetStateOnTheWire,
} from '@turno/contracts';
import { DISPUTED_TIMESHEETS_LIMIT_MAX, decideTimesheet, disputedTimesheets } from '@turno/core';
import { z } from 'zod';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const DisputedTimesheetsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(DISPUTED_TIMESHEETS_LIMIT_MAX).optional(),
});

/** GET /api/admin/timesheets/disputed — the timesheet disputes waiting for a decision, oldest first. */
export const disputedTimesheetsRoute = route({
  method: 'get',
  path: '/api/admin/timesheets/disputed',
  access: 'admin',
  query: DisputedTimesheetsQuerySchema,
  response: DisputedTimesheetListSchema,
  dataVersion: callerDataVersion,
  handler: async ({ em, query }) =>
    (await disputedTimesheets(em, query.limit)).map((row) => ({
      ...proposalOnTheWire(row),
      jobId: row.jobId,
      jobTitle: row.jobTitle,
      dateNeeded: row.dateNeeded,
      startTime: row.startTime,
      endTime: row.endTime,
      restaurantName: row.restaurantName,
      freelancerName: row.freelancerName,
      recordedCheckInAt: iso(row.recordedCheckInAt),
      recordedCheckOutAt: iso(row.recordedCheckOutAt),
      restaurantPaymentAmount: row.restaurantPaymentAmount,
      freelancerPaymentAmount: row.freelancerPaymentAmount,
    })),
});

/**
 * POST /api/admin/timesheets/:id/decide — full pay, partial pay by the proposed times, or no pay;
 * a shift already invoiced gets a credit or debit on the business's next invoice.
 */
export const decideTimesheetRoute = route({
  method: 'post',
  path: '/api/admin/timesheets/:id/decide',
  access: 'admin',
  params: AdminIdParamsSchema,
  body: DecideTimesheetRequestSchema,
  response: TimesheetStateSchema,
  handler: async ({ em, actor, params, body }) =>
    timesheetStateOnTheWire(await decideTimesheet(em, actor, params.id, body)),
});
