/**
 * One live stream per BFF per browser. The tabs of a browser elect a leader per source with the
 * Web Locks API (`turno-live-<source>`); the leader alone opens `GET /bff/<source>/api/events`
 * (Server-Sent Events, cookies included) and re-broadcasts every event on the `dashboard-sync`
 * BroadcastChannel as `{ type, source, id, data }`, plus a `live_status` message at each of the
 * server's heartbeats. Every tab — the leader too — hands each event to its subscribers. When the
 * leader's tab closes, its lock passes to another tab, which opens the stream from the last event
 * id it heard (the server replays the gap).
 *
 * Without Web Locks or BroadcastChannel a tab keeps its own stream; without EventSource it only
 * polls (its `live` stays false).
 */
import {
  DASHBOARD_SYNC_CHANNEL,
  LIVE_EVENT_TYPES,
  LIVE_HEARTBEAT_EVENT,
  LIVE_HEARTBEAT_MS,
  LIVE_READY_EVENT,
  LIVE_RESYNC_EVENT,
} from '@turno/domain';

/** The BFFs that stream live updates (`GET /bff/<source>/api/events`). */
export type LiveSourceName = 'restaurant' | 'freelancer' | 'admin-ops' | 'admin-billing';

/** What travels on `dashboard-sync`: a live event (or `resync`), or the leader's status. */
export interface LiveMessage {
  type: string;
  source: LiveSourceName;
  /** The domain event id (`MessageEvent.lastEventId`), null when none. */
  id: string | null;
  /** The event's data (ids of what changed); `{ live }` for a status. */
  data: unknown;
}

/** The type of the leader's status messages on `dashboard-sync`. */
export const LIVE_STATUS_MESSAGE = 'live_status';

// The browser APIs this module uses, as narrow as it needs them (tests pass fakes).
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}
export interface BroadcastChannelLike {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown): void;
  close(): void;
}
export interface LockManagerLike {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}
export interface LiveEnvironment {
  EventSource?: new (url: string) => EventSourceLike;
  BroadcastChannel?: new (name: string) => BroadcastChannelLike;
  locks?: LockManagerLike;
  now(): number;
}

/** The environment of this page: whatever of EventSource, BroadcastChannel and Web Locks it has. */
export function browserEnvironment(): LiveEnvironment {
  const scope = globalThis as typeof globalThis & {
    EventSource?: LiveEnvironment['EventSource'];
    BroadcastChannel?: LiveEnvironment['BroadcastChannel'];
    navigator?: { locks?: LockManagerLike };
  };
  return {
    EventSource: scope.EventSource,
    BroadcastChannel: scope.BroadcastChannel,
    locks: scope.navigator?.locks,
    now: () => Date.now(),
  };
}

export interface LiveSubscriber {
  /** A live event (or `resync`) of this source, from this tab's stream or another tab's. */
  onMessage(message: LiveMessage): void;
  /** `live` changed; `reconnected`: the stream is back after having been down (events may be missed). */
  onStatus(live: boolean, reconnected: boolean): void;
}

const EVENTSOURCE_CLOSED = 2;
/** A follower is live while it heard the leader within two heartbeats (and a little slack). */
const LEADER_SILENCE_MS = 2 * LIVE_HEARTBEAT_MS + 5_000;
/** A stream that failed for good (401, 5xx, network) is opened again after 5 s, then up to 60 s. */
const REOPEN_MIN_MS = 5_000;
const REOPEN_MAX_MS = 60_000;

/** The live stream of one source for this tab, shared by every subscriber of the tab. */
export class LiveConnection {
  private readonly subscribers = new Set<LiveSubscriber>();
  private channel: BroadcastChannelLike | null = null;
  private eventSource: EventSourceLike | null = null;
  private abortLockRequest: AbortController | null = null;
  private releaseLock: (() => void) | null = null;
  private leading = false;
  private isLive = false;
  private wasEverLive = false;
  private lastEventId: string | null = null;
  /** When this tab last heard its stream (leader) or the leader (follower). */
  private lastHeardAt = 0;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private reopenTimer: ReturnType<typeof setTimeout> | null = null;
  private reopenDelay = REOPEN_MIN_MS;

  constructor(
    readonly source: LiveSourceName,
    private readonly env: LiveEnvironment,
  ) {}

  get live(): boolean {
    return this.isLive;
  }

