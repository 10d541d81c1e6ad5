import { callerDataVersion, route } from '@turno/bff-kit';
import {
  ApplicationCountsQuerySchema,
  ApplicationCountsSchema,
  PendingActionsPageSchema,
  PendingActionsQuerySchema,
} from '@turno/contracts';
import { listPendingActionsPage, pendingApplicationCounts } from './command-centre.queries';

/** GET /api/admin/pending-actions — the command centre's urgent area: check-in/out requests waiting. */
export const listPendingActionsRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/pending-actions',
  query: PendingActionsQuerySchema,
  response: PendingActionsPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, query }) => listPendingActionsPage(em, query),
});

/** GET /api/admin/jobs/application-counts?ids=… — the badges of the jobs shown (pending applications). */
export const applicationCountsRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/jobs/application-counts',
  query: ApplicationCountsQuerySchema,
  response: ApplicationCountsSchema,
  dataVersion: callerDataVersion,
  handler: async ({ em, query }) => ({ counts: await pendingApplicationCounts(em, query.ids) }),
});
