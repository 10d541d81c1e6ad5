/**
 * Test helper (tests only): a fake restaurant BFF that answers by method and path, so a screen
 * that loads several resources at once (the agenda and its applications count) can be tested
 * without depending on the order of its requests. Records every request with its JSON body.
 */
import { answer } from '@turno/ui/testing';

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
  ifNoneMatch: string | undefined;
}

/** An answer, or a function of the request; an array is answered in turn (the last one repeats). */
type Reply = Response | ((request: RecordedRequest) => Response);

/** The answers by `METHOD path` (or `METHOD url` with its query). */
export type Routes = Record<string, Reply | Reply[]>;

export function routedBff(routes: Routes) {
  const requests: RecordedRequest[] = [];
  const served = new Map<string, number>();
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const request: RecordedRequest = {
      method,
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      ifNoneMatch: (init?.headers as Record<string, string> | undefined)?.['If-None-Match'],
    };
    requests.push(request);
    const path = url.split('?')[0]!;
    const key = [`${method} ${url}`, `${method} ${path}`].find((k) => k in routes);
    if (!key) throw new Error(`unexpected request ${method} ${url}`);
    const entry = routes[key]!;
    const replies = Array.isArray(entry) ? entry : [entry];
    const index = served.get(key) ?? 0;
    served.set(key, index + 1);
    const reply = replies[Math.min(index, replies.length - 1)]!;
    return typeof reply === 'function' ? reply(request) : reply;
  };
  const of = (method: string, path: string) =>
    requests.filter((r) => r.method === method && r.url.split('?')[0] === path);
  return { fetchImpl: fetchImpl as typeof fetch, requests, of };
}

export { answer };
