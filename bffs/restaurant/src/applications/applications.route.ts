import { callerDataVersion, route } from '@turno/bff-kit';
import {
  AcceptApplicationResponseSchema,
  ApplicationCountListSchema,
  RejectApplicationResponseSchema,
  RestaurantApplicationListSchema,
  RestaurantApplicationsQuerySchema,
  RestaurantPathIdSchema,
} from '@turno/contracts';
import { acceptApplication, businessScopeOf, rejectApplication } from '@turno/core';
import { countRestaurantApplications, listRestaurantJobApplications } from './applications.queries';

/**
 * GET /api/restaurant/jobs/applications-count — pending applications per open vacancy (the agenda's
 * badge); `304` while nothing of this business changed.
 */
export const applicationsCount = route({
  method: 'get',
  path: '/api/restaurant/jobs/applications-count',
  access: 'restaurant',
  memberAction: 'handleApplications',
  response: ApplicationCountListSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor }) => countRestaurantApplications(em, businessScopeOf(actor)),
});

/**
 * GET /api/restaurant/jobs/:id/applications — the applicants of one vacancy of the business, each
 * with the reliability score; `sort=reliability` puts the best score first (issue 23).
 */
export const jobApplications = route({
  method: 'get',
  path: '/api/restaurant/jobs/:id/applications',
  access: 'restaurant',
  memberAction: 'handleApplications',
  params: RestaurantPathIdSchema,
  query: RestaurantApplicationsQuerySchema,
  response: RestaurantApplicationListSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor, params, query }) =>
    listRestaurantJobApplications(em, businessScopeOf(actor), params.id, new Date(), query.sort),
});

/**
 * POST /api/restaurant/applications/:id/accept — allocates the freelancer and rejects the other
 * pending applications at once (409 "CONFLITO DE HORÁRIO: …" on a time clash).
 */
export const acceptApplicationRoute = route({
  method: 'post',
  path: '/api/restaurant/applications/:id/accept',
  access: 'restaurant',
  memberAction: 'handleApplications',
  params: RestaurantPathIdSchema,
  response: AcceptApplicationResponseSchema,
  handler: ({ em, actor, params }) => acceptApplication(em, actor, params.id),
});

/** POST /api/restaurant/applications/:id/reject — rejects one pending application. */
export const rejectApplicationRoute = route({
  method: 'post',
  path: '/api/restaurant/applications/:id/reject',
  access: 'restaurant',
  memberAction: 'handleApplications',
  params: RestaurantPathIdSchema,
  response: RejectApplicationResponseSchema,
  handler: ({ em, actor, params }) => rejectApplication(em, actor, params.id),
});
