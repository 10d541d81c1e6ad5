import { callerDataVersion, notFound, route } from '@turno/bff-kit';
import { AdminIdParamsSchema, AdminJobSchema } from '@turno/contracts';
import { readAdminJob } from '@turno/core';
import { MESSAGES } from '@turno/domain';

/** GET /api/admin/jobs/{id} — one job for the edit and applications pages ("Vaga não encontrada"). */
export const readAdminJobRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/jobs/:id',
  params: AdminIdParamsSchema,
  response: AdminJobSchema,
  dataVersion: callerDataVersion,
  handler: async ({ em, params }) => {
    const job = await readAdminJob(em, params.id);
    if (!job) throw notFound(MESSAGES.jobs.notFound);
    return job;
  },
});
