import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtColumn } from '../shared/columns';
import { Restaurant } from './restaurant.entity';
import { User } from './user.entity';

/**
 * An invitation to join a business as a store manager or supervisor (issue 28 "Equipe"): the owner
 * names the person's e-mail, role and stores; the link (a random token, kept here only as its
 * SHA-256) works once, for MEMBER_INVITATION_VALID_DAYS. Accepting it makes the signed-in person a
 * member (restaurant_members); revoking it, or its expiry, ends it.
 */
export const MemberInvitation = defineEntity({
  name: 'MemberInvitation',
  tableName: 'member_invitations',
  properties: {
    id: p.integer().primary().autoincrement(),
    restaurant: p.manyToOne(Restaurant).ref().deleteRule('cascade'),
    email: p.string().length(254),
    role: p.enum(['manager', 'supervisor'] as const),
    /** The stores given with the role (ids of the business's stores; checked again on acceptance). */
    storeIds: p.json<number[]>(),
    /** SHA-256 (hex) of the link's token. */
    tokenHash: p.string().length(64).unique('member_invitations_token_unique'),
    invitedBy: p.manyToOne(User).ref().deleteRule('set null').nullable(),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    acceptedBy: p.manyToOne(User).ref().deleteRule('set null').nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
  },
  indexes: [{ name: 'member_invitations_restaurant_index', properties: ['restaurant', 'id'] }],
});
export type MemberInvitation = InferEntity<typeof MemberInvitation>;
