/** Mutual TLS with the PSP (a PEM pair or a PKCS#12 bundle), deadlines and the client-side rate limit. */
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { PspError } from './errors';
import { JsonHttpClient, RateLimiter } from './http';

const tls = (name: string) => path.join(__dirname, 'testing', 'tls', name);

let server: https.Server;
let baseUrl: string;
let hang = false;

beforeAll(async () => {
  server = https.createServer(
    {
      key: readFileSync(tls('server.key')),
      cert: readFileSync(tls('server.pem')),
      ca: readFileSync(tls('ca.pem')),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      if (hang) return;
      const subject = (req.socket as TLSSocket).getPeerCertificate().subject;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ client: subject?.CN }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('mutual TLS', () => {
  it('presents a PEM certificate and key', async () => {
    const client = new JsonHttpClient({
      baseUrl,
      timeoutMs: 5000,
      rateLimitPerSecond: 0,
      tls: { certPath: tls('client.pem'), keyPath: tls('client.key'), caPath: tls('ca.pem') },
    });
    const response = await client.request({ method: 'GET', path: '/v2/cobv/x' });
    client.close();
    expect(response).toMatchObject({ status: 200, body: { client: 'turno client' } });
  });

  it('presents a PKCS#12 bundle with its passphrase', async () => {
    const client = new JsonHttpClient({
      baseUrl,
      timeoutMs: 5000,
      rateLimitPerSecond: 0,
      tls: { pfxPath: tls('client.p12'), passphrase: 'turno-test', caPath: tls('ca.pem') },
    });
    const response = await client.request({ method: 'GET', path: '/' });
    client.close();
    expect(response.body).toEqual({ client: 'turno client' });
  });

  it('fails without a client certificate (the PSP refuses the handshake)', async () => {
    const client = new JsonHttpClient({
      baseUrl,
      timeoutMs: 5000,
      rateLimitPerSecond: 0,
      tls: { caPath: tls('ca.pem') },
    });
    const error = await client.request({ method: 'GET', path: '/' }).catch((e: unknown) => e);
    client.close();
    // Usually TLS 1.3's "certificate required" alert (permanent, auth); a reset may win the race.
    expect(error).toBeInstanceOf(PspError);
  });

  it('refuses a server its CA did not sign, as an auth problem (no retry helps)', async () => {
    const client = new JsonHttpClient({
      baseUrl,
      timeoutMs: 5000,
      rateLimitPerSecond: 0,
      tls: { certPath: tls('client.pem'), keyPath: tls('client.key') },
    });
    const error = await client.request({ method: 'GET', path: '/' }).catch((e: unknown) => e);
    client.close();
    expect(error).toMatchObject({ kind: 'permanent', auth: true });
  });

  it('gives up at the deadline with a transient, outcome-unknown error', async () => {
    hang = true;
    const client = new JsonHttpClient({
      baseUrl,
      timeoutMs: 200,
      rateLimitPerSecond: 0,
      tls: { certPath: tls('client.pem'), keyPath: tls('client.key'), caPath: tls('ca.pem') },
    });
    const error = await client
      .request({ method: 'PUT', path: '/v3/gn/pix/a', body: { valor: '1.00' } })
      .catch((e: unknown) => e);
    client.close();
    hang = false;
    expect(error).toMatchObject({ kind: 'transient', code: 'timeout', outcomeUnknown: true });
  });
});

describe('RateLimiter', () => {
  it('spaces requests instead of bursting (each waits its turn)', async () => {
    const limiter = new RateLimiter(20);
    const started = performance.now();
    await Promise.all(Array.from({ length: 5 }, () => limiter.take()));
    // Five at 20/s: the fifth leaves 4 × 50 ms after the first at the earliest (a lower bound only).
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('does not wait at all without a limit', async () => {
    const limiter = new RateLimiter(0);
    await expect(limiter.take()).resolves.toBeUndefined();
  });
});