  /** True while this tab holds the stream. */
  get isLeader(): boolean {
    return this.leading;
  }

  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    if (this.subscribers.size === 1) this.start();
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) this.stop();
    };
  }

  private start(): void {
    const { env } = this;
    if (env.BroadcastChannel) {
      this.channel = new env.BroadcastChannel(DASHBOARD_SYNC_CHANNEL);
      this.channel.onmessage = (event) => this.fromChannel(event.data);
    }
    this.watchdog = setInterval(() => this.checkSilence(), LIVE_HEARTBEAT_MS / 3);
    if (!env.EventSource) return;
    if (env.locks && this.channel) {
      const abort = new AbortController();
      this.abortLockRequest = abort;
      env.locks
        .request(`turno-live-${this.source}`, { signal: abort.signal }, () => {
          if (abort.signal.aborted) return Promise.resolve();
          this.lead();
          return new Promise<void>((resolve) => (this.releaseLock = resolve));
        })
        .catch(() => undefined); // aborted: this tab stopped before it led
    } else {
      this.lead();
    }
  }

  private stop(): void {
    this.abortLockRequest?.abort();
    this.abortLockRequest = null;
    this.closeEventSource();
    this.leading = false;
    this.releaseLock?.();
    this.releaseLock = null;
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    this.channel?.close();
    this.channel = null;
    this.isLive = false;
  }

  private lead(): void {
    this.leading = true;
    // Live again only once this tab's own stream is open (it resumes from the last id heard).
    this.setLive(false);
    this.openEventSource();
  }

  private openEventSource(): void {
    const { EventSource } = this.env;
    if (!EventSource || !this.leading) return;
    const query = this.lastEventId === null ? '' : `?lastEventId=${encodeURIComponent(this.lastEventId)}`;
    const eventSource = new EventSource(`/bff/${this.source}/api/events${query}`);
    this.eventSource = eventSource;
    eventSource.onopen = () => {
      this.reopenDelay = REOPEN_MIN_MS;
      this.lastHeardAt = this.env.now();
      this.setLive(true);
      this.broadcastStatus();
    };
    eventSource.onerror = () => {
      this.setLive(false);
      this.broadcastStatus();
      // CONNECTING: the browser retries by itself (with Last-Event-ID). CLOSED: it gave up.
      if (eventSource.readyState === EVENTSOURCE_CLOSED) this.reopenLater();
    };
    const forward = (type: string) => (event: MessageEvent) => this.fromServer(type, event);
    for (const type of [...LIVE_EVENT_TYPES, LIVE_RESYNC_EVENT, LIVE_READY_EVENT, LIVE_HEARTBEAT_EVENT]) {
      eventSource.addEventListener(type, forward(type));
    }
  }

  private closeEventSource(): void {
    if (this.reopenTimer) clearTimeout(this.reopenTimer);
    this.reopenTimer = null;
    this.eventSource?.close();
    this.eventSource = null;
  }

  private reopenLater(): void {
    this.closeEventSource();
    const delay = this.reopenDelay;
    this.reopenDelay = Math.min(REOPEN_MAX_MS, this.reopenDelay * 2);
    this.reopenTimer = setTimeout(() => this.openEventSource(), delay);
  }

  private fromServer(type: string, event: MessageEvent): void {
    this.lastHeardAt = this.env.now();
    if (event.lastEventId) this.lastEventId = event.lastEventId;
    if (!this.isLive) this.setLive(true);
    if (type === LIVE_HEARTBEAT_EVENT) {
      this.broadcastStatus();
      return;
    }
    if (type === LIVE_READY_EVENT) return;
    const message: LiveMessage = {
      type,
      source: this.source,
      id: event.lastEventId || null,
      data: parseData(event.data),
    };
    this.channel?.postMessage(message);
    this.deliver(message);
  }

  private fromChannel(raw: unknown): void {
    if (typeof raw !== 'object' || raw === null) return;
    const message = raw as Partial<LiveMessage>;
    if (typeof message.type !== 'string') return;
    // Messages of another source are not ours; one without a source (a page's own cross-tab
    // notice, as the specification's dashboard-sync had) concerns every source.
    if (message.source !== undefined && message.source !== this.source) return;
    if (this.leading && message.source === this.source) return; // another tab's stale leader
    if (message.source === this.source) {
      this.lastHeardAt = this.env.now();
      if (typeof message.id === 'string' && message.id !== '') this.lastEventId = message.id;
    }
    if (message.type === LIVE_STATUS_MESSAGE) {
      const live = (message.data as { live?: unknown } | undefined)?.live === true;
      if (!this.leading) this.setLive(live);
      return;
    }
    if (message.source === this.source && !this.isLive && !this.leading) this.setLive(true);
    this.deliver({
      type: message.type,
      source: this.source,
      id: message.id ?? null,
      data: message.data ?? null,
    });
  }

  private broadcastStatus(): void {
    const status: LiveMessage = {
      type: LIVE_STATUS_MESSAGE,
      source: this.source,
      id: this.lastEventId,
      data: { live: this.isLive },
    };
    this.channel?.postMessage(status);
  }

  /** A leader whose stream went silent reconnects; a follower whose leader went silent polls. */
  private checkSilence(): void {
    if (!this.isLive || this.env.now() - this.lastHeardAt <= LEADER_SILENCE_MS) return;
    this.setLive(false);
    if (this.leading) {
      this.closeEventSource();
      this.openEventSource();
    }
  }

  private setLive(live: boolean): void {
    if (live === this.isLive) return;
    this.isLive = live;
    const reconnected = live && this.wasEverLive;
    if (live) this.wasEverLive = true;
    for (const subscriber of [...this.subscribers]) subscriber.onStatus(live, reconnected);
  }

  private deliver(message: LiveMessage): void {
    for (const subscriber of [...this.subscribers]) subscriber.onMessage(message);
  }
}

function parseData(data: unknown): unknown {
  if (typeof data !== 'string') return data ?? null;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

const connections = new Map<LiveSourceName, LiveConnection>();

/** This tab's connection of `source` (made on first use, with the page's browser APIs). */
export function liveConnection(source: LiveSourceName): LiveConnection {
  let connection = connections.get(source);
  if (!connection) {
    connection = new LiveConnection(source, browserEnvironment());
    connections.set(source, connection);
  }
  return connection;
}

/** Forgets this tab's connections (tests install other browser APIs between cases). */
export function forgetLiveConnections(): void {
  connections.clear();
}
