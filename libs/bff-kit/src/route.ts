import type { Context } from 'koa';
import type Router from '@koa/router';
import type { EntityManager } from '@turno/core';
import { type z } from 'zod';
import { ValidationError } from './errors';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  em: EntityManager;
  ctx: Context;
}

/**
 * One endpoint: its path, the zod schemas of everything that crosses the boundary, and a handler
 * that receives validated input. The answer is validated against `response` before it leaves,
 * so a BFF never sends what its contract does not promise.
 */
export interface RouteDefinition<P = unknown, Q = unknown, B = unknown, R = unknown> {
  method: HttpMethod;
  path: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  response: z.ZodType<R>;
  /** HTTP status of a successful answer (200 unless said). */
  status?: number;
  handler: (input: RouteInput<P, Q, B>) => Promise<R> | R;
}

export function route<P = Record<string, never>, Q = Record<string, never>, B = undefined, R = unknown>(
  definition: RouteDefinition<P, Q, B, R>,
): RouteDefinition<P, Q, B, R> {
  return definition;
}

function parseOrThrow<T>(schema: z.ZodType<T> | undefined, value: unknown): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(result.error);
  return result.data;
}

/** Registers the routes on a router; returns their list (method + path), which tests walk. */
export function registerRoutes(
  router: Router,
  routes: readonly RouteDefinition<any, any, any, any>[], // eslint-disable-line @typescript-eslint/no-explicit-any
): { method: HttpMethod; path: string }[] {
  for (const definition of routes) {
    router[definition.method](definition.path, async (ctx) => {
      const params = parseOrThrow(definition.params, ctx.params);
      const query = parseOrThrow(definition.query, ctx.query);
      const body = parseOrThrow(definition.body, (ctx.request as { body?: unknown }).body);
      const result = await definition.handler({ params, query, body, em: ctx.state.em, ctx });
      const checked = definition.response.safeParse(result);
      if (!checked.success) {
        ctx.state.logger?.error({ issues: checked.error.issues, path: definition.path }, 'response contract broken');
        throw new Error(`response of ${definition.method.toUpperCase()} ${definition.path} breaks its contract`);
      }
      ctx.status = definition.status ?? 200;
      ctx.body = checked.data;
    });
  }
  return routes.map(({ method, path }) => ({ method, path }));
}
