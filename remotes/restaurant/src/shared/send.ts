import { BffError } from '@turno/ui';
import { type ZodType } from 'zod';

/** The restaurant BFF through the gateway, on the page's origin (cookies first-party). */
export const BFF = '/bff/restaurant/api';

export interface SendOptions<T> {
  method: 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  schema: ZodType<T>;
  fetchImpl?: typeof fetch;
}

/**
 * A state change on the restaurant BFF: JSON in, the answer parsed with its contract. A refusal
 * throws a BffError carrying the server's pt-BR `error` (and its status); a network failure throws
 * one whose status is undefined, so a screen can tell "Erro de conexão" from a refusal.
 */
export async function sendBff<T>(url: string, options: SendOptions<T>): Promise<T> {
  const doFetch = options.fetchImpl ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      method: options.method,
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    throw new BffError('', undefined, { cause: error });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const message = (body as { error?: unknown } | undefined)?.error;
    throw new BffError(typeof message === 'string' ? message : '', response.status);
  }
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) throw new BffError('', response.status, { cause: parsed.error });
  return parsed.data;
}

/**
 * What a person reads when a change failed: the server's message when it gave one, otherwise the
 * screen's fallback (spec 01 §8), or the connection message when the server was not reached.
 */
export function failureMessage(error: unknown, fallback: string, connection: string): string {
  if (error instanceof BffError) {
    if (error.status === undefined) return connection;
    if (error.detail) return error.detail;
  }
  return fallback;
}
