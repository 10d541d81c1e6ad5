import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cacheControlFor, isHtmlPath, startStaticServer, type RunningServer } from './static-server';

const HOST_ORIGIN = 'http://localhost:8080';

describe('startStaticServer', () => {
  let root: string;
  let server: RunningServer;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'turno-static-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>remote</title>');
    writeFileSync(join(root, 'remoteEntry.js'), 'var restaurant = 1;');
    writeFileSync(join(root, 'mf-manifest.json'), '{"id":"restaurant"}');
    writeFileSync(join(root, '576.690c9107.js'), 'console.log(1)');
    const big = `/* ${'x'.repeat(4000)} */`;
    writeFileSync(join(root, '610.ff52060b.js'), big);
    writeFileSync(join(root, '610.ff52060b.js.gz'), gzipSync(big));
    server = await startStaticServer({ port: 0, root, allowOrigins: [HOST_ORIGIN] });
  });

  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends CORS headers to an allowed origin only', async () => {
    const allowed = await fetch(`${server.url}/mf-manifest.json`, { headers: { Origin: HOST_ORIGIN } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(HOST_ORIGIN);
    expect(allowed.headers.get('vary')).toMatch(/Origin/);

    const other = await fetch(`${server.url}/mf-manifest.json`, {
      headers: { Origin: 'http://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a CORS preflight', async () => {
    const res = await fetch(`${server.url}/remoteEntry.js`, {
      method: 'OPTIONS',
      headers: { Origin: HOST_ORIGIN, 'Access-Control-Request-Method': 'GET' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(HOST_ORIGIN);
    expect(res.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it.each(['/mf-manifest.json', '/remoteEntry.js', '/index.html'])('never lets %s go stale', async (path) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toBeTruthy();
  });

  it("sends the security headers on every answer, and a CSP with frame-ancestors 'none' on a page", async () => {
    for (const path of ['/remoteEntry.js', '/index.html', '/missing.js']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('microphone=()');
      await res.arrayBuffer();
    }
    const page = await fetch(`${server.url}/index.html`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('content-security-policy')).toContain("base-uri 'none'");
    const script = await fetch(`${server.url}/remoteEntry.js`);
    expect(script.headers.get('content-security-policy')).toBeNull();
  });

  it('caches content-hashed files for a year', async () => {
    const res = await fetch(`${server.url}/576.690c9107.js`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
  });

  it('revalidates with ETag', async () => {
    const first = await fetch(`${server.url}/mf-manifest.json`);
    const again = await fetch(`${server.url}/mf-manifest.json`, {
      headers: { 'If-None-Match': first.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('sends the precompressed copy to gzip clients', async () => {
    const res = await fetch(`${server.url}/610.ff52060b.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toContain('xxxx');
  });

  it('serves files written after it started (a rebuilt remote)', async () => {
    writeFileSync(join(root, 'new.abcdef12.js'), 'export {}');
    expect((await fetch(`${server.url}/new.abcdef12.js`)).status).toBe(200);
  });

  it('answers 404 for unknown paths without SPA fallback, and refuses writes', async () => {
    expect((await fetch(`${server.url}/nope.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/some/route`)).status).toBe(404);
    expect((await fetch(`${server.url}/index.html`, { method: 'POST' })).status).toBe(405);
  });

  it('falls back to index.html when asked to', async () => {
    const spa = await startStaticServer({ port: 0, root, allowOrigins: [], spaFallback: true });
    try {
      const res = await fetch(`${spa.url}/some/route`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>remote</title>');
    } finally {
      await spa.close();
    }
  });
});

describe('cache and path helpers', () => {
  it('tells hashed files from the rest', () => {
    expect(cacheControlFor('/main.9a0f95a7.js')).toMatch(/immutable/);
    expect(cacheControlFor('/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/mf-manifest.json')).toBe('no-cache');
  });

  it('knows which paths are HTML pages', () => {
    expect(isHtmlPath('/admin/dashboard')).toBe(true);
    expect(isHtmlPath('/index.html')).toBe(true);
    expect(isHtmlPath('/main.9a0f95a7.js')).toBe(false);
  });
});
