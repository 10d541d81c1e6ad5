/*
 * Turno's service worker: the portal can be added to the home screen and opens to a clear pt-BR
 * page without a network. It caches one thing, the offline page (and its icon). Every other request
 * — the host's chunks, the remotes' remoteEntry.js / mf-manifest.json, /remotes.json, every BFF
 * call — is never touched: the browser fetches it as if there were no service worker, so a new
 * remote version is never missed and no personal answer is ever stored. Navigations go to the
 * network first (with navigation preload, so no time is lost starting this worker); only when the
 * network fails does the offline page answer.
 */
// Web push (issue 26): shows a notification and opens its link on click (sw-push.js).
self.importScripts('/sw-push.js');

const CACHE = 'turno-offline-v1';
const OFFLINE_URL = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([new Request(OFFLINE_URL, { cache: 'reload' })]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  // Only page loads of this origin; everything else goes straight to the network.
  if (request.mode !== 'navigate' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      try {
        const preloaded = await event.preloadResponse;
        if (preloaded) return preloaded;
        return await fetch(request);
      } catch {
        const offline = await caches.match(OFFLINE_URL, { cacheName: CACHE });
        return (
          offline ??
          new Response(
            '<!doctype html><meta charset="utf-8"><title>Sem conexão</title><p>Você está sem conexão.</p>',
            {
              status: 503,
              headers: { 'Content-Type': 'text/html; charset=utf-8' },
            },
          )
        );
      }
    })(),
  );
});
