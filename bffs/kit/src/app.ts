import Koa from 'koa';
import Router from '@koa/router';
import type { Orm as MikroORM } from '@turno/core';
import type { Redis } from 'ioredis';
import { configureZodPtBR } from '@turno/contracts';
import { errorMiddleware } from './errors';
import { jsonBody } from './json-body';
import { createLogger, type Logger } from '@turno/server-runtime';
import { entityManagerPerRequest, requestLogging } from './request-context';
import { registerHealthRoutes } from './health';
import { registeredEndpoints, type Endpoint } from './endpoints';
import { sendRawStatementsThroughPool } from './raw-statements';
import { registerRoutes, type AnyRoute, type RegisteredRoute } from './route';
import { createLiveService, type LiveOptions, type LiveService } from './live/live-service';
import { csrfGuard } from './session/csrf';
import { Sessions } from './session/sessions';
import { securitySettings, type SecuritySettings } from './session/settings';

export interface BffDependencies {
  orm: MikroORM;
  redis: Redis;
  logger?: Logger;
  /** Public origin, cookie flags, session timeouts and Redis key prefix; default: from the environment. */
  security?: SecuritySettings;
}

export interface BffAppOptions extends BffDependencies {
  /** Service name on every log line, e.g. `bff-restaurant`. */
  name: string;
  routes: readonly AnyRoute[];
  /**
   * Live updates: `GET /api/events`, the Server-Sent Events stream of the changes that concern the
   * caller, for the one role given (its access is checked like any route's).
   */
  live?: LiveOptions;
}

export interface BffApp {
  app: Koa;
  logger: Logger;
  sessions: Sessions;
  security: SecuritySettings;
  /** Every route definition given to the app (method, path, access). */
  routes: RegisteredRoute[];
  /** What the app's routers really answer, read from its middleware: the route walk's input. */
  endpoints: () => Endpoint[];
  /** The live-update streams, when the app serves them. */
  live: LiveService | undefined;
  /** Ends what the app holds open (live streams and their LISTEN connection); call before closing the server. */
  close(): Promise<void>;
}

/**
 * On every answer, errors and health checks included: no MIME sniffing of JSON, no referrer, no
 * framing, and HSTS when served over HTTPS (secure cookies mean an HTTPS portal).
 */
/**
 * A BFF answers data, never a page to run: JSON (and anything else that did not choose its own
 * policy) gets a CSP that allows nothing and no framing. A route that serves a document (the
 * invoice print page) sets its own CSP, which is kept. PDFs get only `frame-ancestors 'none'`, so
 * the browser's PDF viewer keeps working.
 */
export const API_ANSWER_CSP =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
export const DOCUMENT_ANSWER_CSP = "frame-ancestors 'none'";

function securityHeaders(https: boolean): Koa.Middleware {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  return async (ctx, next) => {
    ctx.set(headers);
    try {
      await next();
    } finally {
      // Koa ignores a header set after a streamed answer (live events) has sent its own.
      if (!ctx.response.get('Content-Security-Policy')) {
        ctx.set(
          'Content-Security-Policy',
          ctx.type === 'application/pdf' ? DOCUMENT_ANSWER_CSP : API_ANSWER_CSP,
        );
      }
    }
  };
}

/** How many proxies in front of a BFF append to X-Forwarded-For (the gateway: 1); ctx.ip is the client before them. */
function trustedProxyHops(env: NodeJS.ProcessEnv = process.env): number {
  const hops = Number(env.TRUST_PROXY_HOPS ?? '1');
  return Number.isInteger(hops) && hops >= 0 ? hops : 1;
}

/**
 * The one way a BFF is made: request id and JSON logs, pt-BR error answers `{ error }`, cross-site
 * state changes refused (403), JSON bodies only, an EntityManager per request (forked on first ORM
 * use), `/livez` and `/readyz`, then the BFF's own routes, each behind its access level (401 /
 * 403), and with `live` the `GET /api/events` stream.
 */
export function createBffApp(options: BffAppOptions): BffApp {
  configureZodPtBR();
  sendRawStatementsThroughPool(options.orm);
  const logger = options.logger ?? createLogger(options.name);
  const security = options.security ?? securitySettings();
  const hops = trustedProxyHops();
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  app.silent = true;
  const sessions = new Sessions(options.redis, security);

  const health = new Router();
  registerHealthRoutes(health, options);

  const live = options.live
    ? createLiveService(options.live, { orm: options.orm, sessions, logger, name: options.name })
    : undefined;
  const definitions = live ? [...options.routes, live.route] : options.routes;

  const api = new Router();
  const routes = registerRoutes(api, definitions, {
    sessions,
    redis: options.redis,
    allowedOrigins: security.allowedOrigins,
  });

  app.use(securityHeaders(security.cookieSecure));
  app.use(requestLogging(logger));
  app.use(errorMiddleware());
  app.use(health.routes());
  app.use(csrfGuard(security.allowedOrigins));
  app.use(jsonBody());
  app.use(entityManagerPerRequest(options.orm));
  app.use(api.routes());
  app.use(api.allowedMethods());

  return {
    app,
    logger,
    sessions,
    security,
    routes,
    endpoints: () => registeredEndpoints(app, definitions),
    live,
    close: async () => {
      await live?.close();
    },
  };
}
