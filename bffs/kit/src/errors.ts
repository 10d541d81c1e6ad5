import type { Middleware } from 'koa';
import { type z } from 'zod';
import { describeZodError } from '@turno/contracts';
import { MESSAGES, SERVICE_UNAVAILABLE_MESSAGE } from '@turno/domain';
import { databaseRefusal, dependencyUnavailable } from '@turno/server-runtime';

export { dependencyUnavailable };

/**
 * A refusal with an HTTP status and a pt-BR message a person can read.
 * Everything a BFF throws on purpose is one of these.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string = MESSAGES.common.notFound) => new HttpError(404, message);

/** Something the caller sent failed its zod schema: 400 with the first issue, in pt-BR. */
export class ValidationError extends HttpError {
  constructor(readonly zodError: z.ZodError) {
    super(400, describeZodError(zodError));
  }
}

/**
 * Domain services signal refusals with their own typed errors; any error that carries a numeric
 * `status` (4xx) and a message is answered as is; a PostgreSQL refusal of the data (too long, out of
 * range, a constraint) is a pt-BR 400/409 (database-errors.ts); PostgreSQL or Redis out of reach is a
 * pt-BR 503 with Retry-After. Everything else is a 500 whose detail stays in the log.
 */
function statusOf(error: unknown): number | undefined {
  if (error instanceof HttpError) return error.status;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** Seconds a client is told to wait (Retry-After) when a server behind the BFF is out of reach. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The status the error middleware will answer for this error (4xx refusals, 503 unavailable, else 500). */
export function answerStatusOf(error: unknown): number {
  return statusOf(error) ?? databaseRefusal(error)?.status ?? (dependencyUnavailable(error) ? 503 : 500);
}

export function errorMiddleware(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { error: MESSAGES.common.routeNotFound };
      }
    } catch (error) {
      const status = statusOf(error);
      if (status !== undefined) {
        ctx.status = status;
        ctx.body = { error: (error as Error).message };
        return;
      }
      const refusal = databaseRefusal(error);
      if (refusal) {
        ctx.state.logger?.warn({ code: (error as { code: string }).code }, 'database refused the data');
        ctx.status = refusal.status;
        ctx.body = { error: refusal.message };
        return;
      }
      if (dependencyUnavailable(error)) {
        ctx.state.logger?.warn({ err: error }, 'dependency unavailable');
        ctx.status = 503;
        ctx.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        ctx.body = { error: SERVICE_UNAVAILABLE_MESSAGE };
        return;
      }
      ctx.state.logger?.error({ err: error }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { error: MESSAGES.common.internal };
    }
  };
}
