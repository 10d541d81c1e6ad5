/**
 * The service worker's web push handlers (public/sw-push.js), run in a VM with a fake `self`: a push
 * shows its notification (title, body, icon, one per notification), a click opens its link on this
 * origin in the open window or a new one, never another origin's address.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

type Listener = (event: Record<string, unknown>) => void;

function fakeWorker(windows: { url: string; focus: jest.Mock; navigate: jest.Mock }[] = []) {
  const listeners: Record<string, Listener> = {};
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const self = {
    location: { origin: 'https://turno.example' },
    addEventListener: (type: string, listener: Listener) => (listeners[type] = listener),
    registration: {
      showNotification: jest.fn(async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      }),
    },
    clients: {
      matchAll: jest.fn(async () => windows),
      openWindow: jest.fn(async () => null),
    },
  };
  const code = readFileSync(join(__dirname, '../public/sw-push.js'), 'utf8');
  runInNewContext(`${code}\nturnoInstallPush(self);`, { self, URL, fetch: jest.fn() });
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners[type]!({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
    await pending;
  };
  return { self, shown, dispatch, listeners };
}

const pushOf = (payload: unknown) => ({ data: { json: () => payload, text: () => JSON.stringify(payload) } });

describe('service worker: web push', () => {
  it('shows the notification of a push, one per notification', async () => {
    const sw = fakeWorker();
    await sw.dispatch(
      'push',
      pushOf({
        id: 7,
        title: 'Candidatura aceita',
        body: 'Sua candidatura foi aceita.',
        link: '/dashboard/trabalhos',
      }),
    );
    expect(sw.shown).toEqual([
      {
        title: 'Candidatura aceita',
        options: expect.objectContaining({
          body: 'Sua candidatura foi aceita.',
          icon: '/icons/icon-192.png',
          lang: 'pt-BR',
          tag: 'notification-7',
          data: { link: '/dashboard/trabalhos', id: 7 },
        }),
      },
    ]);
  });

  it('shows something readable for a push it cannot parse, and keeps links on this origin', async () => {
    const sw = fakeWorker();
    await sw.dispatch('push', {
      data: {
        json: () => {
          throw new SyntaxError('x');
        },
        text: () => 'Olá',
      },
    });
    await sw.dispatch('push', pushOf({ id: 8, title: 'X', body: 'Y', link: 'https://evil.example/' }));
    expect(sw.shown.map((n) => [n.title, n.options.body, (n.options.data as { link: string }).link])).toEqual(
      [
        ['Turno', 'Olá', '/dashboard'],
        ['X', 'Y', '/dashboard'],
      ],
    );
  });

  it('opens the link in the open Turno window on click, or in a new window', async () => {
    const open = { url: 'https://turno.example/dashboard', focus: jest.fn(), navigate: jest.fn() };
    open.focus.mockResolvedValue(open);
    const withWindow = fakeWorker([open]);
    const close = jest.fn();
    await withWindow.dispatch('notificationclick', {
      notification: { close, data: { link: '/dashboard/trabalhos' } },
    });
    expect(close).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith('https://turno.example/dashboard/trabalhos');
    expect(withWindow.self.clients.openWindow).not.toHaveBeenCalled();

    const none = fakeWorker([]);
    await none.dispatch('notificationclick', {
      notification: { close: jest.fn(), data: { link: '//evil.example/x' } },
    });
    expect(none.self.clients.openWindow).toHaveBeenCalledWith('https://turno.example/dashboard');
  });

  it('is loaded by sw.js', () => {
    expect(readFileSync(join(__dirname, '../public/sw.js'), 'utf8')).toContain(
      "self.importScripts('/sw-push.js');",
    );
  });
});
