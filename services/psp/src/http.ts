/**
 * JSON over HTTPS to the PSP with node:https: mutual TLS (a PKCS#12 bundle or a PEM certificate and
 * key) through one keep-alive Agent, a deadline per request, a client-side rate limit, and every
 * failure turned into a classified `PspError`.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { PspError, parseRetryAfter } from './errors';

export interface TlsSettings {
  /** PKCS#12 (.p12/.pfx) path: Efí hands out the account's certificate so. */
  pfxPath?: string;
  /** Or a PEM certificate and key. */
  certPath?: string;
  keyPath?: string;
  passphrase?: string;
  /** Extra CA (PEM), e.g. a homologation chain. */
  caPath?: string;
}

export interface HttpSettings {
  baseUrl: string;
  timeoutMs: number;
  /** Requests per second this process sends at most (0: no limit). */
  rateLimitPerSecond: number;
  tls?: TlsSettings;
}

export interface JsonResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  text: string;
}

export interface JsonRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Spaces requests evenly so that at most `perSecond` leave per second (a queue, never a burst). */
export class RateLimiter {
  private next = 0;
  constructor(private readonly perSecond: number) {}

  async take(): Promise<void> {
    if (this.perSecond <= 0) return;
    const interval = 1000 / this.perSecond;
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + interval;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

export function tlsAgentOptions(tls: TlsSettings | undefined): https.AgentOptions {
  if (!tls) return {};
  const options: https.AgentOptions = {};
  if (tls.pfxPath) options.pfx = readFileSync(tls.pfxPath);
  if (tls.certPath) options.cert = readFileSync(tls.certPath);
  if (tls.keyPath) options.key = readFileSync(tls.keyPath);
  if (tls.caPath) options.ca = readFileSync(tls.caPath);
  if (tls.passphrase !== undefined) options.passphrase = tls.passphrase;
  return options;
}

const TRANSIENT_NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
]);

export class JsonHttpClient {
  private readonly base: URL;
  private readonly agent: http.Agent;
  private readonly limiter: RateLimiter;

  constructor(private readonly settings: HttpSettings) {
    this.base = new URL(settings.baseUrl);
    const secure = this.base.protocol === 'https:';
    this.agent = secure
      ? new https.Agent({ keepAlive: true, maxSockets: 32, ...tlsAgentOptions(settings.tls) })
      : new http.Agent({ keepAlive: true, maxSockets: 32 });
    this.limiter = new RateLimiter(settings.rateLimitPerSecond);
  }

  close(): void {
    this.agent.destroy();
  }

  async request(request: JsonRequest): Promise<JsonResponse> {
    await this.limiter.take();
    const url = new URL(request.path, this.base);
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<JsonResponse>((resolve, reject) => {
      let written = false;
      const req = transport.request(
        url,
        {
          method: request.method,
          agent: this.agent,
          headers: {
            accept: 'application/json',
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...request.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error) => reject(networkError(error, true)));
          res.on('end', () => {
            clearTimeout(timer);
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = undefined;
            if (text) {
              try {
                body = JSON.parse(text);
              } catch {
                body = undefined;
              }
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
          });
        },
      );
      const timer = setTimeout(() => {
        req.destroy(
          new PspError(
            `PSP did not answer ${request.method} ${url.pathname} within ${this.settings.timeoutMs} ms`,
            {
              kind: 'transient',
              code: 'timeout',
              outcomeUnknown: written,
            },
          ),
        );
      }, this.settings.timeoutMs);
      req.on('error', (error) => {
        clearTimeout(timer);
        reject(error instanceof PspError ? error : networkError(error, written));
      });
      req.on('finish', () => {
        written = true;
      });
      req.end(payload);
    });
  }
}

function networkError(error: Error & { code?: string }, written: boolean): PspError {
  const code = error.code ?? 'network';
  const tlsRefused = /CERT|SSL|TLS/i.test(code);
  return new PspError(`PSP unreachable: ${error.message}`, {
    kind: tlsRefused ? 'permanent' : 'transient',
    code,
    auth: tlsRefused,
    // A request written before the connection broke may have been processed.
    outcomeUnknown: written && (TRANSIENT_NETWORK_CODES.has(code) || !tlsRefused),
  });
}

/** The error name and message of a PSP answer: Efí's `{ nome, mensagem }` or the standard's problem. */
export function pspErrorOf(body: unknown): { code?: string; message?: string } {
  if (!body || typeof body !== 'object') return {};
  const record = body as Record<string, unknown>;
  if (typeof record.nome === 'string')
    return { code: record.nome, message: typeof record.mensagem === 'string' ? record.mensagem : undefined };
  if (typeof record.type === 'string') {
    const detail =
      typeof record.detail === 'string'
        ? record.detail
        : typeof record.title === 'string'
          ? record.title
          : undefined;
    return { code: record.type.split('/').pop(), message: detail };
  }
  if (typeof record.error === 'string')
    return {
      code: record.error,
      message: typeof record.error_description === 'string' ? record.error_description : undefined,
    };
  return {};
}

/** A non-2xx answer as a classified error: 429 and 5xx transient (with Retry-After), other 4xx permanent. */
export function httpError(what: string, response: JsonResponse): PspError {
  const { code, message } = pspErrorOf(response.body);
  const retryAfter = response.headers['retry-after'];
  const retryAfterMs = parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter);
  const transient = response.status === 429 || response.status >= 500 || response.status === 408;
  return new PspError(
    `${what}: PSP answered ${response.status}${code ? ` ${code}` : ''}${message ? ` (${message})` : ''}`,
    {
      kind: transient ? 'transient' : 'permanent',
      status: response.status,
      code,
      retryAfterMs,
      // A 5xx may come after the PSP acted (a gateway timeout): ask before sending again.
      outcomeUnknown: response.status >= 500,
      auth: response.status === 401 || response.status === 403,
    },
  );
}
