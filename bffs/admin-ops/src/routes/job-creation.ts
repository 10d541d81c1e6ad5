import { route } from '@turno/bff-kit';
import { CreateJobsRequestSchema, CreateJobsResponseSchema } from '@turno/contracts';
import { createJobs } from '@turno/core';

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
