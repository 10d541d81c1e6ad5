/**
 * `listen`'s close: a request in flight on a kept-alive connection is answered, and then its
 * connection ends, so the close does not wait for the 65 s keep-alive (the BFF's, longer than the
 * gateway's idle time).
 */
import { Agent, get } from 'node:http';
import Koa from 'koa';
import { SERVER_KEEP_ALIVE_MS } from '@turno/server-runtime';
import { listen } from './server';

it('answers the request in flight, ends its kept-alive connection and closes without waiting for the keep-alive', async () => {
  let started!: () => void;
  const inFlight = new Promise<void>((resolve) => (started = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const app = new Koa();
  app.use(async (ctx) => {
    started();
    await released;
    ctx.body = { ok: true };
  });
  const running = await listen(app, 0);
  expect(running.server.keepAliveTimeout).toBe(SERVER_KEEP_ALIVE_MS);
  const agent = new Agent({ keepAlive: true });
  const answer = new Promise<{ status: number; connection: string | undefined; body: string }>(
    (resolve, reject) => {
      get(`${running.url}/x`, { agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
        );
      }).on('error', reject);
    },
  );
  await inFlight;
  // The fallback that would cut connections is beyond the test's timeout: only ending the
  // connection after its answer lets this close resolve.
  const closed = running.close(10 * 60_000);
  release();
  expect(await answer).toEqual({ status: 200, connection: 'close', body: '{"ok":true}' });
  await closed;
  agent.destroy();
});
