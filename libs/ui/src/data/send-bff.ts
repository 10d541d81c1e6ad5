import { BffError, parseAnswer, type AnswerSchema } from './fetch-bff';

export interface SendBffOptions<T> {
  method: 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  schema: AnswerSchema<T>;
  fetchImpl?: typeof fetch;
}

/**
 * A state change on the app's BFF (same origin, cookies included): JSON in, the answer parsed with
 * its contract. A refusal throws a BffError with the server's pt-BR `error` and its status; a
 * connection failure one whose status is undefined.
 */
export async function sendBff<T>(url: string, options: SendBffOptions<T>): Promise<T> {
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
    throw new BffError('Não foi possível conectar ao servidor. Verifique sua internet.', undefined, {
      cause: error,
    });
  }
  return parseAnswer(url, response, options.schema);
}
