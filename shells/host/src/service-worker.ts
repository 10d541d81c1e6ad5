/**
 * Registers the service worker (public/sw.js: the offline page, nothing else cached) once the page
 * has loaded, so it never competes with the first screen. Browsers without service workers, and
 * pages not served over HTTPS or from localhost, skip it; a failed registration changes nothing.
 */
export function registerServiceWorker(nav: Navigator = navigator, win: Window = window): void {
  if (!('serviceWorker' in nav) || !win.isSecureContext) return;
  const register = () => {
    nav.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => undefined);
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
