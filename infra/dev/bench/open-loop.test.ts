import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { percentile, poissonSchedule, runOpenLoop, seededRandom } from './open-loop';

describe('the open-loop load generator of bench:load', () => {
  it('reads percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBe(0);
  });

  it('schedules a Poisson process of the asked rate, the same for the same seed', () => {
    const times = poissonSchedule(100, 60_000, seededRandom(7));
    expect(times.length).toBeGreaterThan(5_700);
    expect(times.length).toBeLessThan(6_300);
    expect(times.every((at, i) => at >= (times[i - 1] ?? 0) && at < 60_000)).toBe(true);
    expect(poissonSchedule(100, 60_000, seededRandom(7))).toEqual(times);
    // Not evenly spaced: some gaps are far shorter than the mean of 10 ms.
    const gaps = times.slice(1).map((at, i) => at - times[i]!);
    expect(Math.min(...gaps)).toBeLessThan(1);
  });

  describe('against a server', () => {
    let server: Server;
    let baseUrl: string;
    let busyUntil = 0;
    beforeAll(async () => {
      // One request at a time, 20 ms each (a server that can answer 50 per second), with ETags.
      server = createServer((req, res) => {
        const start = Math.max(Date.now(), busyUntil);
        busyUntil = start + 20;
        setTimeout(() => {
          if (req.url === '/poll') {
            if (req.headers['if-none-match'] === '"v1"') res.writeHead(304, { etag: '"v1"' }).end();
            else res.writeHead(200, { etag: '"v1"' }).end('{}');
          } else res.writeHead(req.url === '/ok' ? 200 : 404).end();
        }, busyUntil - Date.now());
      });
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((done) => server.close(() => done())));

    it('counts latency from when a request was due, so a queue shows in the tail', async () => {
      busyUntil = 0;
      // 100 per second for 1 s against 50 per second: the last answers wait about half a second.
      const [result] = await runOpenLoop({
        baseUrl,
        durationMs: 1_000,
        kinds: [{ name: 'ok', rate: 100, next: () => ({ method: 'GET', path: '/ok', headers: {} }) }],
      });
      expect(result!.sent).toBeGreaterThan(70);
      expect(result!.statuses).toEqual({ '200': result!.sent });
      expect(percentile(result!.latencies, 50)).toBeGreaterThan(100);
      expect(percentile(result!.latencies, 99)).toBeGreaterThan(500);
    });

    it('sends the last ETag of a key back as If-None-Match', async () => {
      busyUntil = 0;
      const [result] = await runOpenLoop({
        baseUrl,
        durationMs: 500,
        kinds: [
          {
            name: 'poll',
            rate: 20,
            next: () => ({ method: 'GET', path: '/poll', headers: {} }),
            conditionalKey: (request) => request.path,
          },
        ],
      });
      expect(result!.statuses['200']).toBeGreaterThanOrEqual(1);
      expect(result!.statuses['304']).toBeGreaterThanOrEqual(1);
    });
  });
});
