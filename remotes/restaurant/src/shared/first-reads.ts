/**
 * The first screen's reads, started as soon as the remote's code is loaded instead of after its
 * first render: with the host's early start (shells/host/src/early-start.ts) that is while the
 * host still checks the session, so the answers are on their way when the screen asks for them.
 * The screen's first request for such a URL gets that answer (once, while fresh); every other request
 * goes to the network as usual. Started only where the screen that reads them opens.
 */
const FRESH_MS = 10_000;

/** As `fetchBffConditional` of @turno/ui asks for a first read (cookies, JSON, never from the cache). */
const FIRST_READ: RequestInit = {
  credentials: 'include',
  headers: { Accept: 'application/json' },
  cache: 'no-store',
};

const started = new Map<string, { at: number; response: Promise<Response> }>();

export function startFirstReads(urls: readonly string[], fetchImpl: typeof fetch = globalThis.fetch): void {
  for (const url of urls) {
    if (started.has(url)) continue;
    const response = fetchImpl(url, FIRST_READ);
    // A failure is the screen's to show, when it takes this answer; never an unhandled rejection.
    response.catch(() => undefined);
    started.set(url, { at: Date.now(), response });
  }
}

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** `fetch`, except that the first plain GET of a URL started early takes that answer. */
export const firstReadFetch: typeof fetch = (input, init) => {
  const url = urlOf(input);
  const early = started.get(url);
  if (early) {
    started.delete(url);
    const plainGet = (init?.method ?? 'GET') === 'GET' && !new Headers(init?.headers).has('If-None-Match');
    if (plainGet && Date.now() - early.at < FRESH_MS) return early.response;
  }
  return globalThis.fetch(input, init);
};
