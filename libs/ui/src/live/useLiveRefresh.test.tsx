/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import { LIVE_HEARTBEAT_MS } from '@turno/domain';
import {
  LIVE_STATUS_MESSAGE,
  LiveConnection,
  forgetLiveConnections,
  type BroadcastChannelLike,
  type LiveEnvironment,
  type LiveMessage,
  type LockManagerLike,
} from './live-connection';
import { LIVE_REFRESH_COALESCE_MS, useLiveRefresh } from './useLiveRefresh';

// ---------------------------------------------------------------------------------------------
// Fakes of the browser APIs: EventSource, BroadcastChannel (one bus per test), Web Locks.

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  // What the server and the network do:
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  emit(type: string, data: unknown = {}, id = ''): void {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The connection dropped: the browser retries by itself (CONNECTING) or gives up (CLOSED). */
  fail(givesUp = false): void {
    this.readyState = givesUp ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
}

const liveStreams = () => FakeEventSource.instances.filter((source) => !source.closed);

/** A BroadcastChannel bus: a message reaches every other channel of the same name, in a later task. */
function broadcastBus() {
  const members = new Set<FakeChannel>();
  class FakeChannel implements BroadcastChannelLike {
    onmessage: ((event: MessageEvent) => void) | null = null;
    private closed = false;
    constructor(readonly name: string) {
      members.add(this);
    }
    postMessage(message: unknown): void {
      const copy = JSON.parse(JSON.stringify(message)) as unknown;
      for (const member of members) {
        if (member === this || member.name !== this.name) continue;
        setTimeout(() => {
          if (!member.closed) member.onmessage?.({ data: copy } as MessageEvent);
        }, 0);
      }
    }
    close(): void {
      this.closed = true;
      members.delete(this);
    }
  }
  return FakeChannel;
}

/** Web Locks: one holder per name, the others queued in order; an aborted request leaves the queue. */
class FakeLocks implements LockManagerLike {
  private readonly held = new Set<string>();
  private readonly queues = new Map<string, { run: () => void; granted: boolean }[]>();

  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const entry = {
        granted: false,
        run: () => {
          entry.granted = true;
          this.held.add(name);
          void Promise.resolve()
            .then(callback)
            .then(resolve, reject)
            .finally(() => {
              this.held.delete(name);
              this.grantNext(name);
            });
        },
      };
      options.signal?.addEventListener('abort', () => {
        if (entry.granted) return;
        this.queue(name).splice(this.queue(name).indexOf(entry), 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
      this.queue(name).push(entry);
      this.grantNext(name);
    });
  }

  private queue(name: string) {
    let queue = this.queues.get(name);
    if (!queue) this.queues.set(name, (queue = []));
    return queue;
  }

  private grantNext(name: string): void {
    if (this.held.has(name)) return;
    this.queue(name).shift()?.run();
  }
}

/** Installs (or removes) the fakes as this page's browser APIs. */
function installBrowserApis(apis: { eventSource?: boolean; channel?: boolean; locks?: boolean }) {
  const define = (target: object, name: string, value: unknown) =>
    Object.defineProperty(target, name, { value, configurable: true, writable: true });
  define(globalThis, 'EventSource', apis.eventSource ? FakeEventSource : undefined);
  define(globalThis, 'BroadcastChannel', apis.channel ? broadcastBus() : undefined);
  define(navigator, 'locks', apis.locks ? new FakeLocks() : undefined);
}

/** Lets promise callbacks and 0 ms tasks (channel deliveries, lock grants) run. */
async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await Promise.resolve();
    jest.advanceTimersByTime(0);
  }
}

/** `flush` inside React's act, for the hook's tests. */
const settle = () => act(flush);

async function advance(ms: number): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
    await flush();
  });
}

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
  FakeEventSource.instances = [];
  forgetLiveConnections();
});
afterEach(() => {
  jest.useRealTimers();
  installBrowserApis({});
});

const POLL_MS = 15_000;

// ---------------------------------------------------------------------------------------------

