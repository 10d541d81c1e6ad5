/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { NotificationsResponse } from '@turno/contracts';
import { ADMIN_NOTIFICATIONS_AUDIENCE, NOTIFICATION_MESSAGES, PUSH_MESSAGES } from '@turno/domain';
import { installFakeLiveStreams } from '../testing';
import { LIVE_REFRESH_COALESCE_MS } from '../live/useLiveRefresh';
import type { LiveSourceName } from '../live/live-connection';
import { NotificationBell } from './NotificationBell';

afterEach(cleanup);

const item = (id: number, read: boolean) => ({
  id,
  kind: 'application_accepted' as const,
  title: 'Candidatura aceita',
  body: `Sua candidatura ${id} foi aceita.`,
  link: '/dashboard/trabalhos',
  created_at: '2026-11-27T12:00:00.000Z',
  read_at: read ? '2026-11-27T12:30:00.000Z' : null,
});
const PAGE: NotificationsResponse = {
  items: [item(3, false), item(2, false), item(1, true)],
  nextCursor: null,
  unread: 2,
};

const json = (body: unknown, status = 200) =>
  ({ ok: status < 300, status, json: async () => body, headers: new Headers() }) as unknown as Response;

function bellWith(
  page: NotificationsResponse,
  navigate = jest.fn(),
  props: { source?: LiveSourceName; url?: string; webPush?: boolean; audience?: string } = {},
) {
  const calls: { url: string; method: string }[] = [];
  const fetchImpl = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? 'GET' });
    if (url.endsWith('/read-all') || url.endsWith('/read')) return json({ unread: 0 });
    return json(page);
  });
  render(
    <NotificationBell
      source="freelancer"
      {...props}
      navigate={navigate}
      fetchImpl={fetchImpl as unknown as typeof fetch}
    />,
  );
  return { calls, navigate };
}

