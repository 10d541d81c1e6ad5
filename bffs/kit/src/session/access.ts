import type { Context } from 'koa';
import { type Actor, type EntityManager } from '@turno/core';
import { ACCOUNT_ACCESS_MESSAGES, MESSAGES, isDeactivatedAccount } from '@turno/domain';
import { HttpError } from '../errors';
import type { Sessions } from './sessions';

/**
 * Who may call a route:
 * - `public`: anyone (sign-in, logout, admin login);
 * - `user`: a signed-in business or freelancer, with or without a profile (profile setup, /users/me);
 * - `restaurant` / `freelancer`: a signed-in user whose profile is of that type;
 * - `admin`: a signed-in admin (e-mail and password, `turno_admin` cookie).
 */
export const ACCESS_LEVELS = ['public', 'user', 'restaurant', 'freelancer', 'admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export type AdminActor = Extract<Actor, { role: 'admin' }>;
export type RestaurantActor = Extract<Actor, { role: 'restaurant' }>;
export type FreelancerActor = Extract<Actor, { role: 'freelancer' }>;

/** A signed-in business or freelancer; `profile` is null until profile setup. */
export interface UserCaller {
  role: 'user';
  userId: number;
  profile: RestaurantActor | FreelancerActor | null;
  /** A rejected or deactivated profile (libs/domain account-access): reads only. */
  deactivated: boolean;
}

/** What a handler of a route with access `A` receives as `actor`. */
export type CallerFor<A extends AccessLevel> = A extends 'admin'
  ? AdminActor
  : A extends 'restaurant'
    ? RestaurantActor
    : A extends 'freelancer'
      ? FreelancerActor
      : A extends 'user'
        ? UserCaller
        : null;

export const unauthenticated = () => new HttpError(401, MESSAGES.common.unauthenticated);
/** Reads: what a deactivated account may still do. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const forbidden = () => new HttpError(403, MESSAGES.common.forbidden);

interface ProfileRow {
  user_id: number;
  restaurant_id: number | null;
  restaurant_active: boolean | null;
  freelancer_id: number | null;
  freelancer_approved: boolean | null;
  freelancer_available: boolean | null;
}

/**
 * The user and their profile in one indexed query (users.id, restaurants.user_id and
 * freelancers.user_id are unique): read at every request, so an approval or a deletion applies at
 * once. Null when the user no longer exists.
 */
export async function loadUserCaller(em: EntityManager, userId: number): Promise<UserCaller | null> {
  const rows = await em
    .getConnection()
    .execute<ProfileRow[]>(
      'select u.id as user_id, r.id as restaurant_id, r.is_active as restaurant_active, ' +
        'f.id as freelancer_id, f.is_approved as freelancer_approved, f.is_available as freelancer_available from users u ' +
        'left join restaurants r on r.user_id = u.id left join freelancers f on f.user_id = u.id where u.id = ?',
      [userId],
    );
  const row = rows[0];
  if (!row) return null;
  const profile: UserCaller['profile'] =
    row.restaurant_id !== null
      ? { role: 'restaurant', restaurantId: Number(row.restaurant_id), userId }
      : row.freelancer_id !== null
        ? { role: 'freelancer', freelancerId: Number(row.freelancer_id), userId }
        : null;
  const deactivated =
    row.restaurant_id !== null
      ? isDeactivatedAccount({ kind: 'restaurant', isActive: Boolean(row.restaurant_active) })
      : row.freelancer_id !== null
        ? isDeactivatedAccount({
            kind: 'freelancer',
            isApproved: Boolean(row.freelancer_approved),
            isAvailable: Boolean(row.freelancer_available),
          })
        : false;
  return { role: 'user', userId, profile, deactivated };
}

/** The admin of a session, or null when they are gone or disabled (`npm run admin -- disable`). */
export async function loadAdminActor(em: EntityManager, adminId: number): Promise<AdminActor | null> {
  const rows = await em
    .getConnection()
    .execute<{ id: number }[]>('select id from admins where id = ? and disabled_at is null', [adminId]);
  return rows[0] ? { role: 'admin', adminId } : null;
}

/** The signed-in user of this request (session renewed), or null; a session whose user is gone is ended. */
export async function currentUser(
  ctx: Context,
  sessions: Sessions,
  em: EntityManager,
): Promise<UserCaller | null> {
  const session = await sessions.current(ctx, 'user');
  if (session?.kind !== 'user') return null;
  const caller = await loadUserCaller(em, session.userId);
  if (!caller) await sessions.end(ctx, 'user');
  // The request's log line names the caller (request-context.ts): the profile, or the user before setup.
  else
    ctx.state.caller =
      caller.profile?.role === 'restaurant'
        ? { kind: 'restaurant', id: caller.profile.restaurantId }
        : caller.profile?.role === 'freelancer'
          ? { kind: 'freelancer', id: caller.profile.freelancerId }
          : { kind: 'user', id: caller.userId };
  return caller;
}

/** The signed-in admin of this request (session renewed), or null; a session whose admin is gone is ended. */
export async function currentAdmin(
  ctx: Context,
  sessions: Sessions,
  em: EntityManager,
): Promise<AdminActor | null> {
  const session = await sessions.current(ctx, 'admin');
  if (session?.kind !== 'admin') return null;
  const admin = await loadAdminActor(em, session.adminId);
  if (!admin) await sessions.end(ctx, 'admin');
  else ctx.state.caller = { kind: 'admin', id: admin.adminId };
  return admin;
}

/**
 * The caller a route with access `access` runs for. No live session → 401; a live session of
 * another role (an admin on a business route, a freelancer on a restaurant route, a user without
 * profile on either) → 403.
 */
export async function authorize<A extends AccessLevel>(
  ctx: Context,
  access: A,
  sessions: Sessions,
  em: EntityManager,
): Promise<CallerFor<A>> {
  if (access === 'public') return null as CallerFor<A>;
  if (access === 'admin') {
    const admin = await currentAdmin(ctx, sessions, em);
    if (admin) return admin as CallerFor<A>;
    if (await currentUser(ctx, sessions, em)) throw forbidden();
    throw unauthenticated();
  }
  const user = await currentUser(ctx, sessions, em);
  if (!user) {
    if (await currentAdmin(ctx, sessions, em)) throw forbidden();
    throw unauthenticated();
  }
  if (user.deactivated && !SAFE_METHODS.has(ctx.method))
    throw new HttpError(403, ACCOUNT_ACCESS_MESSAGES.deactivated);
  if (access === 'user') return user as CallerFor<A>;
  if (user.profile?.role === access) return user.profile as CallerFor<A>;
  throw forbidden();
}
