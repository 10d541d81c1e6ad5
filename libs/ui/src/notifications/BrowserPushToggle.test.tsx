/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PUSH_MESSAGES } from '@turno/domain';
import { BrowserPushToggle } from './BrowserPushToggle';
import type { BrowserPushEnv } from './browser-push';

afterEach(cleanup);

const json = (body: unknown, status = 200) =>
  ({ ok: status < 300, status, json: async () => body, headers: new Headers() }) as unknown as Response;

/** A browser whose permission starts at `permission` and grants or denies when asked. */
function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const calls: { url: string; method: string; body?: unknown }[] = [];
  let subscription: { endpoint: string; toJSON(): unknown; unsubscribe: jest.Mock } | null = null;
  const subscribe = jest.fn(async (options: { applicationServerKey: Uint8Array }) => {
    subscription = {
      endpoint: 'https://push.example.com/send/abc',
      toJSON: () => ({
        endpoint: 'https://push.example.com/send/abc',
        expirationTime: null,
        keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
      }),
      unsubscribe: jest.fn(async () => {
        subscription = null;
        return true;
      }),
    };
    expect(options.applicationServerKey).toEqual(new Uint8Array([0xfb, 0xff, 0xbf]));
    return subscription;
  });
  const pushManager = { getSubscription: jest.fn(async () => subscription), subscribe };
  const registration = { pushManager } as unknown as ServiceWorkerRegistration;
  const Notification = {
    permission,
    requestPermission: jest.fn(async () => {
      Notification.permission = answer;
      return answer;
    }),
  };
  const env: BrowserPushEnv = {
    hasPushManager: true,
    Notification,
    serviceWorker: {
      getRegistration: jest.fn(async () => registration),
      register: jest.fn(),
      ready: Promise.resolve(registration),
    } as unknown as ServiceWorkerContainer,
    fetchImpl: jest.fn(async (url: string, init?: RequestInit) => {
      calls.push({
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url.endsWith('/public-key')) return json({ publicKey: '-_-_' });
      return json({ subscribed: (init?.method ?? 'GET') === 'POST' });
    }) as unknown as typeof fetch,
  };
  return { env, calls, Notification, subscribe, current: () => subscription };
}

describe('BrowserPushToggle', () => {
  it('asks the browser only when the person chooses to enable, then subscribes and tells the BFF', async () => {
    const browser = fakeBrowser('default');
    render(<BrowserPushToggle env={browser.env} />);
    const enable = await screen.findByRole('button', { name: PUSH_MESSAGES.enable });
    expect(browser.Notification.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(enable);
    await screen.findByText(PUSH_MESSAGES.enabled);
    expect(browser.Notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(browser.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/notifications/push/public-key',
      'POST /api/notifications/push-subscriptions',
    ]);
    expect(browser.calls[1]!.body).toEqual({
      endpoint: 'https://push.example.com/send/abc',
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
    });

    fireEvent.click(screen.getByRole('button', { name: PUSH_MESSAGES.disable }));
    await screen.findByText(PUSH_MESSAGES.disabled);
    expect(browser.calls[2]).toEqual({
      url: '/api/notifications/push-subscriptions',
      method: 'DELETE',
      body: { endpoint: 'https://push.example.com/send/abc' },
    });
    expect(browser.current()).toBeNull();
    expect(screen.getByRole('button', { name: PUSH_MESSAGES.enable })).toBeTruthy();
  });

  it('says so when the browser refuses, and subscribes nothing', async () => {
    const browser = fakeBrowser('default', 'denied');
    render(<BrowserPushToggle env={browser.env} />);
    fireEvent.click(await screen.findByRole('button', { name: PUSH_MESSAGES.enable }));
    await screen.findByText(PUSH_MESSAGES.denied);
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(browser.calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('shows "Desativar" for a browser already subscribed, and a plain note where push does not exist', async () => {
    const browser = fakeBrowser('granted');
    await browser.env.serviceWorker!.ready.then((r) =>
      r.pushManager.subscribe({ applicationServerKey: new Uint8Array([0xfb, 0xff, 0xbf]) }),
    );
    render(<BrowserPushToggle env={browser.env} />);
    await screen.findByRole('button', { name: PUSH_MESSAGES.disable });
    cleanup();
    render(<BrowserPushToggle env={{ hasPushManager: false }} />);
    await waitFor(() => expect(screen.getByText(PUSH_MESSAGES.unsupported)).toBeTruthy());
  });
});
