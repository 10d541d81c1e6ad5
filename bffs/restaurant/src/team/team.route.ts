import { callerDataVersion, route } from '@turno/bff-kit';
import {
  ChangeMemberRequestSchema,
  InviteMemberRequestSchema,
  InviteMemberResponseSchema,
  RestaurantPathIdSchema,
  TeamChangeResponseSchema,
  TeamSchema,
} from '@turno/contracts';
import { changeMember, inviteMember, removeMember, revokeMemberInvitation } from '@turno/core';
import { BUSINESS_MEMBER_MESSAGES, TEAM_INVITATION_PATH } from '@turno/domain';
import { mailTeamInvitation } from './invitation-mail';
import { readTeam } from './team.queries';

/** GET /api/restaurant/team — the owner's "Equipe": members, their roles and stores, open invitations. */
export const teamRoute = route({
  method: 'get',
  path: '/api/restaurant/team',
  access: 'restaurant',
  memberAction: 'manageTeam',
  response: TeamSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor }) => readTeam(em, actor.restaurantId, actor.userId),
});

/**
 * POST /api/restaurant/team/invitations `{ email, role, storeIds }` — a one-time link valid 7 days
 * for that person, as store manager or supervisor of those stores (404 for a store not the
 * business's or deactivated; 409 for someone already in the team). A new invitation to the same
 * address replaces the open one. The link goes by e-mail through the workers (`emailed`: handed over)
 * and the answer carries its path, shown once to copy.
 */
export const inviteMemberRoute = route({
  method: 'post',
  path: '/api/restaurant/team/invitations',
  access: 'restaurant',
  memberAction: 'manageTeam',
  rateLimit: 'profileWrite',
  body: InviteMemberRequestSchema,
  response: InviteMemberResponseSchema,
  status: 201,
  handler: async ({ em, actor, body, redis }) => {
    const { invitation, token } = await inviteMember(em, actor, body);
    const emailed = await mailTeamInvitation(redis, invitation.id, token);
    return {
      emailed,
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      store_ids: invitation.storeIds,
      expires_at: invitation.expiresAt.toISOString(),
      path: `${TEAM_INVITATION_PATH}/${token}`,
    };
  },
});

/** DELETE /api/restaurant/team/invitations/:id — an open invitation stops working (404 once used or revoked). */
export const revokeInvitationRoute = route({
  method: 'delete',
  path: '/api/restaurant/team/invitations/:id',
  access: 'restaurant',
  memberAction: 'manageTeam',
  params: RestaurantPathIdSchema,
  response: TeamChangeResponseSchema,
  handler: async ({ em, actor, params }) => {
    await revokeMemberInvitation(em, actor, params.id);
    return { done: true as const, message: BUSINESS_MEMBER_MESSAGES.invitationRevoked };
  },
});

/** PUT /api/restaurant/team/members/:id `{ role, storeIds }` — another role or other stores, from the next request on. */
export const changeMemberRoute = route({
  method: 'put',
  path: '/api/restaurant/team/members/:id',
  access: 'restaurant',
  memberAction: 'manageTeam',
  params: RestaurantPathIdSchema,
  body: ChangeMemberRequestSchema,
  response: TeamChangeResponseSchema,
  handler: async ({ em, actor, params, body }) => {
    await changeMember(em, actor, params.id, body);
    return { done: true as const, message: BUSINESS_MEMBER_MESSAGES.memberChanged };
  },
});

/**
 * DELETE /api/restaurant/team/members/:id — a manager or supervisor leaves the team; every session
 * of theirs ends at once (409 for the owner, 404 for someone not in the team).
 */
export const removeMemberRoute = route({
  method: 'delete',
  path: '/api/restaurant/team/members/:id',
  access: 'restaurant',
  memberAction: 'manageTeam',
  params: RestaurantPathIdSchema,
  response: TeamChangeResponseSchema,
  handler: async ({ em, actor, params, sessions }) => {
    const userId = await removeMember(em, actor, params.id);
    await sessions.endAllOf({ kind: 'user', userId });
    return { done: true as const, message: BUSINESS_MEMBER_MESSAGES.memberRemovedByOwner };
  },
});
