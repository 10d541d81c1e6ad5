import { HttpError, route } from '@turno/bff-kit';
import { CurrentUserSchema, type CurrentUser } from '@turno/contracts';
import {
  Freelancer,
  RestaurantMember,
  User,
  takeDeletionCancelNotice,
  termsAcceptance,
  type EntityManager,
} from '@turno/core';
import { ACCOUNT_DELETION_MESSAGES, MESSAGES } from '@turno/domain';

/** The signed-in user with their profile (null until profile setup), as GET /api/users/me answers. */
export async function currentUserView(em: EntityManager, userId: number): Promise<CurrentUser> {
  const user = await em.findOne(User, { id: userId }, { fields: ['id', 'email', 'name'] });
  if (!user) throw new HttpError(401, MESSAGES.common.unauthenticated);
  const acceptance = await termsAcceptance(em, userId);
  // Issue 27: a new version of the terms or the notice is asked for again (the host's blocking page).
  const terms = {
    accepted: !acceptance.missing,
    terms_version: acceptance.termsVersion,
    privacy_notice_version: acceptance.privacyNoticeVersion,
  };
  // Issue 27: a deletion called off by signing in again is told once (the first /me after it).
  const notice = (await takeDeletionCancelNotice(em, userId))
    ? { notice: ACCOUNT_DELETION_MESSAGES.cancelledBySignIn }
    : {};
  // The business the person runs, as its owner or as a store manager or supervisor (issue 28).
  const membership = await em.findOne(RestaurantMember, { user: userId }, { populate: ['restaurant'] });
  const restaurant = membership?.restaurant.$;
  if (restaurant) {
    return {
      id: user.id,
      email: user.email ?? null,
      name: user.name ?? null,
      profile: {
        user_type: 'restaurant',
        id: restaurant.id,
        name: restaurant.name,
        is_approved: restaurant.isApproved,
        is_active: restaurant.isActive,
        business_name: restaurant.businessName,
      },
      terms,
      ...notice,
    };
  }
  const freelancer = await em.findOne(Freelancer, { user: userId });
  return {
    id: user.id,
    email: user.email ?? null,
    name: user.name ?? null,
    profile: freelancer
      ? {
          user_type: 'freelancer',
          id: freelancer.id,
          name: freelancer.name,
          is_approved: freelancer.isApproved,
          is_active: freelancer.isAvailable,
          business_name: null,
        }
      : null,
    terms,
    ...notice,
  };
}

/**
 * GET /api/users/me — the signed-in user and profile (spec 01 §7); 401 `{ error }` without a
 * session. The dashboard routes by `profile.user_type`; `profile: null` sends the person to /setup.
 */
export const currentUser = route({
  method: 'get',
  path: '/api/users/me',
  access: 'user',
  response: CurrentUserSchema,
  handler: ({ em, actor }) => currentUserView(em, actor.userId),
});
