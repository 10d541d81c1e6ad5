import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

/** What one load run measured. */
export interface LoadResult {
  requests: number;
  errors: number;
  /** Status codes seen, e.g. { 200: 5120 }. */
  statuses: Record<number, number>;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

export interface Target {
  url: string;
  /** Headers of the n-th request (cookies rotate over many callers). */
  headers: (n: number) => Record<string, string>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
}

function summarize(latencies: number[], statuses: Record<number, number>, errors: number, seconds: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    statuses,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
  };
}

function get(agent: Agent, target: Target, n: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(target.url, { agent, headers: target.headers(n) }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** `connections` callers, each sending its next request as soon as the last is answered. */
export async function closedLoop(target: Target, connections: number, seconds: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let n = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        try {
          const status = await get(agent, target, n++);
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status >= 400) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - sent);
      }
    }),
  );
  agent.destroy();
  return summarize(latencies, statuses, errors, (performance.now() - started) / 1000);
}

/**
 * A fixed rate of requests, each sent at its scheduled instant whether or not earlier ones were
 * answered; latency counts from the scheduled instant, so a stall is not hidden (no coordinated
 * omission).
 */
export async function openLoop(target: Target, ratePerSecond: number, seconds: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  const total = Math.round(ratePerSecond * seconds);
  const interval = 1000 / ratePerSecond;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const scheduled = started + n * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      get(agent, target, n).then(
        (status) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status >= 400) errors += 1;
          latencies.push(performance.now() - scheduled);
        },
        () => {
          errors += 1;
          latencies.push(performance.now() - scheduled);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  return summarize(latencies, statuses, errors, (performance.now() - started) / 1000);
}
