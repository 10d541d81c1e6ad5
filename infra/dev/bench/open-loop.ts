/**
 * An open-loop load generator for `npm run bench:load`: requests leave at the times a Poisson
 * process of the asked rate gives (as 2,000 freelancers polling every 15 s at their own moments
 * do), whether or not earlier answers came back, and each latency is counted from the time the
 * request was due, not from when it could be sent. A server that falls behind therefore shows its
 * whole queue in the percentiles (no coordinated omission), and nothing is synthesized.
 *
 * Why not autocannon: its rate limit sends each connection's share of a second back to back when
 * the second starts, so all connections burst together once a second, and its correction then
 * records a latency of L ms as L samples (an expected interval of 1 ms): both inflate the tail of a
 * server that keeps up on average.
 */
import { Agent, request as httpRequest } from 'node:http';

export interface LoadRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadKind {
  name: string;
  /** Requests per second (the mean of the Poisson process). */
  rate: number;
  /** Request number `n` of this kind. */
  next(n: number): LoadRequest;
  /** Sent back as If-None-Match on the next request with the same `key` (a poll, like the browser). */
  conditionalKey?(request: LoadRequest): string;
}

export interface KindResult {
  name: string;
  sent: number;
  /** Answers by status code; a request that failed (connection, timeout) counts under 'error'. */
  statuses: Record<string, number>;
  /** Milliseconds from the time the request was due to its answer's end, ascending. */
  latencies: number[];
  /** The slowest answer of each second of the run (by when requests were due), in ms. */
  slowestBySecond: number[];
}

/** The `p`-th percentile (0–100) of ascending values, nearest rank; 0 when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** A small deterministic generator (mulberry32), so two runs send the same schedule. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Due times (ms from the start) of a Poisson process of `rate` per second over `durationMs`. */
export function poissonSchedule(rate: number, durationMs: number, random: () => number): number[] {
  const times: number[] = [];
  if (rate <= 0) return times;
  for (let at = 0; ;) {
    at += (-Math.log(1 - random()) / rate) * 1000;
    if (at >= durationMs) return times;
    times.push(at);
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, Math.max(0, ms)));

/**
 * Sends every kind's schedule against `baseUrl` for `durationMs` and waits for the answers (each
 * at most `timeoutMs`). Connections are kept alive and reused, up to `maxSockets` at once.
 */
export async function runOpenLoop(options: {
  baseUrl: string;
  kinds: readonly LoadKind[];
  durationMs: number;
  seed?: number;
  timeoutMs?: number;
  maxSockets?: number;
  /** The number of each kind's first request (to go on after an earlier run, e.g. a warm-up). */
  firstNumbers?: readonly number[];
}): Promise<KindResult[]> {
  const { baseUrl, kinds, durationMs, seed = 1, timeoutMs = 10_000, maxSockets = 512 } = options;
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets });
  const random = seededRandom(seed);
  const events = kinds
    .flatMap((kind, index) => poissonSchedule(kind.rate, durationMs, random).map((at) => ({ at, index })))
    .sort((a, b) => a.at - b.at);
  const results: KindResult[] = kinds.map((kind) => ({
    name: kind.name,
    sent: 0,
    statuses: {},
    latencies: [],
    slowestBySecond: Array.from({ length: Math.ceil(durationMs / 1000) }, () => 0),
  }));
  const counters = kinds.map((_, index) => options.firstNumbers?.[index] ?? 0);
  const etags = new Map<string, string>();
  const inFlight = new Set<Promise<void>>();

  let start = 0;
  const send = (index: number, dueAt: number) => {
    const kind = kinds[index]!;
    const result = results[index]!;
    const next = kind.next(counters[index]!++);
    const key = kind.conditionalKey?.(next);
    const etag = key ? etags.get(key) : undefined;
    const headers = { ...next.headers, ...(etag ? { 'if-none-match': etag } : {}) };
    result.sent += 1;
    const done = new Promise<void>((resolve) => {
      const finish = (status: string) => {
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
        const latency = performance.now() - dueAt;
        result.latencies.push(latency);
        const second = Math.floor((dueAt - start) / 1000);
        result.slowestBySecond[second] = Math.max(result.slowestBySecond[second] ?? 0, latency);
        resolve();
      };
      const req = httpRequest(
        {
          host: base.hostname,
          port: base.port,
          method: next.method,
          path: next.path,
          headers: next.body ? { ...headers, 'content-length': Buffer.byteLength(next.body) } : headers,
          agent,
          timeout: timeoutMs,
        },
        (res) => {
          const tag = res.headers.etag;
          if (key && typeof tag === 'string') etags.set(key, tag);
          res.resume();
          res.on('end', () => finish(String(res.statusCode)));
          res.on('error', () => finish('error'));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => finish('error'));
      req.end(next.body);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };

  start = performance.now();
  for (const event of events) {
    const wait = start + event.at - performance.now();
    if (wait > 1) await sleep(wait);
    send(event.index, start + event.at);
  }
  await Promise.all(inFlight);
  agent.destroy();
  for (const result of results) result.latencies.sort((a, b) => a - b);
  return results;
}
