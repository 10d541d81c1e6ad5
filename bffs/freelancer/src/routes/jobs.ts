import { z } from 'zod';
import { route } from '@turno/bff-kit';
import { OpenJobListSchema } from '@turno/contracts';
import { listOpenJobsForFreelancer } from '@turno/core';

/**
 * GET /api/jobs — open vacancies the signed-in freelancer may apply to (spec 01 §7), hiding the
 * restaurants that blocked them.
 */
export const listOpenJobs = route({
  method: 'get',
  path: '/api/jobs',
  access: 'freelancer',
  query: z.object({}).passthrough(),
  response: OpenJobListSchema,
  handler: ({ em, actor }) => listOpenJobsForFreelancer(em, actor.freelancerId, new Date()),
});
