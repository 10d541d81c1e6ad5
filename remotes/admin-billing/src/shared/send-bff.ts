import { BffError } from '@turno/ui';
import { type ZodType } from 'zod';

export interface SendOptions {
  method: 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON; none when undefined. */
  body?: unknown;
  fetchImpl?: typeof fetch;
}

/**
 * A state change on the remote's BFF (same origin, cookies, JSON), its answer parsed with the
 * route's contract. Throws BffError whose `detail` is the server's pt-BR `error` when it sent one.
 */
export async function sendBff<T>(url: string, schema: ZodType<T>, options: SendOptions): Promise<T> {
  const doFetch = options.fetchImpl ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      method: options.method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    throw new BffError('Não foi possível conectar ao servidor. Verifique sua internet.', undefined, {
      cause: error,
    });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = (body as { error?: unknown } | undefined)?.error;
    throw new BffError(
      typeof error === 'string' && error ? error : `HTTP ${response.status}`,
      response.status,
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new BffError('Os dados recebidos estão em um formato inesperado.', response.status, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** The server's message when it gave one, else `fallback` (spec 02 §8: the server text wins). */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof BffError && error.status !== undefined && !error.detail.startsWith('HTTP ')) {
    return error.detail;
  }
  return fallback;
}
