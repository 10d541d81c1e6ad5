import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  BUSINESS_MEMBER_MESSAGES,
  MAX_MEMBERS_PER_BUSINESS,
  memberInvitationExpiresAt,
  memberMay,
  type BusinessMemberRole,
} from '@turno/domain';
import { recordEvent } from '../events/record-event';
import { MemberInvitation, Restaurant, RestaurantMember, RestaurantMemberStore, Store, User } from '../model';
import { requireRole } from '../shared/access';
import type { Actor } from '../shared/actor';
import { conflict, forbidden, invalid, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { lockBusinessRow } from '../rows/business-lock';

/**
 * A business's team ("Equipe", issue 28): the owner invites a person by e-mail as store manager or
 * supervisor of some stores (a one-time link valid MEMBER_INVITATION_VALID_DAYS), changes a member's
 * role or stores, removes a member or revokes an invitation. The invited person signs in with the
 * identity provider and accepts: they become a member of that business. Changes of one business's
 * team run with its row locked. The caller statement reads the role at every request, so a change
 * applies at the next one; the BFF ends a removed member's sessions.
 */

export type InvitedRole = Exclude<BusinessMemberRole, 'owner'>;

export interface MemberInvitationInput {
  email: string;
  role: InvitedRole;
  storeIds: number[];
}

/** The invitation's link token (only its SHA-256 is kept). */
export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** POST /api/restaurant/team/invitations: a new invitation and its token (shown once, in the link). */
export async function inviteMember(
  em: EntityManager,
  actor: Actor,
  input: MemberInvitationInput,
  now: Date = new Date(),
): Promise<{ invitation: MemberInvitation; token: string }> {
  const { restaurantId, userId } = teamOwner(actor);
  const email = input.email.trim().toLowerCase();
  return inTransaction(em, async (tx) => {
    const restaurant = await lockBusinessRow(tx, restaurantId);
    const storeIds = await storesOfBusiness(tx, restaurantId, input.storeIds);
    const [counts] = await tx.execute<{ members: number }[]>(
      `select (select count(*) from restaurant_members where restaurant_id = ?)
            + (select count(*) from member_invitations
                where restaurant_id = ? and accepted_at is null and revoked_at is null and expires_at > ?) as members`,
      [restaurantId, restaurantId, now],
    );
    if (Number(counts?.members ?? 0) >= MAX_MEMBERS_PER_BUSINESS)
      throw conflict('too_many_members', BUSINESS_MEMBER_MESSAGES.tooManyMembers);
    const [member] = await tx.execute<{ id: number }[]>(
      `select m.id from restaurant_members m join users u on u.id = m.user_id
        where m.restaurant_id = ? and lower(u.email) = ? limit 1`,
      [restaurantId, email],
    );
    if (member) throw conflict('already_in_team', BUSINESS_MEMBER_MESSAGES.alreadyInTeam);
    // A new invitation to the same address replaces the one still open.
    await tx.execute(
      `update member_invitations set revoked_at = ?
        where restaurant_id = ? and email = ? and accepted_at is null and revoked_at is null`,
      [now, restaurantId, email],
    );
    const token = randomBytes(24).toString('base64url');
    const invitation = tx.create(MemberInvitation, {
      restaurant,
      email,
      role: input.role,
      storeIds,
      tokenHash: invitationTokenHash(token),
      invitedBy: tx.getReference(User, userId),
      expiresAt: memberInvitationExpiresAt(now),
      createdAt: now,
    });
    await tx.flush();
    await recordEvent(tx, { type: 'restaurant_updated', restaurantId, payload: { team: true } });
    return { invitation, token };
  });
}

/** DELETE /api/restaurant/team/invitations/:id: an open invitation of the business stops working. */
export async function revokeMemberInvitation(
  em: EntityManager,
  actor: Actor,
  invitationId: number,
  now: Date = new Date(),
): Promise<void> {
  const { restaurantId } = teamOwner(actor);
  await inTransaction(em, async (tx) => {
    await lockBusinessRow(tx, restaurantId);
    const invitation = await tx.findOne(MemberInvitation, { id: invitationId, restaurant: restaurantId });
    if (!invitation || invitation.acceptedAt || invitation.revokedAt)
      throw notFound('invitation_not_found', BUSINESS_MEMBER_MESSAGES.invitationNotFound);
    invitation.revokedAt = now;
    await tx.flush();
    await recordEvent(tx, { type: 'restaurant_updated', restaurantId, payload: { team: true } });
  });
}

/** What an invitation's page shows before the person accepts (null: no such link). */
export interface InvitationPreview {
  id: number;
  businessName: string;
  role: InvitedRole;
  storeNames: string[];
  email: string;
  expiresAt: Date;
  state: 'open' | 'expired' | 'used';
}

/** GET /api/team-invitations/:token (shell BFF): the invitation of a link, for its page. */
export async function previewMemberInvitation(
  em: EntityManager,
  token: string,
  now: Date = new Date(),
): Promise<InvitationPreview | null> {
  const [row] = await em.getConnection().execute<
    {
      id: number;
      business_name: string;
      role: InvitedRole;
      store_names: string[];
      email: string;
      expires_at: Date;
      accepted_at: Date | null;
      revoked_at: Date | null;
    }[]
  >(
    `select i.id, r.business_name, i.role, i.email, i.expires_at, i.accepted_at, i.revoked_at,
        array(select s.name from stores s
               where s.restaurant_id = i.restaurant_id and s.id in (select jsonb_array_elements_text(i.store_ids)::int)
               order by s.name) as store_names
       from member_invitations i join restaurants r on r.id = i.restaurant_id
      where i.token_hash = ?`,
    [invitationTokenHash(token)],
  );
  if (!row) return null;
  return {
    id: row.id,
    businessName: row.business_name,
    role: row.role,
    storeNames: row.store_names,
    email: row.email,
    expiresAt: new Date(row.expires_at),
    state: invitationState(row, now),
  };
}

function invitationState(
  invitation: { accepted_at?: Date | null; revoked_at?: Date | null; expires_at: Date },
  now: Date,
): InvitationPreview['state'] {
  if (invitation.accepted_at || invitation.revoked_at) return 'used';
  return new Date(invitation.expires_at) <= now ? 'expired' : 'open';
}

/**
 * POST /api/team-invitations/:token/accept (shell BFF): the signed-in person, who runs no business
 * and is no freelancer, becomes a member of the invitation's business with its role and those of its
 * stores that still exist. Once: a second use, a revoked or an expired link is refused (409, pt-BR).
 */
export async function acceptMemberInvitation(
  em: EntityManager,
  userId: number,
  token: string,
  now: Date = new Date(),
): Promise<{ restaurantId: number; role: InvitedRole }> {
  return inTransaction(em, async (tx) => {
    const found = await tx.findOne(MemberInvitation, { tokenHash: invitationTokenHash(token) });
    if (!found) throw notFound('invitation_not_found', BUSINESS_MEMBER_MESSAGES.invitationNotFound);
    const restaurantId = found.restaurant.id;
    await lockBusinessRow(tx, restaurantId);
    const invitation = await tx.findOneOrFail(MemberInvitation, { id: found.id }, { refresh: true });
    if (invitation.acceptedAt || invitation.revokedAt)
      throw conflict('invitation_used', BUSINESS_MEMBER_MESSAGES.invitationUsed);
    if (invitation.expiresAt <= now)
      throw conflict('invitation_expired', BUSINESS_MEMBER_MESSAGES.invitationExpired);
    const [profile] = await tx.execute<{ member: boolean; freelancer: boolean }[]>(
      `select exists (select 1 from restaurant_members where user_id = ?) as member,
              exists (select 1 from freelancers where user_id = ?) as freelancer`,
      [userId, userId],
    );
    if (profile?.member || profile?.freelancer)
      throw conflict('already_member', BUSINESS_MEMBER_MESSAGES.alreadyMember);
    const stores = await tx.find(
      Store,
      { restaurant: restaurantId, id: { $in: invitation.storeIds } },
      { orderBy: { id: 'asc' } },
    );
    const user = await tx.findOneOrFail(User, { id: userId });
    user.userType = 'restaurant';
    const member = tx.create(RestaurantMember, {
      restaurant: tx.getReference(Restaurant, restaurantId),
      user,
      role: invitation.role,
    });
    for (const store of stores) tx.create(RestaurantMemberStore, { member, store });
    invitation.acceptedAt = now;
    invitation.acceptedBy = tx.getReference(User, userId, { wrapped: true });
    await tx.flush();
    await recordEvent(tx, { type: 'restaurant_updated', restaurantId, payload: { team: true } });
    return { restaurantId, role: invitation.role };
  });
}

/** PUT /api/restaurant/team/members/:id: a manager or supervisor gets another role or other stores. */
export async function changeMember(
  em: EntityManager,
  actor: Actor,
  memberId: number,
  input: { role: InvitedRole; storeIds: number[] },
): Promise<RestaurantMember> {
  const { restaurantId } = teamOwner(actor);
  return inTransaction(em, async (tx) => {
    await lockBusinessRow(tx, restaurantId);
    const member = await teamMember(tx, restaurantId, memberId);
    const storeIds = await storesOfBusiness(tx, restaurantId, input.storeIds);
    member.role = input.role;
    await tx.nativeDelete(RestaurantMemberStore, { member: member.id });
    for (const storeId of storeIds)
      tx.create(RestaurantMemberStore, { member, store: tx.getReference(Store, storeId) });
    await tx.flush();
    await recordEvent(tx, { type: 'restaurant_updated', restaurantId, payload: { team: true } });
    return member;
  });
}

/**
 * DELETE /api/restaurant/team/members/:id: a manager or supervisor leaves the business (their
 * history stays). Answers their user id, whose sessions the BFF ends.
 */
export async function removeMember(em: EntityManager, actor: Actor, memberId: number): Promise<number> {
  const { restaurantId } = teamOwner(actor);
  return inTransaction(em, async (tx) => {
    await lockBusinessRow(tx, restaurantId);
    const member = await teamMember(tx, restaurantId, memberId);
    const userId = member.user.id;
    await tx.nativeDelete(RestaurantMember, { id: member.id });
    // They may be invited again (to this or another business), or set up a profile of their own.
    await tx.nativeUpdate(User, { id: userId }, { userType: null });
    await recordEvent(tx, { type: 'restaurant_updated', restaurantId, payload: { team: true } });
    return userId;
  });
}

/** The owner acting on their team (the route's member action says so too), or an admin naming none. */
function teamOwner(actor: Actor): { restaurantId: number; userId: number } {
  requireRole(actor, ['restaurant']);
  if (!memberMay(actor.member.role, 'manageTeam'))
    throw forbidden('forbidden_for_role', BUSINESS_MEMBER_MESSAGES.forbiddenForRole(actor.member.role));
  return { restaurantId: actor.restaurantId, userId: actor.userId };
}

/** A non-owner member of the business (the owner cannot be changed or removed here). */
async function teamMember(
  tx: EntityManager,
  restaurantId: number,
  memberId: number,
): Promise<RestaurantMember> {
  const member = await tx.findOne(RestaurantMember, { id: memberId, restaurant: restaurantId });
  if (!member) throw notFound('member_not_found', BUSINESS_MEMBER_MESSAGES.memberNotFound);
  if (member.role === 'owner') throw conflict('owner_stays', BUSINESS_MEMBER_MESSAGES.ownerCannotLeave);
  return member;
}

/** The given stores, each an active store of the business (404 otherwise); at least one. */
async function storesOfBusiness(
  tx: EntityManager,
  restaurantId: number,
  storeIds: number[],
): Promise<number[]> {
  const wanted = [...new Set(storeIds)];
  if (wanted.length === 0) throw invalid('stores_required', BUSINESS_MEMBER_MESSAGES.managerNeedsStores);
  const found = await tx.find(Store, { restaurant: restaurantId, id: { $in: wanted }, isActive: true });
  if (found.length !== wanted.length)
    throw notFound('store_not_found', BUSINESS_MEMBER_MESSAGES.storeNotFound);
  return wanted.sort((a, b) => a - b);
}
