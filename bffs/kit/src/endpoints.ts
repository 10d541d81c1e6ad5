import type Koa from 'koa';
import type Router from '@koa/router';
import type { AnyRoute, HttpMethod } from './route';

/** One method + path an app's routers answer, with the route definition behind it (if any). */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  /** Undefined for a path registered on a router without `route()` (health checks, or a mistake). */
  definition: AnyRoute | undefined;
}

const WALKED_METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

/**
 * Every endpoint the app's routers really registered, read from the app's middleware (each
 * `router.routes()` middleware carries its router), not from the list the app was given: a route
 * that was defined but never mounted, or mounted without a definition, shows here as it is.
 */
export function registeredEndpoints(app: Koa, definitions: readonly AnyRoute[]): Endpoint[] {
  const byKey = new Map(
    definitions.map((definition) => [`${definition.method} ${definition.path}`, definition]),
  );
  const endpoints: Endpoint[] = [];
  for (const middleware of app.middleware) {
    const router = (middleware as { router?: Router }).router;
    if (!router) continue;
    for (const layer of router.stack) {
      for (const raw of layer.methods) {
        const method = raw.toLowerCase();
        if (!WALKED_METHODS.has(method)) continue;
        const path = String(layer.path);
        endpoints.push({
          method: method as HttpMethod,
          path,
          definition: byKey.get(`${method} ${path}`),
        });
      }
    }
  }
  return endpoints;
}
