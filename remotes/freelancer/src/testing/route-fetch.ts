/**
 * Tests only: a fetch that answers by method and path (`'GET /bff/freelancer/api/jobs'`), so a test
 * does not depend on which screen asks first, and that records every request with its body.
 */
import { answer } from '@turno/ui/testing';

export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

type Reply = Response | (() => Response | Promise<Response>);

export function routeFetch(routes: Record<string, Reply | Reply[]>) {
  const sent: SentRequest[] = [];
  const queues = new Map(
    Object.entries(routes).map(([key, value]) => [key, Array.isArray(value) ? [...value] : value]),
  );
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    sent.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const key = `${method} ${url.split('?')[0]}`;
    const entry = queues.get(key);
    const reply = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry;
    if (!reply) throw new Error(`unexpected request ${key}`);
    return typeof reply === 'function' ? reply() : reply;
  };
  return { fetchImpl: fetchImpl as typeof fetch, sent };
}

export { answer };