describe('useLiveRefresh', () => {
  it('polls at the given interval when the browser has no EventSource, BroadcastChannel or Web Locks', async () => {
    installBrowserApis({});
    const refresh = jest.fn();
    const { result, unmount } = renderHook(() =>
      useLiveRefresh('restaurant', refresh, { pollIntervalMs: POLL_MS }),
    );
    expect(result.current).toEqual({ live: false });
    await advance(POLL_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    await advance(POLL_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('opens its own stream without Web Locks, refreshes on its events and stops polling while live', async () => {
    installBrowserApis({ eventSource: true });
    const refresh = jest.fn();
    const { result, unmount } = renderHook(() =>
      useLiveRefresh('restaurant', refresh, { pollIntervalMs: POLL_MS, types: ['job_created', 'check_in'] }),
    );
    await settle();
    expect(liveStreams().map((source) => source.url)).toEqual(['/bff/restaurant/api/events']);
    const stream = liveStreams()[0]!;
    act(() => stream.open());
    expect(result.current.live).toBe(true);

    // A burst of events is one refresh, 200 ms later.
    act(() => {
      stream.emit('job_created', { jobIds: [1] }, '10');
      stream.emit('check_in', { jobId: 1 }, '11');
      stream.emit('job_created', { jobIds: [2] }, '12');
    });
    expect(refresh).not.toHaveBeenCalled();
    await advance(LIVE_REFRESH_COALESCE_MS);
    expect(refresh).toHaveBeenCalledTimes(1);

    // Types it does not watch change nothing; resync always refreshes.
    act(() => stream.emit('invoice_paid', { invoiceId: 3 }, '13'));
    await advance(LIVE_REFRESH_COALESCE_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    act(() => stream.emit('resync', {}, '20'));
    await advance(LIVE_REFRESH_COALESCE_MS);
    expect(refresh).toHaveBeenCalledTimes(2);

    // While live it does not poll.
    await advance(POLL_MS * 2);
    expect(refresh).toHaveBeenCalledTimes(2);
    unmount();
    expect(stream.closed).toBe(true);
  });

  it('refreshes only on the events `accept` takes of its types (resync whatever it says)', async () => {
    installBrowserApis({ eventSource: true });
    const refresh = jest.fn();
    const { unmount } = renderHook(() =>
      useLiveRefresh('admin-ops', refresh, {
        pollIntervalMs: POLL_MS,
        types: ['notification_created'],
        accept: (message) => (message.data as { audience?: string }).audience === 'admins',
      }),
    );
    await settle();
    const stream = liveStreams()[0]!;
    act(() => stream.open());
    act(() => stream.emit('notification_created', { notificationId: 1 }, '10'));
    await advance(LIVE_REFRESH_COALESCE_MS);
    expect(refresh).not.toHaveBeenCalled();
    act(() => stream.emit('notification_created', { notificationId: 2, audience: 'admins' }, '11'));
    await advance(LIVE_REFRESH_COALESCE_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    act(() => stream.emit('resync', {}, '20'));
    await advance(LIVE_REFRESH_COALESCE_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('polls while the stream is down and refreshes once it is back', async () => {
    installBrowserApis({ eventSource: true });
    const refresh = jest.fn();
    const { result, unmount } = renderHook(() =>
      useLiveRefresh('freelancer', refresh, { pollIntervalMs: 10_000 }),
    );
    await settle();
    const stream = liveStreams()[0]!;
    act(() => stream.open());
    act(() => stream.fail());
    expect(result.current.live).toBe(false);
    await advance(10_000);
    expect(refresh).toHaveBeenCalledTimes(1);

    act(() => stream.open());
    expect(result.current.live).toBe(true);
    await advance(LIVE_REFRESH_COALESCE_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('opens the stream again after the browser gave up on it, resuming from the last event id', async () => {
    installBrowserApis({ eventSource: true });
    const { unmount } = renderHook(() =>
      useLiveRefresh('restaurant', jest.fn(), { pollIntervalMs: POLL_MS }),
    );
    await settle();
    const first = liveStreams()[0]!;
    act(() => first.open());
    act(() => first.emit('job_updated', { jobId: 4 }, '41'));
    act(() => first.fail(true));
    expect(liveStreams()).toEqual([]);
    await advance(5_000);
    expect(liveStreams().map((source) => source.url)).toEqual(['/bff/restaurant/api/events?lastEventId=41']);
    unmount();
  });

  it('leads with Web Locks and re-broadcasts each event on dashboard-sync as { type, source, id, data }', async () => {
    installBrowserApis({ eventSource: true, channel: true, locks: true });
    const Channel = (
      globalThis as unknown as { BroadcastChannel: new (name: string) => BroadcastChannelLike }
    ).BroadcastChannel;
    const otherTab = new Channel('dashboard-sync');
    const heard: LiveMessage[] = [];
    otherTab.onmessage = (event) => heard.push(event.data as LiveMessage);
    const refresh = jest.fn();
    const { unmount } = renderHook(() => useLiveRefresh('restaurant', refresh, { pollIntervalMs: POLL_MS }));
    await settle();
    const stream = liveStreams()[0]!;
    act(() => stream.open());
    act(() => stream.emit('job_completed', { jobId: 7, assignmentId: 9 }, '77'));
    await advance(LIVE_REFRESH_COALESCE_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(heard).toContainEqual({
      type: 'job_completed',
      source: 'restaurant',
      id: '77',
      data: { jobId: 7, assignmentId: 9 },
    });
    expect(heard).toContainEqual({
      type: LIVE_STATUS_MESSAGE,
      source: 'restaurant',
      id: null,
      data: { live: true },
    });

    // The heartbeat is re-broadcast as the leader's status.
    heard.length = 0;
    act(() => stream.emit('ping'));
    await settle();
    expect(heard).toEqual([
      { type: LIVE_STATUS_MESSAGE, source: 'restaurant', id: '77', data: { live: true } },
    ]);
    unmount();
    otherTab.close();
  });
});

/** Outside React: run a step, then let its tasks run. */
const run = (step: () => void) => step();
async function advanceTime(ms: number): Promise<void> {
  jest.advanceTimersByTime(ms);
  await flush();
}

describe('one stream per source per browser', () => {
  function tabs(count: number) {
    const locks = new FakeLocks();
    const Channel = broadcastBus();
    const env: LiveEnvironment = {
      EventSource: FakeEventSource,
      BroadcastChannel: Channel,
      locks,
      now: () => Date.now(),
    };
    return Array.from({ length: count }, () => {
      const connection = new LiveConnection('restaurant', env);
      const messages: LiveMessage[] = [];
      const statuses: { live: boolean; reconnected: boolean }[] = [];
      const unsubscribe = connection.subscribe({
        onMessage: (message) => messages.push(message),
        onStatus: (live, reconnected) => statuses.push({ live, reconnected }),
      });
      return { connection, messages, statuses, unsubscribe };
    });
  }

  it('elects one leader whose stream feeds every tab, and hands the stream over when it closes', async () => {
    const [first, second, third] = tabs(3);
    await flush();
    expect(liveStreams()).toHaveLength(1);
    expect([first!, second!, third!].map((tab) => tab.connection.isLeader)).toEqual([true, false, false]);

    const stream = liveStreams()[0]!;
    run(() => stream.open());
    await flush();
    expect([first!, second!, third!].map((tab) => tab.connection.live)).toEqual([true, true, true]);

    run(() => stream.emit('job_assignment', { jobId: 3 }, '30'));
    await flush();
    for (const tab of [first!, second!, third!]) {
      expect(tab.messages).toEqual([
        { type: 'job_assignment', source: 'restaurant', id: '30', data: { jobId: 3 } },
      ]);
    }

    // The leader's tab goes: the next tab takes the lock and resumes from the last id it heard.
    run(() => first!.unsubscribe());
    await flush();
    expect(stream.closed).toBe(true);
    expect(second!.connection.isLeader).toBe(true);
    expect(liveStreams().map((source) => source.url)).toEqual(['/bff/restaurant/api/events?lastEventId=30']);
    expect(second!.connection.live).toBe(false);

    run(() => liveStreams()[0]!.open());
    await flush();
    expect(second!.statuses.at(-1)).toEqual({ live: true, reconnected: true });
    run(() => liveStreams()[0]!.emit('check_out', { jobId: 3 }, '31'));
    await flush();
    expect(third!.messages.at(-1)).toMatchObject({ type: 'check_out', id: '31' });
    second!.unsubscribe();
    third!.unsubscribe();
  });

  it('a follower that stops hearing the leader for two heartbeats is no longer live (it polls)', async () => {
    const [leader, follower] = tabs(2);
    await flush();
    run(() => liveStreams()[0]!.open());
    await flush();
    expect(follower!.connection.live).toBe(true);

    await advanceTime(LIVE_HEARTBEAT_MS);
    run(() => liveStreams()[0]!.emit('ping'));
    await flush();
    await advanceTime(LIVE_HEARTBEAT_MS * 2);
    expect(follower!.connection.live).toBe(true);

    await advanceTime(LIVE_HEARTBEAT_MS);
    expect(follower!.connection.live).toBe(false);
    leader!.unsubscribe();
    follower!.unsubscribe();
  });

  it('a leader whose stream falls silent opens it again', async () => {
    const [leader] = tabs(1);
    await flush();
    const stream = liveStreams()[0]!;
    run(() => stream.open());
    run(() => stream.emit('job_created', {}, '5'));
    await advanceTime(LIVE_HEARTBEAT_MS * 3);
    expect(stream.closed).toBe(true);
    expect(liveStreams().map((source) => source.url)).toEqual(['/bff/restaurant/api/events?lastEventId=5']);
    leader!.unsubscribe();
  });
});
