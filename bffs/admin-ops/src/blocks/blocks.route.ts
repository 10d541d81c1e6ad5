import { callerDataVersion, route } from '@turno/bff-kit';
import {
  AdminBlockRequestSchema,
  AdminBlockResponseSchema,
  AdminBlocksPageSchema,
  AdminBlocksQuerySchema,
  AdminUnblockRequestSchema,
  AdminUnblockResponseSchema,
} from '@turno/contracts';
import { blockFreelancer, unblockFreelancer } from '@turno/core';
import { listAdminBlocksPage } from './blocks.queries';

/** GET /api/admin/blocks — "Bloqueios Ativos (n)": every block, by the admin or a business. */
export const listBlocksRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/blocks',
  query: AdminBlocksQuerySchema,
  response: AdminBlocksPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, query }) => listAdminBlocksPage(em, query),
});

/**
 * POST /api/admin/block-freelancer — any freelancer at any business (spec 02 §5); the freelancer's
 * pending applications there are rejected in the same transaction.
 */
export const blockFreelancerRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/block-freelancer',
  body: AdminBlockRequestSchema,
  response: AdminBlockResponseSchema,
  status: 201,
  handler: ({ em, actor, body }) =>
    blockFreelancer(em, actor, {
      freelancerId: body.freelancerId,
      restaurantId: body.restaurantId,
      reason: body.blockReason,
    }),
});

/** POST /api/admin/unblock-freelancer — "Remover": any block, the admin's or a business's. */
export const unblockFreelancerRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/unblock-freelancer',
  body: AdminUnblockRequestSchema,
  response: AdminUnblockResponseSchema,
  handler: ({ em, actor, body }) => unblockFreelancer(em, actor, body),
});
