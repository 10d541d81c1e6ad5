import { callerDataVersion, route } from '@turno/bff-kit';
import {
  BlockFreelancerRequestSchema,
  BlockFreelancerResponseSchema,
  BlockedFreelancerListSchema,
  PickableFreelancerListSchema,
  PickableFreelancersQuerySchema,
  UnblockFreelancerRequestSchema,
  UnblockFreelancerResponseSchema,
} from '@turno/contracts';
import { blockFreelancerAtOwnRestaurant, unblockFreelancer } from '@turno/core';
import { listPickableFreelancers, listRestaurantBlocks } from './blocks.queries';

/** GET /api/restaurant/blocked-freelancers — the business's blocks, newest first (at most 200). */
export const listBlockedFreelancers = route({
  method: 'get',
  path: '/api/restaurant/blocked-freelancers',
  access: 'restaurant',
  memberAction: 'handleApplications',
  response: BlockedFreelancerListSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor }) => listRestaurantBlocks(em, actor.restaurantId),
});

/**
 * GET /api/freelancers — the freelancers the business may block: approved, not blocked there yet,
 * who applied to or worked at one of its vacancies (never the platform's whole list); `q` by name.
 */
export const listPickable = route({
  method: 'get',
  path: '/api/freelancers',
  access: 'restaurant',
  memberAction: 'handleApplications',
  query: PickableFreelancersQuerySchema,
  response: PickableFreelancerListSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor, query }) => listPickableFreelancers(em, actor.restaurantId, query.q),
});

/**
 * POST /api/restaurant/block-freelancer — blocks one of those freelancers at the business (reason
 * optional); their pending applications to it are rejected. Anyone else answers 404.
 */
export const blockFreelancerRoute = route({
  method: 'post',
  path: '/api/restaurant/block-freelancer',
  access: 'restaurant',
  memberAction: 'handleApplications',
  body: BlockFreelancerRequestSchema,
  response: BlockFreelancerResponseSchema,
  status: 201,
  handler: async ({ em, actor, body }) => {
    const result = await blockFreelancerAtOwnRestaurant(em, actor, {
      freelancerId: body.freelancerId,
      reason: body.blockReason,
    });
    return {
      blockId: result.blockId,
      freelancerId: result.freelancerId,
      rejectedApplications: result.rejectedApplications,
    };
  },
});

/**
 * POST /api/restaurant/unblock-freelancer — removes the business's block of a freelancer (404 when
 * there is none; 403 for a block the administration made).
 */
export const unblockFreelancerRoute = route({
  method: 'post',
  path: '/api/restaurant/unblock-freelancer',
  access: 'restaurant',
  memberAction: 'handleApplications',
  body: UnblockFreelancerRequestSchema,
  response: UnblockFreelancerResponseSchema,
  handler: ({ em, actor, body }) => unblockFreelancer(em, actor, { freelancerId: body.freelancerId }),
});
