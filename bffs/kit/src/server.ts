import { createServer, type Server } from 'node:http';
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
