import {
  type AcceptTermsRequest,
  type AdminLoginRequest,
  type AdminVerifyResponse,
  type CreateSessionRequest,
  type CurrentUser,
  type ProfileSetupRequest,
} from '@turno/contracts';
import { adminVerifyOf, currentUserOf, redirectUrlOf } from './answers';

/**
 * The shell BFF's calls (libs/contracts/src/session.ts): same origin through the gateway,
 * cookies included, answers checked against the contracts' shapes (./answers.ts).
 */

/** A failed call: the HTTP status (none for a network failure) and the server's `{ error }` text. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    /** The server's `error` text, when it sent one. */
    readonly serverMessage: string | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type FetchLike = typeof fetch;

interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  fetchImpl?: FetchLike;
}

async function readServerError(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) {
      return body.error;
    }
  } catch {
    // not JSON
  }
  return undefined;
}

/** Sends one call; resolves to the OK response, rejects with ApiError otherwise. */
export async function call(
  path: string,
  { method = 'GET', body, fetchImpl }: CallOptions = {},
): Promise<Response> {
  const doFetch = fetchImpl ?? globalThis.fetch;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await doFetch(path, {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(
      `${method} ${path}: ${error instanceof Error ? error.message : String(error)}`,
      undefined,
      undefined,
    );
  }
  if (!response.ok) {
    const serverMessage = await readServerError(response);
    throw new ApiError(`${method} ${path}: HTTP ${response.status}`, response.status, serverMessage);
  }
  return response;
}

async function parsed<T>(
  response: Response,
  read: (body: unknown) => T | undefined,
  path: string,
): Promise<T> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(`${path}: the answer is not JSON`, response.status, undefined);
  }
  const result = read(body);
  if (result === undefined) {
    throw new ApiError(`${path}: the answer does not match its contract`, response.status, undefined);
  }
  return result;
}

/**
 * The OK answer's body checked with a zod schema of @turno/contracts (for the modules of the lazy
 * pages only: the landing page's calls above are checked by hand, so zod stays out of main.js).
 */
export async function parsedBy<T>(
  response: Response,
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
  path: string,
): Promise<T> {
  return parsed(
    response,
    (body) => {
      const result = schema.safeParse(body);
      return result.success ? result.data : undefined;
    },
    path,
  );
}

export interface SessionApi {
  /** GET /api/users/me — the signed-in user with their profile; rejects without a session. */
  currentUser(): Promise<CurrentUser>;
  /** GET /api/oauth/google/redirect_url — where the browser goes to sign in. */
  signInUrl(): Promise<string>;
  /** POST /api/sessions — exchanges the provider's code for a session (cookie). */
  createSession(request: CreateSessionRequest): Promise<void>;
  /** GET /api/logout — the answer is ignored. */
  logout(): Promise<void>;
  /** POST /api/profile/setup. */
  setupProfile(request: ProfileSetupRequest): Promise<void>;
  /** POST /api/consents/terms — accepts the terms and the notice in force (issue 27). */
  acceptTerms(request: AcceptTermsRequest): Promise<void>;
}

export function createSessionApi(fetchImpl?: FetchLike): SessionApi {
  return {
    async currentUser() {
      const path = '/api/users/me';
      return parsed(await call(path, { fetchImpl }), currentUserOf, path);
    },
    async signInUrl() {
      const path = '/api/oauth/google/redirect_url';
      return parsed(await call(path, { fetchImpl }), redirectUrlOf, path);
    },
    async createSession(request) {
      await call('/api/sessions', { method: 'POST', body: request, fetchImpl });
    },
    async logout() {
      await call('/api/logout', { fetchImpl });
    },
    async setupProfile(request) {
      await call('/api/profile/setup', { method: 'POST', body: request, fetchImpl });
    },
    async acceptTerms(request) {
      await call('/api/consents/terms', { method: 'POST', body: request, fetchImpl });
    },
  };
}

export interface AdminApi {
  /** POST /api/admin/login — rejects with the server's text (e.g. 'Credenciais inválidas'). */
  login(request: AdminLoginRequest): Promise<void>;
  /** GET /api/admin/verify — rejects when the visitor is not a signed-in admin. */
  verify(): Promise<AdminVerifyResponse>;
  /** POST /api/admin/logout. */
  logout(): Promise<void>;
}

export function createAdminApi(fetchImpl?: FetchLike): AdminApi {
  return {
    async login(request) {
      await call('/api/admin/login', { method: 'POST', body: request, fetchImpl });
    },
    async verify() {
      const path = '/api/admin/verify';
      return parsed(await call(path, { fetchImpl }), adminVerifyOf, path);
    },
    async logout() {
      await call('/api/admin/logout', { method: 'POST', fetchImpl });
    },
  };
}
