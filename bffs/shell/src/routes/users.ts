import { HttpError, route } from '@turno/bff-kit';
import { CurrentUserSchema, type CurrentUser } from '@turno/contracts';
import { Freelancer, Restaurant, User, type EntityManager } from '@turno/core';
import { MESSAGES } from '@turno/domain';

/** The signed-in user with their profile (null until profile setup), as GET /api/users/me answers. */
export async function currentUserView(em: EntityManager, userId: number): Promise<CurrentUser> {
  const user = await em.findOne(User, { id: userId }, { fields: ['id', 'email', 'name'] });
  if (!user) throw new HttpError(401, MESSAGES.common.unauthenticated);
  const restaurant = await em.findOne(Restaurant, { user: userId });
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
