/** Tests only: a fetch answering from a queue that records method, URL and JSON body of each call. */
export function recordingBff(...answers: Response[]) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchImpl = async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      method: init?.method ?? 'GET',
      url: String(url),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${init?.method ?? 'GET'} ${String(url)}`);
    return next;
  };
  return { fetchImpl: fetchImpl as typeof fetch, calls, answers };
}
