import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerServiceWorker } from './service-worker';

const fakes = (readyState: string, secure = true) => {
  const register = jest.fn(() => Promise.resolve({}));
  const listeners: Record<string, () => void> = {};
  const nav = { serviceWorker: { register } } as unknown as Navigator;
  const win = {
    isSecureContext: secure,
    document: { readyState },
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
  } as unknown as Window;
  return { register, listeners, nav, win };
};

describe('service worker', () => {
  it('registers /sw.js after the page has loaded, bypassing the HTTP cache for its script', () => {
    const { register, listeners, nav, win } = fakes('interactive');
    registerServiceWorker(nav, win);
    expect(register).not.toHaveBeenCalled();
    listeners.load!();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('does nothing without service workers or outside a secure context', () => {
    const insecure = fakes('complete', false);
    registerServiceWorker(insecure.nav, insecure.win);
    expect(insecure.register).not.toHaveBeenCalled();
    registerServiceWorker({} as Navigator, fakes('complete').win);
  });

  it('caches the offline page only and leaves remotes, /remotes.json and BFF calls to the network', () => {
    const sw = readFileSync(join(__dirname, '../public/sw.js'), 'utf8');
    const code = sw.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    expect(code.match(/cache\.(add|addAll|put)\(/g)).toEqual(['cache.addAll(']);
    expect(code).toContain("cache.addAll([new Request(OFFLINE_URL, { cache: 'reload' })])");
    expect(code).toContain("request.mode !== 'navigate'");
    for (const never of ['remoteEntry', 'mf-manifest', 'remotes.json', '/bff/', '/api/'])
      expect(code).not.toContain(never);
    const manifest = JSON.parse(readFileSync(join(__dirname, '../public/manifest.webmanifest'), 'utf8')) as {
      lang: string;
      icons: { sizes: string; purpose: string }[];
    };
    expect(manifest.lang).toBe('pt-BR');
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '192x192 maskable',
      '512x512 maskable',
    ]);
  });
});
