import { callerDataVersion, route } from '@turno/bff-kit';
import { AdminJobsPageSchema, AdminJobsQuerySchema } from '@turno/contracts';
import { listAdminJobsPage } from '@turno/core';

/**
 * GET /api/admin/jobs — one page of every job of the platform for the command centre (spec 02 §2,
 * refreshed every 30 s): date filter, status, search, optionally one restaurant.
 */
export const listAdminJobs = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/jobs',
  query: AdminJobsQuerySchema,
  response: AdminJobsPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, query, dataVersion }) => listAdminJobsPage(em, query, { now: new Date(), dataVersion }),
});
