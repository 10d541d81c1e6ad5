import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIRST_READS, areaHintOf, createPageHints, remoteHintsOf } from './page-hints';

const remotesConfig = {
  remotes: [
    { name: 'freelancer', entry: 'http://localhost:3101/mf-manifest.json' },
    { name: 'restaurant', entry: 'https://cdn.example.com/restaurant/mf-manifest.json' },
  ],
};

const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { name: 'App', assets: { js: { sync: ['576.13f56ea1.js', '__federation_expose_App.f3be3b11.js'] } } },
  ],
};

const graph = {
  entrypoints: { main: ['main.f7d8ca7f.js'] },
  chunkGroups: {
    main: ['main.f7d8ca7f.js'],
    federation: ['737.868378a2.js', 'federation.163d72b1.js'],
    'page-dashboard': ['page-dashboard.ef5d4d7b.js'],
    'page-admin-dashboard': ['page-admin-dashboard.ad1ccafd.js'],
  },
};

/** The JSON of a data block of the page. */
function block(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

describe('createPageHints', () => {
  let hostDist: string;
  beforeAll(() => {
    hostDist = mkdtempSync(join(tmpdir(), 'turno-hints-'));
    writeFileSync(
      join(hostDist, 'index.html'),
      '<!doctype html><html><head><title>Turno</title><script defer src="/main.f7d8ca7f.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(hostDist, 'bundle-graph.json'), JSON.stringify(graph));
  });
  afterAll(() => rmSync(hostDist, { recursive: true, force: true }));

  it('serves the landing page and unknown pages as built', async () => {
    const hints = createPageHints({ hostDist, remotesConfig, fetchManifest: jest.fn() });
    await expect(hints.htmlFor('/', 'turno_area=freelancer')).resolves.toBeUndefined();
    await expect(hints.htmlFor('/setup', undefined)).resolves.toBeUndefined();
  });

  it('writes the remotes and the page chunks into a dashboard page, before </head>', async () => {
    const fetchManifest = jest.fn();
    const html = (await createPageHints({ hostDist, remotesConfig, fetchManifest }).htmlFor(
      '/dashboard',
      undefined,
    ))!;
    expect(block(html, 'turno-remotes')).toEqual(remotesConfig);
    expect(block(html, 'turno-early-files')).toEqual({
      scripts: ['/page-dashboard.ef5d4d7b.js', '/737.868378a2.js', '/federation.163d72b1.js'],
      fetches: [],
      reads: [],
    });
    expect(html.indexOf('turno-early-files')).toBeLessThan(html.indexOf('</head>'));
    // Without the hint no remote is guessed.
    expect(fetchManifest).not.toHaveBeenCalled();
    expect(html).not.toContain('preconnect');
    expect(html).not.toContain('/bff/');
  });

  it("adds the hinted area's manifest, remoteEntry.js and first chunks, and connects to its origin", async () => {
    const fetchManifest = jest.fn(async () => manifest);
    const hints = createPageHints({ hostDist, remotesConfig, fetchManifest });
    const html = (await hints.htmlFor('/dashboard/candidaturas', 'a=1; turno_area=freelancer; b=2'))!;
    expect(fetchManifest).toHaveBeenCalledWith('http://localhost:3101/mf-manifest.json');
    expect(block(html, 'turno-early-files')).toEqual({
      scripts: [
        '/page-dashboard.ef5d4d7b.js',
        '/737.868378a2.js',
        '/federation.163d72b1.js',
        'http://localhost:3101/remoteEntry.js',
        'http://localhost:3101/576.13f56ea1.js',
        'http://localhost:3101/__federation_expose_App.f3be3b11.js',
      ],
      fetches: ['http://localhost:3101/mf-manifest.json'],
      reads: [],
    });
    expect(html).toContain('<link rel="preconnect" href="http://localhost:3101">');
    // Another tab than the first: none of the first screen's reads.
    expect(html).not.toContain('/bff/');
    expect(html).toContain('<link rel="preconnect" href="http://localhost:3101" crossorigin>');
    // The manifest is read once while its hints are kept.
    await hints.htmlFor('/dashboard', 'turno_area=freelancer');
    expect(fetchManifest).toHaveBeenCalledTimes(1);
  });

  it("lists the first screen's reads for the host on /dashboard itself", async () => {
    const hints = createPageHints({ hostDist, remotesConfig, fetchManifest: async () => manifest });
    const html = (await hints.htmlFor('/dashboard', 'turno_area=restaurant'))!;
    expect((block(html, 'turno-early-files') as { reads: string[] }).reads).toEqual(FIRST_READS.restaurant);
    expect(html).not.toContain('/bff/freelancer/');
    // Nothing is asked for from the HTML itself: the host does it after its first paint.
    expect(html).not.toContain('rel="preload"');
    // Without the hint nothing is read before the session is known.
    expect(await hints.htmlFor('/dashboard', undefined)).not.toContain('/bff/');
  });

  it('reads the manifest again once its hints are older than the TTL', async () => {
    const fetchManifest = jest.fn(async () => manifest);
    const hints = createPageHints({ hostDist, remotesConfig, fetchManifest, manifestTtlMs: 0 });
    await hints.htmlFor('/dashboard', 'turno_area=freelancer');
    await hints.htmlFor('/dashboard', 'turno_area=freelancer');
    expect(fetchManifest).toHaveBeenCalledTimes(2);
  });

  it('a manifest out of reach costs only its hints', async () => {
    const fetchManifest = jest.fn(async () => Promise.reject(new Error('ECONNREFUSED')));
    const html = (await createPageHints({ hostDist, remotesConfig, fetchManifest }).htmlFor(
      '/dashboard',
      'turno_area=restaurant',
    ))!;
    expect((block(html, 'turno-early-files') as { fetches: string[] }).fetches).toEqual([]);
    expect(block(html, 'turno-remotes')).toEqual(remotesConfig);
  });

  it('gives the admin dashboard its own chunks and never a hinted area', async () => {
    const fetchManifest = jest.fn();
    const html = (await createPageHints({ hostDist, remotesConfig, fetchManifest }).htmlFor(
      '/admin/dashboard',
      'turno_area=freelancer',
    ))!;
    expect((block(html, 'turno-early-files') as { scripts: string[] }).scripts).toEqual([
      '/page-admin-dashboard.ad1ccafd.js',
      '/737.868378a2.js',
      '/federation.163d72b1.js',
    ]);
    expect(fetchManifest).not.toHaveBeenCalled();
  });

  it('escapes the JSON so no value can close its <script>', async () => {
    const evil = { remotes: [{ name: 'freelancer', entry: 'http://x/</script><script>alert(1)</script>' }] };
    const html = (await createPageHints({ hostDist, remotesConfig: evil, fetchManifest: jest.fn() }).htmlFor(
      '/dashboard',
      undefined,
    ))!;
    expect(html).not.toContain('</script><script>alert');
    expect(block(html, 'turno-remotes')).toEqual(evil);
  });
});

describe('page hint helpers', () => {
  it('reads only the areas it hints from the cookie', () => {
    expect(areaHintOf('turno_area=restaurant')).toBe('restaurant');
    expect(areaHintOf('x=1;turno_area=freelancer')).toBe('freelancer');
    expect(areaHintOf('turno_area=admin_ops')).toBeUndefined();
    expect(areaHintOf('turno_area_x=freelancer')).toBeUndefined();
    expect(areaHintOf(undefined)).toBeUndefined();
  });

  it('resolves a manifest publicPath, else the manifest folder', () => {
    expect(remoteHintsOf('https://cdn.example.com/r/mf-manifest.json', manifest).scripts[0]).toBe(
      'https://cdn.example.com/r/remoteEntry.js',
    );
    const withPath = {
      ...manifest,
      metaData: { ...manifest.metaData, publicPath: 'https://static.example.com/v2/' },
    };
    expect(remoteHintsOf('https://cdn.example.com/r/mf-manifest.json', withPath).scripts).toEqual([
      'https://static.example.com/v2/remoteEntry.js',
      'https://static.example.com/v2/576.13f56ea1.js',
      'https://static.example.com/v2/__federation_expose_App.f3be3b11.js',
    ]);
    expect(remoteHintsOf('http://x/mf-manifest.json', null).scripts).toEqual([]);
  });
});
