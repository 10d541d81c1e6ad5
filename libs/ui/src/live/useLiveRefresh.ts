import { useEffect, useRef, useState } from 'react';
import { LIVE_RESYNC_EVENT } from '@turno/domain';
import { liveConnection, type LiveMessage, type LiveSourceName } from './live-connection';

export type { LiveSourceName } from './live-connection';

export interface LiveRefreshOptions {
  /** Poll at this interval while the live stream is down (the spec's intervals: POLL_INTERVAL_MS). */
  pollIntervalMs: number;
  /** Only these event types trigger a refresh (default: every event of the source). */
  types?: readonly string[];
  /**
   * Of those, only the events this accepts (e.g. the ones that name the reader, on a stream that
   * carries other people's events too); `resync` and a reconnection refresh whatever it says.
   */
  accept?: (message: LiveMessage) => boolean;
}

export interface LiveStatus {
  /** True while the live stream is open; false while polling instead. */
  live: boolean;
}

/** Events arriving within this window cause one refresh (a batch of changes committed together). */
export const LIVE_REFRESH_COALESCE_MS = 200;

/**
 * Calls `refresh` when a live event of `source` arrives (from this tab's stream or, through the
 * `dashboard-sync` channel, another tab's), when the server says `resync`, and when the stream
 * comes back after being down; bursts within 200 ms cause one call. While the stream is down (or
 * the browser has no EventSource) it polls every `pollIntervalMs` instead.
 */
export function useLiveRefresh(
  source: LiveSourceName,
  refresh: () => void,
  options: LiveRefreshOptions,
): LiveStatus {
  const latest = useRef(refresh);
  latest.current = refresh;
  const accept = useRef(options.accept);
  accept.current = options.accept;
  const connection = liveConnection(source);
  const [live, setLive] = useState(connection.live);
  const typesKey = options.types ? [...options.types].sort().join(',') : '*';

  useEffect(() => {
    const types = typesKey === '*' ? null : new Set(typesKey.split(','));
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refreshSoon = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        latest.current();
      }, LIVE_REFRESH_COALESCE_MS);
    };
    const unsubscribe = connection.subscribe({
      onMessage: (message) => {
        if (message.type === LIVE_RESYNC_EVENT) refreshSoon();
        else if ((!types || types.has(message.type)) && (accept.current?.(message) ?? true)) refreshSoon();
      },
      onStatus: (isLive, reconnected) => {
        setLive(isLive);
        if (reconnected) refreshSoon();
      },
    });
    setLive(connection.live);
    return () => {
      unsubscribe();
      clearTimeout(pending);
    };
  }, [connection, typesKey]);

  useEffect(() => {
    if (live) return undefined;
    const timer = setInterval(() => latest.current(), options.pollIntervalMs);
    return () => clearInterval(timer);
  }, [live, options.pollIntervalMs]);

  return { live };
}