describe('NotificationBell (issue 26)', () => {
  it('names the unread count, opens the list, and an item opens its screen marked read', async () => {
    const { calls, navigate } = bellWith(PAGE);
    const bell = await screen.findByRole('button', { name: 'Notificações, 2 não lidas' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    act(() => fireEvent.click(bell));
    const items = await screen.findAllByTestId('notification-item');
    expect(items.map((link) => link.textContent)).toEqual([
      expect.stringContaining('Sua candidatura 3 foi aceita.'),
      expect.stringContaining('Sua candidatura 2 foi aceita.'),
      expect.stringContaining('Sua candidatura 1 foi aceita.'),
    ]);
    expect(items[0]!.getAttribute('href')).toBe('/dashboard/trabalhos');
    act(() => fireEvent.click(items[0]!));
    expect(navigate).toHaveBeenCalledWith('/dashboard/trabalhos');
    await waitFor(() => expect(calls).toContainEqual({ url: '/api/notifications/3/read', method: 'POST' }));
    expect(screen.getByRole('button', { name: 'Notificações, 1 não lida' })).toBeTruthy();
  });

  it('marks all read at once', async () => {
    const { calls } = bellWith(PAGE);
    const bell = await screen.findByRole('button', { name: 'Notificações, 2 não lidas' });
    act(() => fireEvent.click(bell));
    const markAll = await screen.findByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead });
    act(() => fireEvent.click(markAll));
    expect(screen.getByRole('button', { name: 'Notificações, nenhuma não lida' })).toBeTruthy();
    await waitFor(() => expect(calls).toContainEqual({ url: '/api/notifications/read-all', method: 'POST' }));
    expect(screen.queryByTestId('notification-count')).toBeNull();
  });

  it('offers web push at the panel foot by default', async () => {
    bellWith(PAGE);
    act(() => fireEvent.click(screen.getByTestId('notification-bell').querySelector('button')!));
    expect(await screen.findByText(PUSH_MESSAGES.unsupported)).toBeTruthy();
  });

  it("reads, marks and marks all at the given URL, without web push (the admins' bell)", async () => {
    const { calls } = bellWith(PAGE, jest.fn(), { url: '/api/admin/notifications', webPush: false });
    const bell = await screen.findByRole('button', { name: 'Notificações, 2 não lidas' });
    expect(calls[0]).toEqual({ url: '/api/admin/notifications', method: 'GET' });
    act(() => fireEvent.click(bell));
    const items = await screen.findAllByTestId('notification-item');
    act(() => fireEvent.click(items[0]!));
    await waitFor(() =>
      expect(calls).toContainEqual({ url: '/api/admin/notifications/3/read', method: 'POST' }),
    );
    act(() => fireEvent.click(bell));
    act(() => fireEvent.click(screen.getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead })));
    await waitFor(() =>
      expect(calls).toContainEqual({ url: '/api/admin/notifications/read-all', method: 'POST' }),
    );
    expect(calls.some((call) => call.url.startsWith('/api/notifications'))).toBe(false);
    expect(screen.queryByText(PUSH_MESSAGES.unsupported)).toBeNull();
    expect(screen.queryByTestId('browser-push')).toBeNull();
  });

  it('keeps the open panel under the bell when the window is resized (the header rewraps)', async () => {
    bellWith(PAGE);
    const bell = await screen.findByRole('button', { name: 'Notificações, 2 não lidas' });
    const at = (bottom: number) =>
      jest.spyOn(bell, 'getBoundingClientRect').mockReturnValue({ bottom } as DOMRect);
    at(56);
    act(() => fireEvent.click(bell));
    const panel = screen.getByRole('region', { name: NOTIFICATION_MESSAGES.panelTitle });
    expect(panel.style.top).toBe('64px');
    at(140);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(panel.style.top).toBe('148px');
  });

  describe('live', () => {
    let live: ReturnType<typeof installFakeLiveStreams>;
    beforeEach(() => {
      live = installFakeLiveStreams();
    });
    afterEach(() => {
      cleanup();
      live.uninstall();
    });
    const reads = (calls: { method: string }[]) => calls.filter((call) => call.method === 'GET').length;
    /** Longer than the coalescing of a burst: a refresh asked for has started by then. */
    const aWhile = () =>
      act(() => new Promise((resolve) => setTimeout(resolve, LIVE_REFRESH_COALESCE_MS + 150)));

    it("reads again on every notification_created of a person's stream (it carries only theirs)", async () => {
      const { calls } = bellWith(PAGE);
      await screen.findByRole('button', { name: 'Notificações, 2 não lidas' });
      expect(live.streams.map((stream) => stream.url)).toEqual(['/bff/freelancer/api/events']);
      expect(reads(calls)).toBe(1);
      live.emit('notification_created', { notificationId: 7 });
      await waitFor(() => expect(reads(calls)).toBe(2));
    });

    it("the admins' bell reads again only on a notification_created naming the admins", async () => {
      const { calls } = bellWith(PAGE, jest.fn(), {
        source: 'admin-ops',
        url: '/api/admin/notifications',
        webPush: false,
        audience: ADMIN_NOTIFICATIONS_AUDIENCE,
      });
      await screen.findByRole('button', { name: 'Notificações, 2 não lidas' });
      expect(live.streams.map((stream) => stream.url)).toEqual(['/bff/admin-ops/api/events']);
      // A freelancer's and a business's notifications, and other events: admins' streams carry them all.
      live.emit('notification_created', { notificationId: 7 });
      live.emit('notification_created', { notificationId: 8 });
      live.emit('job_created', { jobIds: [3] });
      await aWhile();
      expect(reads(calls)).toBe(1);
      live.emit('notification_created', { notificationId: 9, audience: 'admins' });
      await waitFor(() => expect(reads(calls)).toBe(2));
      // The server could not replay what the stream missed: it reads again whatever the audience.
      live.emit('resync', {});
      await waitFor(() => expect(reads(calls)).toBe(3));
    });
  });
});
