import type { Context } from 'koa';
import { recordAudit, type AuditOutcome, type EntityManager } from '@turno/core';
import { hashId } from './session/store';

/**
 * Every admin action lands in the audit trail (services/core/src/audit): each state-changing route
 * of access `admin`, whether it succeeded or was refused, with the admin, the route, the record
 * (the last path parameter and the segment before it), the input without secrets, the answer's
 * status and the request id. Written after the answer is decided; a failure to write is logged and
 * does not change the answer.
 */
export async function auditAdminAction(
  ctx: Context,
  route: { method: string; path: string },
  adminId: number,
  outcome: { status: number; error?: unknown },
): Promise<void> {
  const em: EntityManager | undefined = ctx.state.em;
  if (!em) return;
  const params = (ctx.params ?? {}) as Record<string, string>;
  const target = auditTarget(route.path, params);
  const result: AuditOutcome = outcome.status < 400 ? 'success' : outcome.status < 500 ? 'refused' : 'failed';
  try {
    await recordAudit(em, {
      actorKind: 'admin',
      actorId: adminId,
      action: `${route.method.toUpperCase()} ${route.path}`,
      outcome: result,
      status: outcome.status,
      targetType: target?.type ?? null,
      targetId: target?.id ?? null,
      details: {
        params,
        query: ctx.query,
        input: (ctx.request as { body?: unknown }).body ?? null,
        ...(outcome.error instanceof Error && outcome.status < 500 ? { refusal: outcome.error.message } : {}),
      },
      requestId: (ctx.state.requestId as string | undefined) ?? null,
      ipHash: hashId(ctx.ip),
    });
  } catch (error) {
    ctx.state.logger?.error({ err: (error as Error).message }, 'audit trail write failed');
  }
}

/** `/api/admin/restaurants/:id/approve` + `{ id: '7' }` → `{ type: 'restaurants', id: '7' }`. */
export function auditTarget(
  path: string,
  params: Record<string, string>,
): { type: string; id: string } | null {
  const segments = path.split('/');
  for (let index = segments.length - 1; index > 0; index--) {
    const segment = segments[index]!;
    if (!segment.startsWith(':')) continue;
    const value = params[segment.slice(1)];
    const type = segments[index - 1];
    if (value !== undefined && type && !type.startsWith(':')) return { type, id: value };
  }
  return null;
}
