/**
 * The one origin the browser talks to (default :8080):
 * - `GET /remotes.json`: the remotes of this environment (`Cache-Control: no-store`);
 * - reverse proxies by longest prefix: `/api/…` → shell BFF (path kept), `/bff/<role>/…` → that
 *   role's BFF with the prefix stripped (the BFF sees `/api/…`); a down upstream answers 502;
 * - everything else: the host shell's build, with SPA fallback to index.html and a
 *   Content-Security-Policy that allows scripts from the remotes' origins.
 * Proxying streams with node:http: method, headers (+ X-Forwarded-For/-Proto/-Host), body, status.
 */
import {
  createServer,
  request as httpRequest,
  Agent as HttpAgent,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { type TLSSocket } from 'node:tls';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@turno/domain';
import { UPSTREAM_IDLE_MS } from '@turno/server-runtime';
import { securityHeaders } from './security-headers';
import { createPageHints } from './page-hints';
import {
  cacheControlFor,
  createStaticHandler,
  isHtmlPath,
  listen,
  type RunningServer,
} from './static-server';

/** Same shape as `RemotesConfig` of @turno/contracts. */
export interface GatewayRemotesConfig {
  remotes: readonly { name: string; entry: string }[];
}

export interface ProxyTarget {
  target: string;
  /** Remove the matched prefix before forwarding. Default: true for `/bff/…` prefixes, false otherwise. */
  stripPrefix?: boolean;
}

export interface GatewayOptions {
  /** Default 8080. */
  port?: number;
  /** Default "127.0.0.1". */
  hostname?: string;
  /** The host shell's build (shells/host/dist). */
  hostDist: string;
  remotesConfig: GatewayRemotesConfig;
  /** Path prefix → upstream base URL, e.g. `{ '/bff/restaurant': 'http://127.0.0.1:4002' }`. */
  proxies: Readonly<Record<string, string | ProxyTarget>>;
  /** Upstream answer timeout; default 30 s (then 504). */
  upstreamTimeoutMs?: number;
  /** How long an idle upstream connection is kept for reuse (default UPSTREAM_IDLE_MS, below the BFFs' keep-alive). */
  upstreamIdleMs?: number;
  /** Where upstream failures are reported; default console.warn. */
  log?: (message: string) => void;
  /** Served over HTTPS (PUBLIC_URL https): adds Strict-Transport-Security. Default false. */
  https?: boolean;
  /** On close, how long requests in flight may take to finish before they are cut. Default 10 s. */
  drainMs?: number;
}

interface ProxyRoute {
  prefix: string;
  target: URL;
  stripPrefix: boolean;
}

/** Methods that change nothing, so a request lost on a closing connection may be sent again. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request carries a body (it is streamed to the BFF once, so it cannot be sent again). */
function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** A BFF that cannot be reached (down, killed, restarting): 502 with the pt-BR "try again" of every 502/503. */
export const UNAVAILABLE_BODY = JSON.stringify({ error: SERVICE_UNAVAILABLE_MESSAGE });
const TIMEOUT_BODY = JSON.stringify({ error: 'O serviço demorou para responder. Tente novamente.' });
const NOT_FOUND_BODY = JSON.stringify({ error: 'Rota não encontrada' });
/** `/livez`, `/readyz` of any BFF behind the gateway (`/api/…` or `/bff/<role>/…`). */
const HEALTH_PATH = /^(?:\/api|\/bff\/[^/]+)\/(?:livez|readyz)\/?$/;

/** Headers that describe one connection and must not be forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function withoutHopByHop(headers: IncomingMessage['headers']): OutgoingHttpHeaders {
  const listed = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !listed.has(name)) out[name] = value;
  }
  return out;
}

function compileRoutes(proxies: GatewayOptions['proxies']): ProxyRoute[] {
  return Object.entries(proxies)
    .map(([rawPrefix, value]) => {
      const prefix = rawPrefix.replace(/\/+$/, '');
      const spec = typeof value === 'string' ? { target: value } : value;
      if (!prefix.startsWith('/')) throw new Error(`gateway: proxy prefix must start with "/": ${rawPrefix}`);
      return {
        prefix,
        target: new URL(spec.target),
        stripPrefix: spec.stripPrefix ?? prefix.startsWith('/bff/'),
      };
    })
    .sort((a, b) => b.prefix.length - a.prefix.length);
}

/** The route whose prefix is the longest whole-segment match of `pathname`. */
export function matchRoute<R extends { prefix: string }>(
  routes: readonly R[],
  pathname: string,
): R | undefined {
  return routes.find((r) => pathname === r.prefix || pathname.startsWith(`${r.prefix}/`));
}

/** CSP of the host's HTML: scripts (and the manifests' fetch) allowed from the remotes' origins. */
export function contentSecurityPolicy(remotesConfig: GatewayRemotesConfig): string {
  const origins = [
    ...new Set(
      remotesConfig.remotes.flatMap(({ entry }) =>
        /^https?:\/\//.test(entry) ? [new URL(entry).origin] : [],
      ),
    ),
  ];
  const withRemotes = (...sources: string[]) => [...sources, ...origins].join(' ');
  return [
    "default-src 'self'",
    `script-src ${withRemotes("'self'")}`,
    `connect-src ${withRemotes("'self'")}`,
    `img-src ${withRemotes("'self'", 'data:', 'blob:')}`,
    // The design system injects one <style> element; React sets style attributes.
    `style-src ${withRemotes("'self'", "'unsafe-inline'")}`,
    `font-src ${withRemotes("'self'", 'data:')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function sendJson(res: ServerResponse, status: number, body: string, extra: OutgoingHttpHeaders = {}): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...extra,
  });
  res.end(body);
}

export function startGateway(options: GatewayOptions): Promise<RunningServer> {
  const {
    hostDist,
    remotesConfig,
    port = 8080,
    hostname = '127.0.0.1',
    upstreamTimeoutMs = 30_000,
    upstreamIdleMs = UPSTREAM_IDLE_MS,
    https = false,
    drainMs = 10_000,
  } = options;
  const always = securityHeaders({ https });
  const log = options.log ?? ((message: string) => console.warn(message));
  const routes = compileRoutes(options.proxies);
  const remotesBody = JSON.stringify(remotesConfig);
  const csp = contentSecurityPolicy(remotesConfig);
  // An idle pooled connection is dropped before a BFF would close it (server-runtime keep-alive.ts);
  // a request's own timeout (upstreamTimeoutMs) replaces this one while it is in use.
  const pool = { keepAlive: true, timeout: upstreamIdleMs };
  const agents = { http: new HttpAgent(pool), https: new HttpsAgent(pool) };
  const htmlHeaders = {
    'Content-Security-Policy': csp,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
  const serveHost = createStaticHandler({
    root: hostDist,
    spaFallback: true,
    https,
    headers: (pathname): Record<string, string> => (isHtmlPath(pathname) ? htmlHeaders : {}),
  });

  const pageHints = createPageHints({ hostDist, remotesConfig });

  /** A page that shows a remote: the host's HTML with its early hints (page-hints.ts); else as built. */
  function servePage(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    pageHints.htmlFor(pathname, req.headers.cookie).then(
      (html) => {
        if (html === undefined) return serveHost(req, res);
        const body = Buffer.from(html);
        res.writeHead(200, {
          ...htmlHeaders,
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Length': body.length,
          'Cache-Control': cacheControlFor(pathname),
          // The hints depend on the area hint cookie.
          Vary: 'Cookie, Accept-Encoding',
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => serveHost(req, res),
    );
  }

  function proxy(req: IncomingMessage, res: ServerResponse, route: ProxyRoute, attempt = 1): void {
    const incoming = new URL(req.url ?? '/', 'http://gateway.invalid');
    const rest = route.stripPrefix ? incoming.pathname.slice(route.prefix.length) : incoming.pathname;
    const basePath = route.target.pathname.replace(/\/+$/, '');
    const path = `${basePath}${rest.startsWith('/') ? rest : `/${rest}`}${incoming.search}`;

    const headers = withoutHopByHop(req.headers);
    const clientIp = req.socket.remoteAddress ?? '';
    const priorFor = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = priorFor ? `${String(priorFor)}, ${clientIp}` : clientIp;
    headers['x-forwarded-proto'] = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
    headers['x-forwarded-host'] = req.headers.host ?? '';
    headers.host = route.target.host;

    const secure = route.target.protocol === 'https:';
    const upstream = (secure ? httpsRequest : httpRequest)({
      protocol: route.target.protocol,
      hostname: route.target.hostname,
      port: route.target.port,
      method: req.method,
      path,
      headers,
      agent: attempt > 1 ? false : secure ? agents.https : agents.http,
    });

    let failed = false;
    upstream.setTimeout(upstreamTimeoutMs, () =>
      upstream.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' })),
    );
    upstream.on('response', (upstreamRes) => {
      res.writeHead(
        upstreamRes.statusCode ?? 502,
        upstreamRes.statusMessage,
        withoutHopByHop(upstreamRes.headers),
      );
      upstreamRes.on('error', () => res.destroy());
      upstreamRes.pipe(res);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (failed) return;
      failed = true;
      req.unpipe(upstream);
      if (res.destroyed) return; // the browser left first
      // A kept-alive connection the BFF closed as this request went out on it (its idle timeout and
      // our reuse crossed): a read is sent again once, on a connection of its own (Node's documented
      // use of `reusedSocket`). Writes are not: their first attempt may have reached the handler.
      if (
        upstream.reusedSocket &&
        error.code === 'ECONNRESET' &&
        !res.headersSent &&
        attempt === 1 &&
        SAFE_METHODS.has(req.method ?? '') &&
        !hasBody(req)
      ) {
        proxy(req, res, route, attempt + 1);
        return;
      }
      log(
        `[gateway] ${req.method} ${incoming.pathname} → ${route.target.origin}: ${error.code ?? error.message}`,
      );
      if (res.headersSent) res.destroy(error);
      else if (error.code === 'ETIMEDOUT') sendJson(res, 504, TIMEOUT_BODY);
      else sendJson(res, 502, UNAVAILABLE_BODY);
    });
    // The browser went away: stop the upstream call too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.on('error', () => upstream.destroy());
    if (attempt === 1) req.pipe(upstream);
    else upstream.end();
  }

  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(always)) res.setHeader(name, value);
    const pathname = new URL(req.url ?? '/', 'http://gateway.invalid').pathname;
    // Health checks are for the orchestrator, on each BFF's own port: never through the gateway.
    if (HEALTH_PATH.test(pathname)) return sendJson(res, 404, NOT_FOUND_BODY);
    const route = matchRoute(routes, pathname);
    if (route) return proxy(req, res, route);
    if (pathname === '/remotes.json') {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return sendJson(res, 405, NOT_FOUND_BODY, { Allow: 'GET, HEAD' });
      return sendJson(res, 200, remotesBody, { 'Cache-Control': 'no-store' });
    }
    // API-looking paths that no proxy serves must not fall back to the SPA's HTML.
    if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/bff/')) {
      return sendJson(res, 404, NOT_FOUND_BODY);
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && isHtmlPath(pathname))
      return servePage(req, res, pathname);
    serveHost(req, res);
  });

  return listen(server, port, hostname, { drainMs }).then((running) => ({
    url: running.url,
    close: async () => {
      await running.close();
      agents.http.destroy();
      agents.https.destroy();
    },
  }));
}
