import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_KEEP_ALIVE_MS, UPSTREAM_IDLE_MS } from '@turno/server-runtime';
import { eventually } from '@turno/server-runtime/testing';
import { contentSecurityPolicy, matchRoute, startGateway, type GatewayRemotesConfig } from './gateway';
import { type RunningServer } from './static-server';

interface Echo {
  upstream: string;
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A throwaway upstream that answers with what it received. */
async function startEcho(name: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const echo: Echo = {
        upstream: name,
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      res.writeHead(req.method === 'POST' ? 201 : 200, {
        'Content-Type': 'application/json',
        'Set-Cookie': ['sid=abc; HttpOnly', 'theme=x'],
      });
      res.end(JSON.stringify(echo));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A port with nothing listening on it. */
async function deadPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const remotesConfig: GatewayRemotesConfig = {
  remotes: [
    { name: 'restaurant', entry: 'http://localhost:3102/mf-manifest.json' },
    { name: 'freelancer', entry: 'http://localhost:3101/mf-manifest.json' },
  ],
};

describe('startGateway', () => {
  let hostDist: string;
  let shell: Awaited<ReturnType<typeof startEcho>>;
  let restaurant: Awaited<ReturnType<typeof startEcho>>;
  let admin: Awaited<ReturnType<typeof startEcho>>;
  let gateway: RunningServer;
  const log = jest.fn();

  beforeAll(async () => {
    hostDist = mkdtempSync(join(tmpdir(), 'turno-host-'));
    writeFileSync(join(hostDist, 'index.html'), '<!doctype html><title>Turno</title><div id="root"></div>');
    writeFileSync(join(hostDist, 'main.9a0f95a7.js'), 'console.log("host")');
    [shell, restaurant, admin] = await Promise.all([
      startEcho('shell'),
      startEcho('restaurant'),
      startEcho('admin'),
    ]);
    gateway = await startGateway({
      port: 0,
      hostDist,
      remotesConfig,
      log,
      proxies: {
        '/api': shell.url,
        '/api/admin': admin.url,
        '/bff/restaurant': restaurant.url,
        '/bff/admin-ops': await deadPort(),
      },
    });
  });

  afterAll(async () => {
    await gateway.close();
    await Promise.all(
      [shell, restaurant, admin].map(({ server }) => new Promise((resolve) => server.close(resolve))),
    );
    rmSync(hostDist, { recursive: true, force: true });
  });

  async function echo(path: string, init?: RequestInit): Promise<{ res: Response; body: Echo }> {
    const res = await fetch(`${gateway.url}${path}`, init);
    return { res, body: (await res.json()) as Echo };
  }

  it('strips the /bff/<role> prefix and keeps the query', async () => {
    const { res, body } = await echo('/bff/restaurant/api/jobs?status=open');
    expect(res.status).toBe(200);
    expect(body.upstream).toBe('restaurant');
    expect(body.url).toBe('/api/jobs?status=open');
  });

  it('keeps the /api prefix and picks the longest matching prefix', async () => {
    expect((await echo('/api/users/me')).body).toMatchObject({ upstream: 'shell', url: '/api/users/me' });
    expect((await echo('/api/admin/verify')).body).toMatchObject({
      upstream: 'admin',
      url: '/api/admin/verify',
    });
    // a prefix matches whole path segments only
    expect((await echo('/api/administrators')).body).toMatchObject({ upstream: 'shell' });
  });

  it('forwards method, body, headers and status, and sets X-Forwarded-*', async () => {
    const { res, body } = await echo('/bff/restaurant/api/jobs', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: 'sid=abc', 'X-Request-Id': 'r1' },
      body: JSON.stringify({ quantity: 2 }),
    });
    expect(res.status).toBe(201);
    expect(body).toMatchObject({ method: 'POST', body: '{"quantity":2}' });
    expect(body.headers).toMatchObject({
      cookie: 'sid=abc',
      'x-request-id': 'r1',
      'content-type': 'application/json',
    });
    expect(body.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1/);
    expect(body.headers['x-forwarded-proto']).toBe('http');
    expect(body.headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
    expect(res.headers.getSetCookie()).toEqual(['sid=abc; HttpOnly', 'theme=x']);
  });

  it('answers 502 in Portuguese when the upstream is down', async () => {
    const res = await fetch(`${gateway.url}/bff/admin-ops/api/admin/restaurants`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      error: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
    });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('ECONNREFUSED'));

    const post = await fetch(`${gateway.url}/bff/admin-ops/api/admin/restaurants/1/approve`, {
      method: 'POST',
      body: 'x'.repeat(100_000),
    });
    expect(post.status).toBe(502);
  });

  it('serves /remotes.json, never cached', async () => {
    const res = await fetch(`${gateway.url}/remotes.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual(remotesConfig);
  });

  it.each([
    '/',
    '/dashboard?area=freelancer',
    '/admin/dashboard',
    '/admin/jobs/7/edit',
    '/rota/que/nao/existe',
  ])('falls back to the host page for %s, with a CSP for the remotes', async (path) => {
    const res = await fetch(`${gateway.url}${path}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain(
      "script-src 'self' http://localhost:3102 http://localhost:3101",
    );
  });

  it('serves hashed host files as immutable and unknown files as 404', async () => {
    const js = await fetch(`${gateway.url}/main.9a0f95a7.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${gateway.url}/missing.1234abcd.js`)).status).toBe(404);
  });

