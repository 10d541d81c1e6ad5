/**
 * A local Web Push service: what a browser vendor's push service is to `web-push` (RFC 8030 with
 * VAPID, RFC 8292, and the aes128gcm payload encryption, RFC 8291). It accepts `POST /push/<id>`
 * and records the request (headers and encrypted body) without decrypting it; a subscription marked
 * gone answers 410, as a real service does for an expired one. Development and tests only.
 *
 * Control: `GET /__control/requests`, `POST /__control/gone { id }`, `POST /__control/reset`,
 * `GET /__control/health`. A subscription's endpoint is `<url>/push/<id>` (`endpointFor`).
 *
 * HTTPS, as every push service (and `web-push` speaks nothing else): a self-signed certificate for
 * 127.0.0.1 and localhost, made here (`selfsigned`), or kept in `certFolder` across restarts; the
 * workers trust it through WEB_PUSH_CA_FILE (development and tests only).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { generate } from 'selfsigned';

/** One push request as it arrived. */
export interface PushRequest {
  /** The subscription id (the endpoint's last segment). */
  id: string;
  /** `vapid t=<JWT>, k=<public key>` (RFC 8292). */
  authorization: string;
  ttl: string;
  contentEncoding: string;
  urgency: string;
  topic: string;
  /** The encrypted payload, base64. */
  body: string;
  receivedAt: string;
  /** What it answered (201 or 410). */
  status: number;
}

export interface LocalPushService {
  /** `https://127.0.0.1:<port>`. */
  url: string;
  /** The certificate (PEM) a client must trust to reach it. */
  ca: string;
  port: number;
  requests: PushRequest[];
  endpointFor(id: string): string;
  /** The endpoint answers 410 Gone from now on (an expired subscription). */
  markGone(id: string): void;
  close(): Promise<void>;
}

const header = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : (value ?? '');

/** A certificate and key for 127.0.0.1 and localhost, valid ten years; kept in `folder` when given. */
export async function localPushCertificate(folder?: string): Promise<{ cert: string; key: string }> {
  const files = folder
    ? { cert: path.join(folder, 'dev-push-cert.pem'), key: path.join(folder, 'dev-push-key.pem') }
    : null;
  if (files && existsSync(files.cert) && existsSync(files.key))
    return { cert: await readFile(files.cert, 'utf8'), key: await readFile(files.key, 'utf8') };
  const notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000);
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  } as Parameters<typeof generate>[1]);
  if (files) {
    await mkdir(folder!, { recursive: true });
    await writeFile(files.key, pems.private, { mode: 0o600 });
    await writeFile(files.cert, pems.cert);
  }
  return { cert: pems.cert, key: pems.private };
}

export async function startLocalPushService(
  options: { port?: number; host?: string; certFolder?: string } = {},
): Promise<LocalPushService> {
  const tls = await localPushCertificate(options.certFolder);
  const requests: PushRequest[] = [];
  const gone = new Set<string>();
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 8192) chunks.push(chunk);
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const body = Buffer.concat(chunks);
      const push = /^\/push\/([A-Za-z0-9_-]{1,100})$/.exec(url.pathname);
      if (req.method === 'POST' && push) {
        const id = push[1]!;
        // RFC 8030: at most 4096 bytes of payload; a VAPID request names its key.
        const status = size > 4096 ? 413 : gone.has(id) ? 410 : 201;
        requests.push({
          id,
          authorization: header(req.headers.authorization),
          ttl: header(req.headers.ttl),
          contentEncoding: header(req.headers['content-encoding']),
          urgency: header(req.headers.urgency),
          topic: header(req.headers.topic),
          body: body.toString('base64'),
          receivedAt: new Date().toISOString(),
          status,
        });
        if (status === 201) res.setHeader('location', `/message/${requests.length}`);
        res.writeHead(status);
        res.end();
        return;
      }
      if (req.method === 'GET' && url.pathname === '/__control/requests') return json(res, 200, requests);
      if (req.method === 'GET' && url.pathname === '/__control/health') return json(res, 200, { ok: true });
      if (req.method === 'POST' && url.pathname === '/__control/reset') {
        requests.length = 0;
        gone.clear();
        return json(res, 200, { ok: true });
      }
      if (req.method === 'POST' && url.pathname === '/__control/gone') {
        try {
          const { id } = JSON.parse(body.toString('utf8')) as { id?: unknown };
          if (typeof id !== 'string') return json(res, 400, { error: 'id' });
          gone.add(id);
          return json(res, 200, { ok: true });
        } catch {
          return json(res, 400, { error: 'json' });
        }
      }
      json(res, 404, { error: 'not found' });
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `https://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  return {
    url,
    ca: tls.cert,
    port,
    requests,
    endpointFor: (id) => `${url}/push/${id}`,
    markGone: (id) => void gone.add(id),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
