import type { Context } from 'koa';
import {
  adminWithVersionSql,
  dataVersionOf,
  loadAdminActor,
  loadAdminActorWithVersion,
  loadUserCaller,
  loadUserCallerWithVersion,
  type Actor,
  type EntityManager,
  type UserCaller,
} from '@turno/core';
import { ACCOUNT_ACCESS_MESSAGES, MESSAGES } from '@turno/domain';
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

/**
 * The caller's lookup (one indexed statement per request, so an approval, a deactivation or a
 * deletion applies at the next request) is @turno/core's identity/caller.queries.ts.
 */
export { loadAdminActor, loadUserCaller, type UserCaller };

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

/**
 * What the caller's statement reads besides the caller, so that a list request does not wait on a
 * statement of its own for it (set by the route as `ctx.state.callerRead` before `authorize`):
 * `dataVersion` receives the caller's data version (what `callerDataVersion` would read).
 */
export interface CallerRead {
  dataVersion?: (version: number) => void;
  /**
   * For an admin, the version to read instead of the latest domain event: core's SQL of another
   * version (AUDIT_DATA_VERSION_SQL for the audit trail), read by core's `adminWithVersionSql`.
   */
  adminVersionSql?: string;
}

async function readUserCaller(em: EntityManager, userId: number, read?: CallerRead) {
  if (!read?.dataVersion) return loadUserCaller(em, userId);
  const { caller, dataVersion } = await loadUserCallerWithVersion(em, userId);
  if (caller) read.dataVersion(dataVersion);
  return caller;
}

async function readAdminActor(em: EntityManager, adminId: number, read?: CallerRead) {
  if (!read?.dataVersion) return loadAdminActor(em, adminId);
  if (read.adminVersionSql) {
    const [row] = await em
      .getConnection()
      .execute<{ data_version: string }[]>(adminWithVersionSql(read.adminVersionSql), [adminId]);
    if (!row) return null;
    read.dataVersion(dataVersionOf(row));
    return { role: 'admin', adminId } as AdminActor;
  }
  const { actor, dataVersion } = await loadAdminActorWithVersion(em, adminId);
  if (actor) read.dataVersion(dataVersion);
  return actor;
}

/** The signed-in user of this request (session renewed), or null; a session whose user is gone is ended. */
export async function currentUser(
  ctx: Context,
  sessions: Sessions,
  em: EntityManager,
): Promise<UserCaller | null> {
  const session = await sessions.current(ctx, 'user');
  if (session?.kind !== 'user') return null;
  const caller = await readUserCaller(em, session.userId, ctx.state.callerRead as CallerRead | undefined);
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
  const admin = await readAdminActor(em, session.adminId, ctx.state.callerRead as CallerRead | undefined);
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