  it('writes the remotes into a dashboard page (page-hints.ts), with the headers of every page', async () => {
    const page = await fetch(`${gateway.url}/dashboard/candidaturas`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('vary')).toContain('Cookie');
    const html = await page.text();
    expect(html).toContain(
      `<script type="application/json" id="turno-remotes">${JSON.stringify(remotesConfig)}`,
    );
    expect(html).toContain('<div id="root"></div>');
    // The landing page is the build's file as it is.
    const landing = await (await fetch(`${gateway.url}/`)).text();
    expect(landing).toBe('<!doctype html><title>Turno</title><div id="root"></div>');
    // HEAD: the headers alone.
    const head = await fetch(`${gateway.url}/dashboard`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('does not answer unknown API paths with HTML', async () => {
    const res = await fetch(`${gateway.url}/bff/unknown/api/x`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Rota não encontrada' });
  });
});

describe('a kept-alive connection the BFF closes as the gateway reuses it', () => {
  // An upstream whose every connection answers its first request and then, at the next request on
  // the same connection, resets it (RST): the crossing of the BFF's idle timeout and the gateway's
  // reuse, made certain.
  let upstream: NetServer;
  let hostDist: string;
  let gateway: RunningServer;
  let requestsSeen = 0;
  const log = jest.fn();

  beforeAll(async () => {
    upstream = createNetServer((socket) => {
      let answered = false;
      socket.on('data', (chunk: Buffer) => {
        if (!chunk.toString().includes('\r\n\r\n') && !answered) return;
        if (answered) {
          socket.resetAndDestroy();
          return;
        }
        answered = true;
        requestsSeen += 1;
        socket.write(
          'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}',
        );
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    hostDist = mkdtempSync(join(tmpdir(), 'turno-host-'));
    writeFileSync(join(hostDist, 'index.html'), '<!doctype html><title>Turno</title>');
  });

  // A gateway per test: its connection pool starts empty.
  beforeEach(async () => {
    log.mockClear();
    gateway = await startGateway({
      port: 0,
      hostDist,
      remotesConfig,
      log,
      proxies: { '/bff/freelancer': `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` },
    });
  });
  afterEach(() => gateway.close());

  afterAll(async () => {
    await new Promise((resolve) => upstream.close(resolve));
    rmSync(hostDist, { recursive: true, force: true });
  });

  it('sends a read again on a new connection, so the screen gets its answer', async () => {
    requestsSeen = 0;
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(`${gateway.url}/bff/freelancer/api/jobs`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    expect(requestsSeen).toBe(3);
    expect(log).not.toHaveBeenCalled();
  });

  it('does not send a write again (its first attempt may have reached the handler): 502', async () => {
    await fetch(`${gateway.url}/bff/freelancer/api/jobs`);
    const before = requestsSeen;
    const res = await fetch(`${gateway.url}/bff/freelancer/api/freelancers/checkin/1`, { method: 'POST' });
    expect(res.status).toBe(502);
    expect(requestsSeen).toBe(before);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('ECONNRESET'));
  });
});

describe('gateway idle upstream connections', () => {
  it('drops an idle kept-alive connection itself, before the BFF would close it', async () => {
    // A BFF closing an idle connection as the gateway sends a write on it makes that write a 502
    // (ECONNRESET, not retried): so the gateway, not the BFF, is the side that lets one go.
    expect(UPSTREAM_IDLE_MS).toBeLessThan(SERVER_KEEP_ALIVE_MS - 5_000);
    const bff = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end('{"ok":true}'));
    });
    bff.keepAliveTimeout = SERVER_KEEP_ALIVE_MS;
    let open = 0;
    let accepted = 0;
    bff.on('connection', (socket) => {
      open += 1;
      accepted += 1;
      socket.on('close', () => (open -= 1));
    });
    await new Promise<void>((resolve) => bff.listen(0, '127.0.0.1', resolve));
    const hostDist = mkdtempSync(join(tmpdir(), 'turno-host-'));
    writeFileSync(join(hostDist, 'index.html'), '<!doctype html><title>Turno</title>');
    const gateway = await startGateway({
      port: 0,
      hostDist,
      remotesConfig,
      upstreamIdleMs: 200,
      proxies: { '/bff/freelancer': `http://127.0.0.1:${(bff.address() as AddressInfo).port}` },
    });
    try {
      expect((await fetch(`${gateway.url}/bff/freelancer/api/jobs`)).status).toBe(200);
      expect(accepted).toBe(1);
      // The BFF would keep it for 65 s: the gateway closes it once idle for its 200 ms.
      await eventually(() => open === 0);
      const write = await fetch(`${gateway.url}/bff/freelancer/api/consents`, { method: 'POST', body: '{}' });
      expect(write.status).toBe(200);
      expect(accepted).toBe(2);
    } finally {
      await gateway.close();
      bff.closeAllConnections();
      await new Promise((resolve) => bff.close(resolve));
      rmSync(hostDist, { recursive: true, force: true });
    }
  });
});

describe('gateway helpers', () => {
  it('matches prefixes on whole segments', () => {
    const routes = [{ prefix: '/bff/admin-ops' }, { prefix: '/api' }];
    expect(matchRoute(routes, '/bff/admin-ops/api/x')?.prefix).toBe('/bff/admin-ops');
    expect(matchRoute(routes, '/bff/admin-opsx')).toBeUndefined();
    expect(matchRoute(routes, '/api')?.prefix).toBe('/api');
  });

  it('builds a CSP from the remotes origins, once each', () => {
    const csp = contentSecurityPolicy({
      remotes: [
        { name: 'a', entry: 'https://cdn.example/a/mf-manifest.json' },
        { name: 'b', entry: 'https://cdn.example/b/mf-manifest.json' },
      ],
    });
    expect(csp).toContain("script-src 'self' https://cdn.example;");
    expect(csp).toContain("connect-src 'self' https://cdn.example;");
    expect(csp).toContain("object-src 'none'");
  });
});

describe('gateway security and shutdown', () => {
  let hostDist: string;
  let slow: Server;
  let slowUrl: string;
  let started: () => void;

  beforeAll(async () => {
    hostDist = mkdtempSync(join(tmpdir(), 'turno-host-'));
    writeFileSync(join(hostDist, 'index.html'), '<!doctype html><title>Turno</title><div id="root"></div>');
    writeFileSync(join(hostDist, 'main.9a0f95a7.js'), 'console.log("host")');
    // An upstream that answers after 400 ms (a request in flight when the gateway is told to stop).
    slow = createServer((req, res) => {
      started?.();
      setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'), 400);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => slow.close(resolve));
    rmSync(hostDist, { recursive: true, force: true });
  });

  const startHttpsGateway = () =>
    startGateway({
      port: 0,
      hostDist,
      remotesConfig,
      log: () => undefined,
      https: true,
      drainMs: 5_000,
      proxies: { '/api': slowUrl, '/bff/restaurant': slowUrl, '/bff/admin-ops': 'http://127.0.0.1:9' },
    });

  it('sends nosniff, Referrer-Policy, Permissions-Policy and HSTS on every kind of answer; CSP on pages', async () => {
    const gateway = await startHttpsGateway();
    try {
      const answers = {
        page: await fetch(`${gateway.url}/dashboard`),
        script: await fetch(`${gateway.url}/main.9a0f95a7.js`),
        missingFile: await fetch(`${gateway.url}/missing.1234abcd.js`),
        remotes: await fetch(`${gateway.url}/remotes.json`),
        proxied: await fetch(`${gateway.url}/bff/restaurant/api/jobs`),
        upstreamDown: await fetch(`${gateway.url}/bff/admin-ops/api/x`),
        unknownApi: await fetch(`${gateway.url}/bff/unknown/api/x`),
      };
      for (const [kind, answer] of Object.entries(answers)) {
        const headers = Object.fromEntries(answer.headers);
        expect({ kind, nosniff: headers['x-content-type-options'] }).toEqual({ kind, nosniff: 'nosniff' });
        expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(headers['permissions-policy']).toContain('microphone=()');
        expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        await answer.arrayBuffer();
      }
      expect(answers.page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    } finally {
      await gateway.close();
    }
  });

  it.each(['/bff/restaurant/livez', '/bff/restaurant/readyz', '/api/readyz', '/bff/admin-ops/livez/'])(
    'does not expose the BFF health check %s to browsers',
    async (path) => {
      const gateway = await startHttpsGateway();
      try {
        const res = await fetch(`${gateway.url}${path}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ error: 'Rota não encontrada' });
      } finally {
        await gateway.close();
      }
    },
  );

  it('lets a request in flight finish when it is told to stop, and takes no new ones', async () => {
    const gateway = await startHttpsGateway();
    const upstreamReached = new Promise<void>((resolve) => (started = resolve));
    const inFlight = fetch(`${gateway.url}/bff/restaurant/api/slow`);
    await upstreamReached;
    const closing = gateway.close();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    await closing;
    await expect(fetch(`${gateway.url}/remotes.json`)).rejects.toThrow();
  });
});
