import { z } from 'zod';
import { BUSINESS_MEMBER_MESSAGES, BUSINESS_MEMBER_ROLES } from '@turno/domain';
import { Id, Timestamp } from './common';
import { SetupAcceptanceSchema } from './privacy';
import { ProfileSetupResponseSchema } from './session';

/**
 * A business's team (issue 28 "Equipe"): the restaurant BFF's /api/restaurant/team (the owner's
 * tab) and the shell BFF's /api/team-invitations/:token (the invited person's page).
 */

const INVITED_ROLES = ['manager', 'supervisor'] as const;
const INVALID_EMAIL = BUSINESS_MEMBER_MESSAGES.invalidEmail;
const ROLE_REQUIRED = BUSINESS_MEMBER_MESSAGES.roleRequired;
const STORES_REQUIRED = BUSINESS_MEMBER_MESSAGES.managerNeedsStores;

const InvitedRole = z.enum(INVITED_ROLES, { error: ROLE_REQUIRED });
const StoreIds = z.array(Id, { error: STORES_REQUIRED }).min(1, STORES_REQUIRED).max(500);

// GET /api/restaurant/team
export const TeamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(BUSINESS_MEMBER_ROLES),
  /** The stores given to a manager or supervisor; empty for the owner (every store). */
  store_ids: z.array(z.number().int()),
  /** The caller's own row. */
  is_you: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(INVITED_ROLES),
  store_ids: z.array(z.number().int()),
  expires_at: Timestamp,
});
export type TeamInvitation = z.infer<typeof TeamInvitationSchema>;

/** The members (owner first, then by name) and the invitations still open (newest first). */
export const TeamSchema = z.object({
  members: z.array(TeamMemberSchema),
  invitations: z.array(TeamInvitationSchema),
});
export type Team = z.infer<typeof TeamSchema>;

// POST /api/restaurant/team/invitations
export const InviteMemberRequestSchema = z
  .object({
    email: z
      .string({ error: INVALID_EMAIL })
      .trim()
      .max(254, INVALID_EMAIL)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, INVALID_EMAIL),
    role: InvitedRole,
    storeIds: StoreIds,
  })
  .strict();
export type InviteMemberRequest = z.infer<typeof InviteMemberRequestSchema>;

/** The invitation and its link's path (`/convite-equipe/<token>`): shown once, to copy and send. */
export const InviteMemberResponseSchema = TeamInvitationSchema.extend({
  path: z.string(),
  /** The link was handed to the e-mail channel (it may not be configured: the owner copies the link). */
  emailed: z.boolean(),
});
export type InviteMemberResponse = z.infer<typeof InviteMemberResponseSchema>;

// PUT /api/restaurant/team/members/:id
export const ChangeMemberRequestSchema = z.object({ role: InvitedRole, storeIds: StoreIds }).strict();
export type ChangeMemberRequest = z.infer<typeof ChangeMemberRequestSchema>;

// DELETE /api/restaurant/team/members/:id, DELETE /api/restaurant/team/invitations/:id
export const TeamChangeResponseSchema = z.object({ done: z.literal(true), message: z.string() });
export type TeamChangeResponse = z.infer<typeof TeamChangeResponseSchema>;

// GET /api/team-invitations/:token (shell BFF, no session needed)
export const TeamInvitationTokenParamsSchema = z.object({
  token: z
    .string()
    .max(64, BUSINESS_MEMBER_MESSAGES.invitationNotFound)
    .regex(/^[A-Za-z0-9_-]{20,64}$/, BUSINESS_MEMBER_MESSAGES.invitationNotFound),
});
export const TeamInvitationPreviewSchema = z.object({
  business_name: z.string(),
  role: z.enum(INVITED_ROLES),
  store_names: z.array(z.string()),
  email: z.string(),
  expires_at: Timestamp,
  state: z.enum(['open', 'expired', 'used']),
});
export type TeamInvitationPreview = z.infer<typeof TeamInvitationPreviewSchema>;

// POST /api/team-invitations/:token/accept (shell BFF, signed in, no profile yet)
/** The terms of use and privacy notice accepted, as at profile setup. */
export const AcceptTeamInvitationRequestSchema = SetupAcceptanceSchema;
/** 201: the person as GET /api/users/me now answers (a business member). */
export const AcceptTeamInvitationResponseSchema = ProfileSetupResponseSchema;
