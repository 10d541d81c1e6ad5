import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import { SERVER_HEADERS_TIMEOUT_MS, SERVER_KEEP_ALIVE_MS } from '@turno/server-runtime';

export interface RunningServer {
  server: Server;
  url: string;
  /** Stops accepting connections and waits for requests in flight (at most `timeoutMs`). */
  close(timeoutMs?: number): Promise<void>;
}

export async function listen(app: Koa, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  const server = createServer(app.callback());
  // Longer than the gateway keeps an idle connection (server-runtime keep-alive.ts).
  server.keepAliveTimeout = SERVER_KEEP_ALIVE_MS;
  server.headersTimeout = SERVER_HEADERS_TIMEOUT_MS;
  // Once closing, an answer ends its connection (`Connection: close`): a kept-alive connection
  // would otherwise hold the close for the whole keep-alive after its last answer.
  let closing = false;
  const unanswered = new Set<ServerResponse>();
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) res.setHeader('Connection', 'close');
    unanswered.add(res);
    res.on('close', () => unanswered.delete(res));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://${host}:${address.port}`,
    close: (timeoutMs = 10_000) =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
        const timer = setTimeout(() => {
          server.closeAllConnections();
          resolve();
        }, timeoutMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
