import { useEffect, useRef } from 'react';

/** The BFFs that stream live updates (`GET /bff/<source>/api/events`). */
export type LiveSourceName = 'restaurant' | 'freelancer' | 'admin-ops' | 'admin-billing';

export interface LiveRefreshOptions {
  /** Poll at this interval while the live stream is down (the spec's intervals: POLL_INTERVAL_MS). */
  pollIntervalMs: number;
  /** Only these event types trigger a refresh (default: every event of the source). */
  types?: readonly string[];
}

export interface LiveStatus {
  /** True while the live stream is open; false while polling instead. */
  live: boolean;
}

/**
 * Calls `refresh` when a live event of `source` arrives, and every `pollIntervalMs` while the
 * live stream is down.
 *
 * PLACEHOLDER: polls only. The live-updates work replaces this body with the Server-Sent Events
 * stream, the `dashboard-sync` BroadcastChannel and the polling fallback, keeping this signature.
 */
export function useLiveRefresh(
  source: LiveSourceName,
  refresh: () => void,
  options: LiveRefreshOptions,
): LiveStatus {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    const timer = setInterval(() => latest.current(), options.pollIntervalMs);
    return () => clearInterval(timer);
  }, [source, options.pollIntervalMs]);
  return { live: false };
}
