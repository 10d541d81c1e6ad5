/** Live updates: `GET /api/events` (Server-Sent Events) fed by PostgreSQL LISTEN/NOTIFY. */
export {
  DEFAULT_MAX_BUFFERED_BYTES,
  DEFAULT_REPLAY_LIMIT,
  LIVE_EVENTS_PATH,
  LIVE_STREAM_OPENED,
  LiveEventsQuerySchema,
  createLiveService,
  type LiveAccess,
  type LiveOptions,
  type LiveService,
} from './live-service';
export { DEFAULT_MAX_STREAMS_PER_SESSION, LiveHub } from './live-hub';
export { LiveStream, type StreamEnd } from './live-stream';
export { DomainEventListener, type EventListenerOptions } from './event-listener';
