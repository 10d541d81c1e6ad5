import { type ZodType } from 'zod';

// Strict Content-Security-Policy: zod must not probe `new Function` (the probe itself is reported
// as a CSP violation). Every bundle that parses BFF answers goes through this module. zod 4 keeps
// its configuration in `globalThis.__zod_globalConfig` (what `config({ jitless: true })` writes),
// so it is set here without importing zod's code: a bundle that only imports @turno/ui for its
// components (the host's landing page) carries no zod at all.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export const LOAD_ERROR_TITLE = 'Erro ao carregar dados';

/**
 * What checks an answer: a zod schema of @turno/contracts, or a hand-written reader with the same
 * `safeParse`, for a first screen that cannot afford zod's weight (it must agree with the schema).
 */
export interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: unknown } };
}

/**
 * A failed BFF call, with a pt-BR detail for the person and the HTTP status when there was one
 * (undefined: the server was not reached). `serverMessage` is the text the BFF itself answered
 * with (its `error`), when it sent one.
 */
export class BffError extends Error {
  readonly detail: string;
  readonly status: number | undefined;
  readonly serverMessage: string | undefined;

  constructor(detail: string, status?: number, options?: { cause?: unknown; serverMessage?: string }) {
    super(`${LOAD_ERROR_TITLE}: ${detail}`, options);
    this.name = 'BffError';
    this.detail = detail;
    this.status = status;
    this.serverMessage = options?.serverMessage;
  }
}

/**
 * The 502/503 text is `SERVICE_UNAVAILABLE_MESSAGE` of libs/domain, written out here because the
 * import costs the freelancer remote's first screen bytes its weight budget does not have;
 * fetch-bff.test.ts fails if the two ever differ.
 */
const STATUS_DETAILS: Record<number, string> = {
  401: 'Sua sessão expirou. Entre novamente.',
  403: 'Você não tem permissão para ver estes dados.',
  404: 'Recurso não encontrado.',
  502: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  503: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  504: 'O servidor demorou para responder. Tente novamente em instantes.',
};

export async function errorDetail(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) {
      return body.error;
    }
  } catch {
    // not JSON: fall back to the status
  }
  return statusDetail(response.status);
}

/** What a status alone says, when the answer carried no text of the server's. */
export function statusDetail(status: number): string {
  return STATUS_DETAILS[status] ?? `O servidor respondeu com erro (HTTP ${status}).`;
}

/** The detail of a call that never reached the server. */
export const CONNECTION_DETAIL = 'Não foi possível conectar ao servidor. Verifique sua internet.';

export interface FetchBffOptions {
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

export interface ConditionalFetchOptions extends FetchBffOptions {
  /** The ETag of what the caller already shows, sent as `If-None-Match`. */
  ifNoneMatch?: string;
}

/** The answer of a conditional GET: the resource (and its ETag), or "not modified" (HTTP 304). */
export type ConditionalResult<T> =
  { notModified: false; data: T; etag: string | null } | { notModified: true; etag: string };

/** GET with cookies; a connection failure becomes a pt-BR BffError, an abort stays an AbortError. */
async function send(
  url: string,
  headers: Record<string, string>,
  options: FetchBffOptions & { cache?: RequestCache },
) {
  const doFetch = options.fetchImpl ?? globalThis.fetch;
  try {
    return await doFetch(url, {
      credentials: 'include',
      headers: { Accept: 'application/json', ...headers },
      signal: options.signal,
      cache: options.cache,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new BffError(CONNECTION_DETAIL, undefined, {
      cause: error,
    });
  }
}

/** Reads and validates a successful answer; anything else becomes a BffError. */
export async function parseAnswer<T>(url: string, response: Response, schema: AnswerSchema<T>): Promise<T> {
  if (!response.ok) throw new BffError(await errorDetail(response), response.status);

  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new BffError('Resposta inválida do servidor.', response.status, { cause: error });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.error(`[fetchBff] ${url} does not match its contract`, parsed.error.issues);
    throw new BffError('Os dados recebidos estão em um formato inesperado.', response.status, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/**
 * GET a BFF resource (same origin, cookies included) and parse it with its contract schema.
 * Throws BffError with a pt-BR detail; rethrows AbortError untouched.
 */
export async function fetchBff<T>(
  url: string,
  schema: ZodType<T> | AnswerSchema<T>,
  options: FetchBffOptions = {},
): Promise<T> {
  return parseAnswer(url, await send(url, {}, options), schema);
}

/**
 * A conditional GET of a BFF resource: with `ifNoneMatch`, a 304 answer (the resource still has
 * that ETag) comes back as `{ notModified: true }` without a body. The browser's HTTP cache is
 * bypassed (`no-store`): a 304 reaches the caller only because the request itself carries
 * `If-None-Match`. Errors as fetchBff.
 */
export async function fetchBffConditional<T>(
  url: string,
  schema: ZodType<T> | AnswerSchema<T>,
  options: ConditionalFetchOptions = {},
): Promise<ConditionalResult<T>> {
  const { ifNoneMatch } = options;
  const headers: Record<string, string> = ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {};
  const response = await send(url, headers, { ...options, cache: 'no-store' });
  const etag = response.headers.get('ETag');
  if (response.status === 304 && ifNoneMatch) return { notModified: true, etag: etag ?? ifNoneMatch };
  return { notModified: false, data: await parseAnswer(url, response, schema), etag };
}
