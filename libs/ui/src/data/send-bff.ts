import { BffError, CONNECTION_DETAIL, statusDetail, type AnswerSchema } from './fetch-bff';

export interface SendBffOptions<T> {
  /** POST by default. */
  method?: 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON (with `Content-Type: application/json`); no body at all when undefined. */
  body?: unknown;
  /** The answer's contract (zod schema of @turno/contracts or a reader with its `safeParse`). */
  schema: AnswerSchema<T>;
  fetchImpl?: typeof fetch;
}

/** The BFF's own text in a refusal: its `error`, else its `details` (spec 02 §8). */
function serverText(payload: unknown): string | undefined {
  if (!payload || typeof payload !== 'object') return undefined;
  const record = payload as Record<string, unknown>;
  return [record.error, record.details].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
}

/**
 * A state change on the app's BFF, through the gateway on the page's origin: JSON in, the answer
 * parsed with its contract. Cookies go with it (`credentials: 'include'`): the session cookie, and
 * the BFF's CSRF guard checks the request's Origin / Sec-Fetch-Site, which the browser sets, so no
 * token is added here. A refusal throws a BffError with the status and the server's pt-BR text
 * (`serverMessage`); a connection failure one whose status is undefined.
 */
export async function sendBff<T>(url: string, options: SendBffOptions<T>): Promise<T> {
  const { method = 'POST', body, schema } = options;
  const doFetch = options.fetchImpl ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      method,
      credentials: 'include',
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new BffError(CONNECTION_DETAIL, undefined, { cause: error });
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  if (!response.ok) {
    const serverMessage = serverText(payload);
    throw new BffError(serverMessage ?? statusDetail(response.status), response.status, { serverMessage });
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new BffError('Os dados recebidos estão em um formato inesperado.', response.status, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
