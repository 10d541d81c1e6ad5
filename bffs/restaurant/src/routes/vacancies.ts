import { route } from '@turno/bff-kit';
import {
  CreateJobsResponseSchema,
  DeleteJobResponseSchema,
  RestaurantCreateJobsRequestSchema,
  RestaurantPathIdSchema,
} from '@turno/contracts';
import { createJobs, deleteJob } from '@turno/core';

/**
 * POST /api/jobs — the business's vacancy form (spec 01 §5): quantity × dates vacancies through the
 * jobs domain service, which checks approval (403 "Seu cadastro ainda não foi aprovado…"), position,
 * 6 h / 8h20 / 10 h, start, dates (today + 6 days), quantity 1–5 and meal break, and computes end
 * time and price itself. Answers `jobsCreated`.
 */
export const createVacancies = route({
  method: 'post',
  path: '/api/jobs',
  access: 'restaurant',
  rateLimit: 'createVacancies',
  body: RestaurantCreateJobsRequestSchema,
  response: CreateJobsResponseSchema,
  status: 201,
  handler: ({ em, actor, body }) => createJobs(em, actor, body),
});

/**
 * DELETE /api/jobs/:id — an open vacancy of the business, with its applications (409 for an
 * allocated or completed one, 404 for another business's or an already deleted one).
 */
export const deleteVacancy = route({
  method: 'delete',
  path: '/api/jobs/:id',
  access: 'restaurant',
  params: RestaurantPathIdSchema,
  response: DeleteJobResponseSchema,
  handler: ({ em, actor, params }) => deleteJob(em, actor, params.id),
});
