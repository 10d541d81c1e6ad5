/**
 * Static file serving for built apps (the remotes' dist folders, and the host's inside the gateway).
 *
 * - Files are looked up on every request (sirv `dev` mode), so a rebuilt app is served at once,
 *   without restarting anything.
 * - Caching: content-hashed files (`name.1a2b3c4d.js`) are immutable for a year; everything else
 *   (`mf-manifest.json`, `remoteEntry.js`, `index.html`, …) is `no-cache` (revalidated by ETag).
 * - Precompressed `.gz` siblings (written by the build) are sent to clients that accept gzip.
 * - CORS for the allowed origins: the host page loads remotes from other origins.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import sirv from 'sirv';
import { STANDALONE_PAGE_CSP, securityHeaders } from './security-headers';

export interface RunningServer {
  /** e.g. "http://127.0.0.1:3101" */
  url: string;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  port: number;
  /** The folder to serve, e.g. remotes/restaurant/dist. */
  root: string;
  /** Origins allowed to read these files cross-origin (the gateway's origin); "*" allows any. */
  allowOrigins: readonly string[];
  /** Answer unknown extensionless paths with index.html (single-page apps). Default false. */
  spaFallback?: boolean;
  /** Interface to listen on. Default "127.0.0.1". */
  hostname?: string;
  /** Served over HTTPS (adds Strict-Transport-Security). Default false. */
  https?: boolean;
}

export interface StaticHandlerOptions {
  root: string;
  spaFallback?: boolean;
  /** Extra headers for a request path, e.g. a Content-Security-Policy for HTML pages. */
  headers?: (pathname: string) => Record<string, string>;
  /** Served over HTTPS (adds Strict-Transport-Security). Default false. */
  https?: boolean;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

const VARY = 'Origin, Accept-Encoding';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

/** Cache-Control for a request path: immutable for content-hashed files, revalidate for the rest. */
export function cacheControlFor(pathname: string): string {
  const file = pathname.slice(pathname.lastIndexOf('/') + 1);
  return HASHED_FILE.test(file) ? IMMUTABLE : 'no-cache';
}

/** True when a path is answered with an HTML page: *.html, or an extensionless path (index.html / SPA). */
export function isHtmlPath(pathname: string): boolean {
  const file = pathname.slice(pathname.lastIndexOf('/') + 1);
  return file.endsWith('.html') || !file.includes('.');
}

function requestPath(req: IncomingMessage): string {
  const raw = (req.url ?? '/').split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function notFound(_req: IncomingMessage, res: ServerResponse): void {
  res.statusCode = 404;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.end('Não encontrado');
}

/** GET/HEAD handler for a folder of built files (used by the static server and the gateway). */
export function createStaticHandler({
  root,
  spaFallback = false,
  headers,
  https = false,
}: StaticHandlerOptions): RequestHandler {
  const always = securityHeaders({ https });
  const serve = sirv(root, {
    dev: true,
    etag: true,
    gzip: true,
    single: spaFallback,
    onNoMatch: notFound,
    // sirv sets `Vary: Accept-Encoding`; answers also vary by CORS origin.
    setHeaders: (res) => res.setHeader('Vary', VARY),
  });
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res
        .writeHead(405, { Allow: 'GET, HEAD, OPTIONS', 'Content-Type': 'text/plain; charset=utf-8' })
        .end('Método não permitido');
      return;
    }
    const pathname = requestPath(req);
    // Set before sirv: its own headers yield to ones already on the response.
    res.setHeader('Cache-Control', cacheControlFor(pathname));
    for (const [name, value] of Object.entries(always)) res.setHeader(name, value);
    res.setHeader('Vary', VARY);
    for (const [name, value] of Object.entries(headers?.(pathname) ?? {})) res.setHeader(name, value);
    serve(req, res);
  };
}

/** Adds CORS headers for allowed origins; answers preflight requests. Returns true when it answered. */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  allowOrigins: readonly string[],
): boolean {
  const origin = req.headers.origin;
  const anyOrigin = allowOrigins.includes('*');
  res.setHeader('Vary', VARY);
  if (origin && (anyOrigin || allowOrigins.includes(origin))) {
    res.setHeader('Access-Control-Allow-Origin', anyOrigin ? '*' : origin);
  }
  if (req.method !== 'OPTIONS') return false;
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
    'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
    'Access-Control-Max-Age': '600',
  });
  res.end();
  return true;
}

/**
 * Listens and returns the server's URL and a close() that stops taking connections, drops idle
 * keep-alive ones at once and lets requests in flight finish for up to `drainMs` (then cuts the rest,
 * e.g. live streams that never end by themselves).
 */
export function listen(
  server: Server,
  port: number,
  hostname: string,
  { drainMs = 0 }: { drainMs?: number } = {},
): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      const { port: actualPort } = server.address() as AddressInfo;
      const shownHost =
        hostname === '0.0.0.0' || hostname === '::'
          ? '127.0.0.1'
          : hostname.includes(':')
            ? `[${hostname}]`
            : hostname;
      resolve({
        url: `http://${shownHost}:${actualPort}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeIdleConnections();
            if (drainMs <= 0) server.closeAllConnections();
            else setTimeout(() => server.closeAllConnections(), drainMs).unref();
          }),
      });
    });
  });
}

/** Serves a built app (e.g. a remote's dist) on its own port, with CORS for the host's origin. */
export function startStaticServer({
  port,
  root,
  allowOrigins,
  spaFallback = false,
  hostname = '127.0.0.1',
  https = false,
}: StaticServerOptions): Promise<RunningServer> {
  const handler = createStaticHandler({
    root,
    spaFallback,
    https,
    headers: (pathname): Record<string, string> =>
      isHtmlPath(pathname) ? { 'Content-Security-Policy': STANDALONE_PAGE_CSP } : {},
  });
  const server = createServer((req, res) => {
    if (applyCors(req, res, allowOrigins)) return;
    handler(req, res);
  });
  return listen(server, port, hostname);
}
