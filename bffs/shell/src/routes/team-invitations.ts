import { HttpError, route } from '@turno/bff-kit';
import {
  AcceptTeamInvitationRequestSchema,
  AcceptTeamInvitationResponseSchema,
  TeamInvitationPreviewSchema,
  TeamInvitationTokenParamsSchema,
} from '@turno/contracts';
import {
  acceptMemberInvitation,
  acceptTerms,
  assertCurrentTermsVersions,
  previewMemberInvitation,
} from '@turno/core';
import { BUSINESS_MEMBER_MESSAGES } from '@turno/domain';
import { consentContext } from './consents';
import { currentUserView } from './users';

/**
 * GET /api/team-invitations/:token — what the invited person's page shows (issue 28): the business,
 * the role, the stores, the address it was sent to and whether the link still works. No session:
 * the person may not have signed in yet. 404 for a link that does not exist.
 */
export const previewTeamInvitation = route({
  method: 'get',
  path: '/api/team-invitations/:token',
  access: 'public',
  rateLimit: 'profileWrite',
  params: TeamInvitationTokenParamsSchema,
  response: TeamInvitationPreviewSchema,
  handler: async ({ em, params }) => {
    const preview = await previewMemberInvitation(em, params.token);
    if (!preview) throw new HttpError(404, BUSINESS_MEMBER_MESSAGES.invitationNotFound);
    return {
      business_name: preview.businessName,
      role: preview.role,
      store_names: preview.storeNames,
      email: preview.email,
      expires_at: preview.expiresAt.toISOString(),
      state: preview.state,
    };
  },
});

/**
 * POST /api/team-invitations/:token/accept — the signed-in person accepts the terms and joins the
 * business with the invitation's role and stores. 409 for someone with a profile (a business or a
 * freelancer account) and for a used, revoked or expired link; 201 with the person as
 * /api/users/me now answers.
 */
export const acceptTeamInvitation = route({
  method: 'post',
  path: '/api/team-invitations/:token/accept',
  access: 'user',
  rateLimit: 'profileWrite',
  params: TeamInvitationTokenParamsSchema,
  body: AcceptTeamInvitationRequestSchema,
  response: AcceptTeamInvitationResponseSchema,
  status: 201,
  handler: async ({ ctx, em, actor, params, body }) => {
    if (actor.profile) throw new HttpError(409, BUSINESS_MEMBER_MESSAGES.alreadyMember);
    assertCurrentTermsVersions(body);
    await acceptMemberInvitation(em, actor.userId, params.token);
    await acceptTerms(em, actor.userId, body, consentContext(ctx, 'host/team-invitation'));
    return { success: true as const, user: await currentUserView(em.fork(), actor.userId) };
  },
});

export const teamInvitationRoutes = [previewTeamInvitation, acceptTeamInvitation];
