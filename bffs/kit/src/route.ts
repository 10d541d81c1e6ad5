import type { Context } from 'koa';
import type Router from '@koa/router';
import type { Redis } from 'ioredis';
import type { EntityManager } from '@turno/core';
import { createHash } from 'node:crypto';
import { type z } from 'zod';
import {
  BUSINESS_MEMBER_MESSAGES,
  INPUT_MESSAGES,
  MESSAGES,
  memberMay,
  saoPauloDate,
  type BusinessAction,
} from '@turno/domain';
import {
  AUDIT_DATA_VERSION_SQL,
  audienceOf,
  latestAuditEventId,
  latestEventId,
  type Actor,
} from '@turno/core';
import { auditAdminAction, auditMemberAction, snapshotForAudit, type RouteAudit } from './audit';
import { HttpError, ValidationError, answerStatusOf } from './errors';
import { enforceUserRateLimit, type UserRateLimitName } from './rate-limits';
import { authorize, type AccessLevel, type CallerFor, type RestaurantActor } from './session/access';
import { assertSameOrigin } from './session/csrf';
import type { Sessions } from './session/sessions';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface RouteInput<P, Q, B, A extends AccessLevel = AccessLevel> {
  params: P;
  query: Q;
  body: B;
  em: EntityManager;
  ctx: Context;
  /**
   * Who calls, resolved from the session before anything else runs: the admin, restaurant or
   * freelancer Actor of @turno/core (`restaurant`: `actor.restaurantId` is the only restaurant
   * this caller may see), the signed-in user for `user`, null for `public`.
   */
  actor: CallerFor<A>;
  /** Session start and end (sign-in, logout) and the auth key namespace in Redis. */
  sessions: Sessions;
  redis: Redis;
  /** The data version `dataVersion` read for this request (undefined on routes without one). */
  dataVersion: number | undefined;
}

/**
 * One endpoint: its path, who may call it, the zod schemas of everything that crosses the boundary,
 * and a handler that receives validated input. Access is checked first (401 without a session, 403
 * for another role), then params, query and body (400). The answer is validated against `response`
 * before it leaves, so a BFF never sends what its contract does not promise.
 */
export interface RouteDefinition<
  P = unknown,
  Q = unknown,
  B = unknown,
  R = unknown,
  A extends AccessLevel = AccessLevel,
> {
  method: HttpMethod;
  path: string;
  /** Required on every route: there is no default, so no endpoint is public by accident. */
  access: A;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  response: z.ZodType<R>;
  /**
   * GET lists: the version of the data the answer shows, read cheaply before the handler runs
   * (`latestEventId` of the caller's audience). The answer then carries a strong ETag derived from
   * the route, the caller, the validated query, this version and the Sao Paulo date, and a request
   * whose `If-None-Match` holds that tag gets `304` without the handler running.
   */
  dataVersion?: (input: Omit<RouteInput<P, Q, B, A>, 'dataVersion'>) => Promise<number> | number;
  /** HTTP status of a successful answer (200 unless said). */
  status?: number;
  /**
   * Refuse cross-site callers (Origin / Sec-Fetch-Site). Always on for POST, PUT and DELETE;
   * set it on a GET that changes state (GET /api/logout).
   */
  sameOriginOnly?: boolean;
  /**
   * A per-user rate limit (libs/domain USER_RATE_LIMITS): every call that passed validation counts,
   * and past the limit the caller gets 429 with Retry-After before the handler runs.
   */
  rateLimit?: UserRateLimitName;
  /**
   * Business routes (`access: 'restaurant'`, required there): what the calling member must be allowed
   * to do (libs/domain business-members.ts). A member whose role does not allow it gets 403 before
   * anything else runs (issue 28).
   */
  memberAction?: BusinessAction;
  /** Admin actions: the records whose before/after values go to the audit trail (audit.ts). */
  audit?: RouteAudit<P, B, R>;
  handler: (input: RouteInput<P, Q, B, A>) => Promise<R> | R;
}

/**
 * The `dataVersion` of a list a signed-in caller reads: the latest domain event their audience can
 * see (an admin: any event; a restaurant or a freelancer: their own and those shared with all).
 */
