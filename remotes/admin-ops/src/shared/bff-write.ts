import { type ZodType } from 'zod';

/** Base of every call of this remote: its own BFF, through the gateway, on the page's origin. */
export const ADMIN_OPS_BFF = '/bff/admin-ops/api/admin';

/** A refused or failed write: the server's `{ error }` text when it sent one. */
export class WriteError extends Error {
  constructor(
    readonly serverMessage: string | undefined,
    readonly status: number | undefined,
  ) {
    super(serverMessage ?? `HTTP ${status ?? 'sem resposta'}`);
    this.name = 'WriteError';
  }
}

export interface WriteOptions<T> {
  method: 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** The answer's contract; the parsed answer is returned. */
  schema: ZodType<T>;
  fetchImpl?: typeof fetch;
}

/**
 * A state change on the admin-ops BFF: JSON body, cookies included (the BFF checks the origin, so
 * no token is needed). Resolves to the answer parsed with its contract; rejects with WriteError.
 */
export async function sendWrite<T>(
  url: string,
  { method, body, schema, fetchImpl }: WriteOptions<T>,
): Promise<T> {
  const doFetch = fetchImpl ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new WriteError(undefined, undefined);
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  if (!response.ok) {
    // The answer's `error`, else its `details` (spec 02 §8: "the server error, its details, or …").
    const text = (field: 'error' | 'details') =>
      payload && typeof payload === 'object' && field in payload
        ? (payload as Record<string, unknown>)[field]
        : undefined;
    const error = [text('error'), text('details')].find(
      (value): value is string => typeof value === 'string' && value !== '',
    );
    throw new WriteError(error, response.status);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new WriteError(undefined, response.status);
  return parsed.data;
}

/** What a person reads after a failed write: the server's text first (spec 02 §8), else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof WriteError && error.serverMessage ? error.serverMessage : fallback;
}
