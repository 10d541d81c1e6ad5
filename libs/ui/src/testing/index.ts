/**
 * Test helpers for screens that read BFF lists (`@turno/ui/testing`, tests only): a fake fetch
 * answering from a queue, and the few queries every list screen test asks of the page.
 */
import { act, screen } from '@testing-library/react';

/** A fetch answer as the BFF sends it (jsdom has no Response class). */
export function answer(status: number, body?: unknown, etag?: string): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'etag' ? (etag ?? null) : null) },
    json: async () => body,
  } as unknown as Response;
}

/** The fetch of a screen: answers from a queue, records each URL and its If-None-Match. */
export function fakeBff(...answers: Response[]) {
  const requests: { url: string; ifNoneMatch: string | undefined }[] = [];
  const fetchImpl = async (url: RequestInfo | URL, init?: RequestInit) => {
    requests.push({
      url: String(url),
      ifNoneMatch: (init?.headers as Record<string, string> | undefined)?.['If-None-Match'],
    });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${String(url)}`);
    return next;
  };
  return { fetchImpl: fetchImpl as typeof fetch, requests };
}

/** Lets pending fetches and state updates finish. */
export const settle = () => act(async () => undefined);
/** The list's "Mostrando x de y". */
export const listCount = () => screen.getByTestId('list-count').textContent;
/** The table's rows without its header. */
export const bodyRows = () => screen.getAllByRole('row').slice(1);
