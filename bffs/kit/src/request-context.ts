import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { RequestContext, type Orm as MikroORM } from '@turno/core';
import { hashClientIp, type Logger } from '@turno/server-runtime';

/** Who made a request, as its log line names them (set when the session is read: session/access.ts). */
export interface LoggedCaller {
  kind: 'admin' | 'restaurant' | 'freelancer' | 'user';
  id: number;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * Gives each request an id (kept from X-Request-Id when well-formed), a child logger and an access
 * log line with the caller (kind and id, once the session was read) and the client address hashed
 * (`hashClientIp`), never the address itself.
 */
export function requestLogging(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    // The request's child logger is made when something logs through it (most requests log only
    // their access line, written below with the same fields in the same order).
    let child: Logger | undefined;
    Object.defineProperty(ctx.state, 'logger', {
      configurable: true,
      enumerable: true,
      get: () => (child ??= logger.child({ requestId })),
      set: (value: Logger) => (child = value),
    });
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const line = child ?? logger;
      if (line.isLevelEnabled('info')) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        line.info(
          {
            ...(child ? {} : { requestId }),
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms: Math.round(ms * 10) / 10,
            caller: (ctx.state.caller as LoggedCaller | undefined) ?? null,
            ipHash: hashClientIp(ctx.ip),
          },
          'request',
        );
      }
    }
  };
}

/** One MikroORM EntityManager fork per request: identity maps never leak between requests. */
export function entityManagerPerRequest(orm: MikroORM): Middleware {
  return (ctx, next) => {
    const em = orm.em.fork();
    ctx.state.em = em;
    return RequestContext.create(em, next);
  };
}
