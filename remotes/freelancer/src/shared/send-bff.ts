import { type ZodType } from 'zod';

/** The freelancer BFF through the gateway (same origin as the page, cookies included). */
export const BFF = '/bff/freelancer/api';

/** A refused or failed write: `message` is what the person reads (the server's pt-BR `error`, or the fallback). */
export class SendError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

export interface SendOptions {
  method?: 'POST' | 'PUT';
  body?: unknown;
  fetchImpl?: typeof fetch;
}

/**
 * A state change on the BFF: JSON in, JSON out, parsed with the contract's `schema`. A refusal
 * throws SendError with the server's `{ error }` text (spec 01 §8: "the server's error field is
 * shown when present"), otherwise `fallback` (e.g. "Erro ao se candidatar").
 */
export async function sendBff<T>(
  url: string,
  schema: ZodType<T>,
  fallback: string,
  options: SendOptions = {},
): Promise<T> {
  const doFetch = options.fetchImpl ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      method: options.method ?? 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(options.body ?? {}),
    });
  } catch {
    throw new SendError(`${fallback}. Verifique sua internet.`, undefined);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = (body as { error?: unknown } | undefined)?.error;
    throw new SendError(typeof error === 'string' && error ? error : fallback, response.status);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new SendError(fallback, response.status);
  return parsed.data;
}