export function callerDataVersion({
  em,
  actor,
  ctx,
}: {
  em: EntityManager;
  actor: Actor;
  ctx?: Context;
}): Promise<number> | number {
  // Read with the caller when the route registered it (registerRoutes): no statement of its own.
  const read = ctx?.state.callerDataVersion as number | undefined;
  if (read !== undefined) return read;
  return latestEventId(em, audienceOf(actor));
}

/**
 * The `dataVersion` of the admins' audit trail: its newest entry (every admin action writes one,
 * refused ones too, which record no domain event). Read in the admin's statement like
 * `callerDataVersion` (registerRoutes).
 */
export function auditTrailVersion({
  em,
  ctx,
}: {
  em: EntityManager;
  ctx?: Context;
}): Promise<number> | number {
  const read = ctx?.state.callerDataVersion as number | undefined;
  if (read !== undefined) return read;
  return latestAuditEventId(em);
}

export function route<
  P = Record<string, never>,
  Q = Record<string, never>,
  B = undefined,
  R = unknown,
  A extends AccessLevel = AccessLevel,
>(definition: RouteDefinition<P, Q, B, R, A>): RouteDefinition<P, Q, B, R, A> {
  return definition;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDefinition<any, any, any, any, any>;

export interface RegisteredRoute {
  method: HttpMethod;
  path: string;
  access: AccessLevel;
}

/**
 * A strong validator of one answer: the same route, caller, query, data version and Sao Paulo day
 * always build the same body, so they name it. The version leads, readable in logs.
 */
function entityTag(
  definition: AnyRoute,
  actor: unknown,
  params: unknown,
  query: unknown,
  version: number,
): string {
  // The path's parameters are part of what was read: /restaurants/1/jobs and /restaurants/2/jobs
  // never share a tag.
  const digest = createHash('sha256')
    .update(
      JSON.stringify([definition.method, definition.path, actor, params, query, saoPauloDate(new Date())]),
    )
    .digest('base64url')
    .slice(0, 22);
  return `"${version}-${digest}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` is ignored, `*` matches. */
function ifNoneMatchHolds(header: string, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

function parseOrThrow<T>(schema: z.ZodType<T> | undefined, value: unknown): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(result.error);
  return result.data;
}

export interface RouteDependencies {
  sessions: Sessions;
  redis: Redis;
  allowedOrigins: readonly string[];
}

/** True when a NUL character (which PostgreSQL text cannot hold) is in any string or key of `value`. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 20) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/** Validates the input, runs the handler and answers what its contract promises (after authorize). */
async function answer(
  ctx: Context,
  definition: AnyRoute,
  actor: CallerFor<AccessLevel>,
  em: EntityManager,
  deps: RouteDependencies,
): Promise<void> {
  const rawBody = (ctx.request as { body?: unknown }).body;
  if (holdsNul(ctx.params) || holdsNul(ctx.query) || holdsNul(rawBody))
    throw new HttpError(400, INPUT_MESSAGES.invalidCharacter);
  const params = parseOrThrow(definition.params, ctx.params);
  const query = parseOrThrow(definition.query, ctx.query);
  const body = parseOrThrow(definition.body, rawBody);
  // What the audit trail records of the path and query: the parsed values (an id as a number).
  ctx.state.parsedInput = { params, query };
  const input = { params, query, body, em, ctx, actor, sessions: deps.sessions, redis: deps.redis };
  let dataVersion: number | undefined;
  if (definition.dataVersion) {
    dataVersion = await definition.dataVersion(input);
    const etag = entityTag(definition, actor, params, query, dataVersion);
    ctx.set('ETag', etag);
    if (ifNoneMatchHolds(ctx.get('If-None-Match'), etag)) {
      ctx.status = 304;
      return;
    }
  }
  if (definition.rateLimit) {
    const { keyPrefix, userRateLimits } = deps.sessions.settings;
    await enforceUserRateLimit(ctx, {
      redis: deps.redis,
      keyPrefix,
      name: definition.rateLimit,
      limit: userRateLimits[definition.rateLimit],
      actor,
    });
  }
  if (definition.audit) await snapshotForAudit(ctx, definition.audit, input);
  const result = await definition.handler({ ...input, dataVersion });
  if (definition.audit) await snapshotForAudit(ctx, definition.audit, input, result);
  const checked = definition.response.safeParse(result);
  if (!checked.success) {
    ctx.state.logger?.error(
      { issues: checked.error.issues, path: definition.path },
      'response contract broken',
    );
    throw new Error(`response of ${definition.method.toUpperCase()} ${definition.path} breaks its contract`);
  }
  ctx.status = definition.status ?? 200;
  ctx.body = checked.data;
}

/**
 * A business member's change (issue 28): their role allows it or 403, then the answer; done or
 * refused, it goes to the audit trail with the member (audit.ts `auditMemberAction`).
 */
async function answerAndAuditMember(
  ctx: Context,
  definition: AnyRoute,
  actor: RestaurantActor,
  em: EntityManager,
  deps: RouteDependencies,
): Promise<void> {
  const member = {
    userId: actor.userId,
    restaurantId: actor.restaurantId,
    role: actor.member?.role ?? 'unknown',
  };
  try {
    if (definition.memberAction) assertMemberMay(actor, definition.memberAction);
    await answer(ctx, definition, actor, em, deps);
  } catch (error) {
    await auditMemberAction(ctx, definition, member, { status: answerStatusOf(error), error });
    throw error;
  }
  await auditMemberAction(ctx, definition, member, { status: ctx.status });
}

/** Refuses (403, naming the role) a business member whose role does not allow `action`. */
function assertMemberMay(actor: unknown, action: BusinessAction): void {
  const caller = actor as Partial<RestaurantActor> | null;
  if (caller?.role !== 'restaurant') return; // not a business member: `access` decided
  if (!caller.member) throw new HttpError(403, MESSAGES.common.forbidden);
  if (!memberMay(caller.member.role, action))
    throw new HttpError(403, BUSINESS_MEMBER_MESSAGES.forbiddenForRole(caller.member.role));
}

/** Registers the routes on a router; returns their list (method, path, access), which tests walk. */
export function registerRoutes(
  router: Router,
  routes: readonly AnyRoute[],
  deps: RouteDependencies,
): RegisteredRoute[] {
  for (const definition of routes) {
    if (!definition.access) throw new Error(`${definition.method} ${definition.path} has no access level`);
    if (definition.access === 'restaurant' && !definition.memberAction)
      throw new Error(`${definition.method} ${definition.path} does not say which member action it is`);
    router[definition.method](definition.path, async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      if (definition.sameOriginOnly) assertSameOrigin(ctx, deps.allowedOrigins);
      const em: EntityManager = ctx.state.em;
      // A list versioned by its caller's audience reads that version in the caller's statement.
      // (session/access.ts reads it with the caller when `ctx.state.callerRead` asks for it).
      if (definition.dataVersion === callerDataVersion)
        ctx.state.callerRead = { dataVersion: (version: number) => (ctx.state.callerDataVersion = version) };
      else if (definition.dataVersion === auditTrailVersion)
        ctx.state.callerRead = {
          dataVersion: (version: number) => (ctx.state.callerDataVersion = version),
          adminVersionSql: AUDIT_DATA_VERSION_SQL,
        };
      const actor = await authorize(ctx, definition.access, deps.sessions, em);
      if (definition.access === 'restaurant' && definition.method !== 'get')
        return answerAndAuditMember(ctx, definition, actor as RestaurantActor, em, deps);
      if (definition.memberAction) assertMemberMay(actor, definition.memberAction);
      if (definition.access !== 'admin' || definition.method === 'get')
        return answer(ctx, definition, actor, em, deps);
      // Admin actions, done or refused, go to the audit trail (audit.ts).
      const { adminId } = actor as { adminId: number };
      try {
        await answer(ctx, definition, actor, em, deps);
      } catch (error) {
        await auditAdminAction(ctx, definition, adminId, { status: answerStatusOf(error), error });
        throw error;
      }
      await auditAdminAction(ctx, definition, adminId, { status: ctx.status });
    });
  }
  return routes.map(({ method, path, access }) => ({ method, path, access }));
}
