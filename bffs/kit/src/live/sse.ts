/**
 * Server-Sent Events frames (WHATWG HTML §9.2): `id`, `event` and `data` lines, a blank line after
 * each event. Every frame here is one line per field: types are our own identifiers and data is
 * JSON, which never holds a raw newline.
 */
import { LIVE_HEARTBEAT_EVENT, LIVE_READY_EVENT, LIVE_RESYNC_EVENT } from '@turno/domain';
import type { PublishedEvent } from '@turno/core';

const EVENT_NAME = /^[a-z][a-z_]{0,39}$/;

/** A recorded change: `id: <domain event id>`, `event: <type>`, `data: <payload JSON>`. Null for a type that is not ours. */
export function eventFrame(event: PublishedEvent): string | null {
  if (!EVENT_NAME.test(event.type)) return null;
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`;
}

/** The heartbeat: a named event, so the page's script (not only the network stack) sees it. */
export const HEARTBEAT_FRAME = `event: ${LIVE_HEARTBEAT_EVENT}\ndata: {}\n\n`;

/** The stream is set up; a reconnection resumes after `lastEventId`. */
export const readyFrame = (lastEventId: number) =>
  `id: ${lastEventId}\nevent: ${LIVE_READY_EVENT}\ndata: {}\n\n`;

/** What the stream missed cannot be replayed: reload, then go on after `lastEventId`. */
export const resyncFrame = (lastEventId: number | null) =>
  `${lastEventId === null ? '' : `id: ${lastEventId}\n`}event: ${LIVE_RESYNC_EVENT}\ndata: {}\n\n`;

/**
 * The browser's reconnection delay, spread between `minMs` and `maxMs` so that the streams of a
 * replica that stops do not all come back in the same instant.
 */
export function retryFrame(minMs = 2_000, maxMs = 5_000, random: () => number = Math.random): string {
  return `retry: ${Math.round(minMs + random() * (maxMs - minMs))}\n\n`;
}
