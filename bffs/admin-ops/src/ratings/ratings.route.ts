import { callerDataVersion, route } from '@turno/bff-kit';
import { AdminRatingsPageSchema, AdminRatingsQuerySchema } from '@turno/contracts';
import { listAdminRatingsPage } from './ratings.queries';

/** GET /api/admin/ratings — one page of "Avaliações" (spec 02 §2), filtered on the server, with its cards. */
export const listRatingsRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/ratings',
  query: AdminRatingsQuerySchema,
  response: AdminRatingsPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, query, dataVersion }) => listAdminRatingsPage(em, query, { dataVersion }),
});
