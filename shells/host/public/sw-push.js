/*
 * Web push in Turno's service worker (issue 26), loaded by sw.js with importScripts. A push carries
 * the notification's JSON ({ id, title, body, link }, libs/domain notificationPushPayload, encrypted
 * by the workers' web-push): it is shown with the app's icon, one per notification (tag), and a
 * click opens its link on this origin — in an open Turno window when there is one, else a new one.
 * When the browser replaces the subscription, the new one is given to the shell BFF.
 */
/* exported turnoInstallPush */
function turnoInstallPush(sw) {
  /** Only a path of this origin ("/dashboard/trabalhos"); anything else opens the dashboard. */
  const safeLink = (link) =>
    typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : '/dashboard';

  sw.addEventListener('push', (event) => {
    let data = {};
    try {
      data = event.data ? event.data.json() : {};
    } catch {
      data = { body: event.data ? event.data.text() : '' };
    }
    const title = typeof data.title === 'string' && data.title ? data.title : 'Turno';
    const options = {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'pt-BR',
      data: { link: safeLink(data.link), id: data.id },
    };
    if (typeof data.id === 'number') options.tag = `notification-${data.id}`;
    event.waitUntil(sw.registration.showNotification(title, options));
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = new URL(safeLink(event.notification.data && event.notification.data.link), sw.location.origin)
      .href;
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
        if (open) {
          const focused = await open.focus();
          if (focused && typeof focused.navigate === 'function') return focused.navigate(url);
          return focused;
        }
        return sw.clients.openWindow(url);
      })(),
    );
  });

  sw.addEventListener('pushsubscriptionchange', (event) => {
    const options = event.oldSubscription && event.oldSubscription.options;
    if (!options) return;
    event.waitUntil(
      sw.registration.pushManager.subscribe(options).then((subscription) =>
        fetch('/api/notifications/push-subscriptions', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(subscription.toJSON()),
        }),
      ),
    );
  });
}

if (typeof importScripts === 'function' && typeof self !== 'undefined') turnoInstallPush(self);
