import Koa from 'koa';
import Router from '@koa/router';
import type { Orm as MikroORM } from '@turno/core';
import type { Redis } from 'ioredis';
import { configureZodPtBR } from '@turno/contracts';
import { errorMiddleware } from './errors';
import { jsonBody } from './json-body';
import { createLogger, type Logger } from './logger';
import { entityManagerPerRequest, requestLogging } from './request-context';
import { registerHealthRoutes } from './health';
import { registerRoutes, type HttpMethod, type RouteDefinition } from './route';

export interface BffDependencies {
  orm: MikroORM;
  redis: Redis;
  logger?: Logger;
}

export interface BffAppOptions extends BffDependencies {
  /** Service name on every log line, e.g. `bff-restaurant`. */
  name: string;
  routes: readonly RouteDefinition<any, any, any, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface BffApp {
  app: Koa;
  logger: Logger;
  /** Every registered endpoint, for tests that walk them all. */
  routes: { method: HttpMethod; path: string }[];
}

/**
 * The one way a BFF is made: request id and JSON logs, pt-BR error answers `{ error }`, JSON bodies
 * only, an EntityManager fork per request, `/livez` and `/readyz`, then the BFF's own routes.
 */
export function createBffApp(options: BffAppOptions): BffApp {
  configureZodPtBR();
  const logger = options.logger ?? createLogger(options.name);
  const app = new Koa({ proxy: true });
  app.silent = true;

  const health = new Router();
  registerHealthRoutes(health, options);

  const api = new Router();
  const routes = registerRoutes(api, options.routes);

  app.use(requestLogging(logger));
  app.use(errorMiddleware());
  app.use(health.routes());
  app.use(jsonBody());
  app.use(entityManagerPerRequest(options.orm));
  app.use(api.routes());
  app.use(api.allowedMethods());

  return { app, logger, routes };
}
