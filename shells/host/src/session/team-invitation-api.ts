import {
  TeamInvitationPreviewSchema,
  TeamInvitationTokenParamsSchema,
  type AcceptTermsRequest,
  type TeamInvitationPreview,
} from '@turno/contracts';
import { call, parsedBy, type FetchLike } from './api';

/**
 * The invited person's calls (issue 28 "Equipe"): the shell BFF's /api/team-invitations/:token of
 * libs/contracts/src/business-team.ts, answers checked with the contracts' zod schemas (only the
 * invitation page loads this module, never the landing page).
 */

/** The acceptance of the terms in force, as at profile setup (`AcceptTeamInvitationRequestSchema`). */
export type AcceptTeamInvitationRequest = { acceptedTerms: true } & AcceptTermsRequest;

export interface TeamInvitationApi {
  /** GET /api/team-invitations/:token — no session needed; rejects 404 for an unknown link. */
  preview(token: string): Promise<TeamInvitationPreview>;
  /**
   * POST /api/team-invitations/:token/accept — the signed-in person without a profile joins the
   * business (201); 409 with the reason for a profile or a used/expired link, 401 without session.
   */
  accept(token: string, request: AcceptTeamInvitationRequest): Promise<void>;
}

/** Whether `token` can be a link's token at all (otherwise the page says "not found" at once). */
export function isInvitationToken(token: string | undefined): token is string {
  return TeamInvitationTokenParamsSchema.safeParse({ token }).success;
}

const invitationPath = (token: string) => `/api/team-invitations/${encodeURIComponent(token)}`;

export function createTeamInvitationApi(fetchImpl?: FetchLike): TeamInvitationApi {
  return {
    async preview(token) {
      const path = invitationPath(token);
      return parsedBy(await call(path, { fetchImpl }), TeamInvitationPreviewSchema, path);
    },
    async accept(token, request) {
      // The answer's user is read again through the session store (GET /api/users/me).
      await call(`${invitationPath(token)}/accept`, { method: 'POST', body: request, fetchImpl });
    },
  };
}
