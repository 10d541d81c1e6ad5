import type { Context } from 'koa';
import {
  readAuditSnapshot,
  recordAudit,
  type AuditOutcome,
  type AuditRecordRef,
  type AuditSnapshot,
  type EntityManager,
} from '@turno/core';
import type { AnyRoute } from './route';
import { hashId } from './session/store';

/** What a before/after read of an admin action gets: the validated input, and the answer after it ran. */
export interface RouteAuditInput<P, B, R> {
  params: P;
  body: B;
  em: EntityManager;
  /** The handler's answer: undefined on the read before the action. */
  result?: R;
}

/**
 * Before/after values of an admin route (issue 12): the records it changes, named from its input
 * (and, after it ran, from its answer: the ids it created). The kit reads their relevant fields
 * (services/core/src/audit/audit-snapshots.ts, set-based) just before and just after the handler,
 * and the audit row keeps both: a create has only `after`, a delete only `before`.
 */
export interface RouteAudit<P = unknown, B = unknown, R = unknown> {
  records: (input: RouteAuditInput<P, B, R>) => AuditRecordRef[] | Promise<AuditRecordRef[]>;
  /** Values the answer itself carries (e.g. an invoice generation run), added to `after`. */
  answer?: (result: R) => AuditSnapshot;
}

interface AuditState {
  before?: AuditSnapshot;
  after?: AuditSnapshot;
}

/**
 * Reads the route's records before (`result` undefined) or after the handler into the request's
 * state, for `auditAdminAction`. A failed read is logged and leaves the action alone.
 */
export async function snapshotForAudit(
  ctx: Context,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  audit: RouteAudit<any, any, any>,
  input: { params: unknown; body: unknown; em: EntityManager },
  ...result: [] | [unknown]
): Promise<void> {
  const state: AuditState = (ctx.state.audit ??= {});
  try {
    const after = result.length > 0;
    const refs = await audit.records({
      params: input.params,
      body: input.body,
      em: input.em,
      result: result[0],
    });
    const snapshot = await readAuditSnapshot(input.em, refs);
    if (!after) state.before = snapshot;
    else state.after = { ...snapshot, ...(audit.answer ? audit.answer(result[0]) : {}) };
  } catch (error) {
    ctx.state.logger?.error({ err: error }, 'audit snapshot failed');
  }
}

/**
 * The before/after reads of a BFF's admin routes, kept beside its route list instead of in each
 * route (`'POST /api/admin/jobs': { records: … }`): returns the routes with their `audit` set. A key
 * that names no route throws, so a renamed route cannot silently lose its trail.
 */
export function withAuditSnapshots<T extends AnyRoute>(
  routes: readonly T[],
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  audits: Record<string, RouteAudit<any, any, any>>,
): T[] {
  const key = (route: AnyRoute) => `${route.method.toUpperCase()} ${route.path}`;
  const known = new Set(routes.map(key));
  for (const name of Object.keys(audits))
    if (!known.has(name)) throw new Error(`audit snapshot for an unknown route: ${name}`);
  return routes.map((route) => (audits[key(route)] ? { ...route, audit: audits[key(route)] } : route));
}

/**
 * Every admin action lands in the audit trail (services/core/src/audit): each state-changing route
 * of access `admin`, whether it succeeded or was refused, with the admin, the route, the record
 * (the last path parameter and the segment before it), the input without secrets, the answer's
 * status and the request id; on success, the before/after values of the records it changed
 * (`RouteAudit`, read by `snapshotForAudit`). Written after the answer is decided; a failure to write is logged and
 * does not change the answer.
 */
export async function auditAdminAction(
  ctx: Context,
  route: { method: string; path: string },
  adminId: number,
  outcome: { status: number; error?: unknown },
): Promise<void> {
  await auditRouteAction(ctx, route, { kind: 'admin', id: adminId }, outcome);
}

/**
 * Every state-changing action of a business's member (issue 28: owner, store manager, supervisor)
 * lands in the same trail, done or refused: the person (`actor_kind` 'user', their user id; the
 * trail shows their name), their business and role, the route, the record and the input without
 * secrets.
 */
export async function auditMemberAction(
  ctx: Context,
  route: { method: string; path: string },
  member: { userId: number; restaurantId: number; role: string },
  outcome: { status: number; error?: unknown },
): Promise<void> {
  await auditRouteAction(
    ctx,
    route,
    {
      kind: 'user',
      id: member.userId,
      details: { business: { id: member.restaurantId, role: member.role } },
    },
    outcome,
  );
}

async function auditRouteAction(
  ctx: Context,
  route: { method: string; path: string },
  actor: { kind: 'admin' | 'user'; id: number; details?: Record<string, unknown> },
  outcome: { status: number; error?: unknown },
): Promise<void> {
  const em: EntityManager | undefined = ctx.state.em;
  if (!em) return;
  // The parsed path and query (`{ id: 7 }`) once they passed their schemas; as sent when refused.
  const parsed = ctx.state.parsedInput as { params?: unknown; query?: unknown } | undefined;
  const params = (parsed?.params ?? ctx.params ?? {}) as Record<string, unknown>;
  const changes: AuditState = ctx.state.audit ?? {};
  // A route without an id in its path (a create) names the first record it made.
  const created = Object.keys(changes.after ?? {})[0]?.split(':');
  const target =
    auditTarget(route.path, params) ??
    (created?.length === 2 ? { type: created[0]!, id: created[1]! } : null);
  const result: AuditOutcome = outcome.status < 400 ? 'success' : outcome.status < 500 ? 'refused' : 'failed';
  try {
    await recordAudit(em, {
      actorKind: actor.kind,
      actorId: actor.id,
      action: `${route.method.toUpperCase()} ${route.path}`,
      outcome: result,
      status: outcome.status,
      targetType: target?.type ?? null,
      targetId: target?.id ?? null,
      details: {
        ...actor.details,
        params,
        query: parsed ? (parsed.query ?? {}) : ctx.query,
        input: (ctx.request as { body?: unknown }).body ?? null,
        ...(outcome.error instanceof Error && outcome.status < 500 ? { refusal: outcome.error.message } : {}),
        ...(changes.before && outcome.status < 400 ? { before: changes.before } : {}),
        ...(changes.after && outcome.status < 400 ? { after: changes.after } : {}),
      },
      requestId: (ctx.state.requestId as string | undefined) ?? null,
      ipHash: hashId(ctx.ip),
    });
  } catch (error) {
    ctx.state.logger?.error({ err: error }, 'audit trail write failed');
  }
}

/** `/api/admin/restaurants/:id/approve` + `{ id: 7 }` → `{ type: 'restaurants', id: '7' }`. */
export function auditTarget(
  path: string,
  params: Record<string, unknown>,
): { type: string; id: string } | null {
  const segments = path.split('/');
  for (let index = segments.length - 1; index > 0; index--) {
    const segment = segments[index]!;
    if (!segment.startsWith(':')) continue;
    const value = params[segment.slice(1)];
    const type = segments[index - 1];
    if (value !== undefined && value !== null && type && !type.startsWith(':'))
      return { type, id: String(value) };
  }
  return null;
}
