import { z } from 'zod';
import { route } from '@turno/bff-kit';
import { OpenJobListSchema } from '@turno/contracts';
import { findDemoFreelancerId, listOpenJobsForFreelancer } from '@turno/core';

/** GET /api/jobs — open vacancies a freelancer may apply to (spec 01 §7), hiding blocking restaurants. */
export const listOpenJobs = route({
  method: 'get',
  path: '/api/jobs',
  query: z.object({}).passthrough(),
  response: OpenJobListSchema,
  handler: async ({ em }) => {
    // Until sign-in lands (identity issue), the dashboard shows what the demo freelancer sees.
    const freelancerId = await findDemoFreelancerId(em);
    return freelancerId === null ? [] : listOpenJobsForFreelancer(em, freelancerId, new Date());
  },
});
