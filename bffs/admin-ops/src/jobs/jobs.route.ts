import { callerDataVersion, route } from '@turno/bff-kit';
import {
  AdminJobsPageSchema,
  AdminJobsQuerySchema,
  CreateJobsRequestSchema,
  CreateJobsResponseSchema,
} from '@turno/contracts';
import { listAdminJobsPage, createJobs } from '@turno/core';

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

/**
 * POST /api/admin/jobs — vacancies for any restaurant, with every workload and up to 10 per date
 * (spec 02 §5 "Job creation (admin)"); answers `jobsCreated`.
 */
export const createAdminJobs = route({
  method: 'post',
  path: '/api/admin/jobs',
  access: 'admin',
  rateLimit: 'createVacancies',
  body: CreateJobsRequestSchema,
  response: CreateJobsResponseSchema,
  status: 201,
  handler: ({ em, actor, body }) => createJobs(em, actor, body),
});
