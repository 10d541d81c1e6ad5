import type { Context, Middleware } from 'koa';
import { MESSAGES } from '@turno/domain';
import { HttpError } from '../errors';

export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * True when a browser says the request comes from another site: `Sec-Fetch-Site` is `cross-site`
 * or `same-site` (another port or subdomain is not the portal), or `Origin` is present and is not
 * one of the portal's origins. Requests without either header (curl, server-to-server) carry no
 * ambient browser cookies from another site, so they pass.
 */
export function isCrossSiteRequest(ctx: Context, allowedOrigins: readonly string[]): boolean {
  const site = ctx.get('sec-fetch-site').toLowerCase();
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = ctx.get('origin');
  return origin !== '' && !allowedOrigins.includes(origin);
}

export function assertSameOrigin(ctx: Context, allowedOrigins: readonly string[]): void {
  if (isCrossSiteRequest(ctx, allowedOrigins)) {
    ctx.state.logger?.warn(
      { origin: ctx.get('origin') || null, secFetchSite: ctx.get('sec-fetch-site') || null, path: ctx.path },
      'cross-site request refused',
    );
    throw new HttpError(403, MESSAGES.common.crossSiteRefused);
  }
}

/** Refuses every state-changing request (POST, PUT, PATCH, DELETE) that comes from another site: 403. */
export function csrfGuard(allowedOrigins: readonly string[]): Middleware {
  return (ctx, next) => {
    if (STATE_CHANGING_METHODS.has(ctx.method)) assertSameOrigin(ctx, allowedOrigins);
    return next();
  };
}
