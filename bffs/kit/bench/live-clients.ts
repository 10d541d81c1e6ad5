/**
 * The browsers of the live benchmark (live.bench.ts forks this process, so that neither the BFF nor
 * the orchestrator holds their 10,000 sockets): opens one `GET /api/events` per signed-in restaurant,
 * parses the Server-Sent Events, and reports every benchmark event each stream receives (its
 * sequence number, the restaurant the stream belongs to, when it arrived) to the parent.
 */
import { request } from 'node:http';
import { EventStreamParser } from '../src/testing/event-stream';

export interface OpenStreamsMessage {
  type: 'open';
  url: string;
  streams: { restaurantId: number; cookie: string }[];
  concurrency: number;
}

export type ClientReport =
  | { type: 'opened'; open: number; failed: number; seconds: number }
  | { type: 'deliveries'; deliveries: [seq: number, restaurantId: number, receivedAt: number][] }
  | { type: 'status'; open: number; ended: number };

const send = (report: ClientReport) => process.send?.(report);

let pending: [number, number, number][] = [];
let open = 0;
let ended = 0;

/** One stream: resolves once the server said `ready` (true) or refused or dropped it (false). */
function openStream(url: string, restaurantId: number, cookie: string): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      resolve(ok);
    };
    const req = request(
      `${url}/api/events`,
      { headers: { accept: 'text/event-stream', cookie }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          settle(false);
          return;
        }
        const parser = new EventStreamParser((event) => {
          if (event.type === 'ready') {
            open += 1;
            settle(true);
            return;
          }
          if (event.type !== 'job_updated') return;
          const seq = (JSON.parse(event.data) as { benchSeq?: number }).benchSeq;
          if (typeof seq === 'number') pending.push([seq, restaurantId, event.receivedAt]);
        });
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => parser.push(chunk));
        res.on('close', () => {
          if (settled) {
            open -= 1;
            ended += 1;
          }
          settle(false);
        });
      },
    );
    req.on('error', () => settle(false));
    req.end();
  });
}

async function openAll(message: OpenStreamsMessage): Promise<void> {
  const started = performance.now();
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < message.streams.length) {
      const stream = message.streams[next++]!;
      if (!(await openStream(message.url, stream.restaurantId, stream.cookie))) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: message.concurrency }, worker));
  send({ type: 'opened', open, failed, seconds: (performance.now() - started) / 1000 });
}

setInterval(() => {
  if (pending.length === 0) return;
  send({ type: 'deliveries', deliveries: pending });
  pending = [];
}, 50);

process.on('message', (message: OpenStreamsMessage | { type: 'status' }) => {
  if (message.type === 'open') void openAll(message);
  else send({ type: 'status', open, ended });
});
process.on('disconnect', () => process.exit(0));
