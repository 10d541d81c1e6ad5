import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { EntityManager, Orm as MikroORM } from '@turno/core';
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

/** What a request's EntityManager proxy holds: the ORM's, its fork once made, methods bound to it. */
interface LazyFork {
  global: EntityManager;
  fork: EntityManager | undefined;
  bound: Map<PropertyKey, { from: unknown; to: unknown }> | undefined;
  getConnection: EntityManager['getConnection'];
}

function forkOf(state: LazyFork): EntityManager {
  return (state.fork ??= state.global.fork());
}

/** One handler for every request (no closures made per request): the state is the proxy's target. */
const LAZY_FORK: ProxyHandler<LazyFork> = {
  get(state, property) {
    if (property === 'getConnection') return state.getConnection;
    const em = forkOf(state);
    const value: unknown = Reflect.get(em, property, em);
    if (typeof value !== 'function') return value;
    // A method runs on the fork (`this` is the fork, as `em.fork()`'s own callers see it).
    state.bound ??= new Map();
    const known = state.bound.get(property);
    if (known?.from === value) return known.to;
    const to = (value as (...args: unknown[]) => unknown).bind(em);
    state.bound.set(property, { from: value, to });
    return to;
  },
  set: (state, property, value) => Reflect.set(forkOf(state), property, value),
  has: (state, property) => Reflect.has(forkOf(state), property),
  deleteProperty: (state, property) => Reflect.deleteProperty(forkOf(state), property),
  ownKeys: (state) => Reflect.ownKeys(forkOf(state)),
  getOwnPropertyDescriptor: (state, property) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(forkOf(state), property);
    // A proxy may not report a property non-configurable that its target lacks.
    return descriptor && { ...descriptor, configurable: true };
  },
  defineProperty: (state, property, descriptor) =>
    Reflect.defineProperty(forkOf(state), property, descriptor),
  getPrototypeOf: (state) => Object.getPrototypeOf(state.global) as object,
};

/**
 * An EntityManager of its own per request (identity maps never leak between requests), forked on
 * first use: `em.getConnection()` — what every read model and the caller's lookup use, raw SQL —
 * needs no fork (the connection is the ORM's, shared by every fork), so a list request that reads
 * only through it makes none. Anything else (a find, a flush, a transaction) forks the ORM's
 * EntityManager once and goes to that fork, its methods bound to it. No MikroORM RequestContext:
 * every handler, service and read model gets its `em` passed (none resolves the global `orm.em`
 * from a context), and an AsyncLocalStorage run per request would cost every promise of the
 * request its hooks.
 */
export function lazyEntityManager(orm: MikroORM): EntityManager {
  const state: LazyFork = {
    global: orm.em,
    fork: undefined,
    bound: undefined,
    getConnection: (type) => (state.fork ?? state.global).getConnection(type),
  };
  return new Proxy(state, LAZY_FORK) as unknown as EntityManager;
}

/** `ctx.state.em`: the request's own EntityManager (`lazyEntityManager`). */
export function entityManagerPerRequest(orm: MikroORM): Middleware {
  return (ctx, next) => {
    ctx.state.em = lazyEntityManager(orm);
    return next();
  };
}
