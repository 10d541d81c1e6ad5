import type { Context } from 'koa';
import {
  audienceOf,
  eventLogBounds,
  eventsAfter,
  latestEventId,
  type EntityManager,
  type EventAudience,
  type Orm,
} from '@turno/core';
import { LIVE_HEARTBEAT_MS } from '@turno/domain';
import { z } from 'zod';
import type { Logger } from '@turno/server-runtime';
import { route, type AnyRoute } from '../route';
import { readCookie } from '../session/cookies';
import type { Sessions } from '../session/sessions';
import type { SessionKind } from '../session/store';
import { DomainEventListener } from './event-listener';
import { LiveHub } from './live-hub';
import { LiveStream, type StreamEnd } from './live-stream';
import { retryFrame } from './sse';

/** Who may open a BFF's stream: one role per BFF. */
export type LiveAccess = 'restaurant' | 'freelancer' | 'admin';

export interface LiveOptions {
  access: LiveAccess;
  /** Heartbeat and session re-check period (default 15 s, under the gateway's 30 s idle timeout). */
  heartbeatMs?: number;
  /** Unsent bytes after which a stream is cut (default 64 KiB). */
  maxBufferedBytes?: number;
  /** Most missed events replayed on resume (default 200; more: `resync`). */
  replayLimit?: number;
  /** Most open streams per session; a newer one ends the oldest (default 4). */
  maxStreamsPerSession?: number;
  /** Database to LISTEN on (default: the ORM's). */
  connectionString?: string;
}

export const LIVE_EVENTS_PATH = '/api/events';
export const DEFAULT_MAX_BUFFERED_BYTES = 64 * 1024;
export const DEFAULT_REPLAY_LIMIT = 200;

/** What the route answers once the stream is open (the stream itself is written to the socket). */
export const LIVE_STREAM_OPENED = 'live-stream-opened';

/** An event id as the browser sends it back: digits only, at most a safe integer's 16 of them. */
const EventIdText = z
  .string()
  .max(16)
  .regex(/^\d{1,16}$/);

/**
 * `?lastEventId=`: where a new stream resumes (a tab taking over the stream of a closed one knows
 * the last id its channel carried). The browser's own `Last-Event-ID` header, sent when it
 * reconnects by itself, is newer and wins.
 */
export const LiveEventsQuerySchema = z.object({ lastEventId: EventIdText.optional() });

export interface LiveService {
  hub: LiveHub;
  listener: DomainEventListener;
  /** `GET /api/events`, registered by createBffApp like any route (access checked first). */
  route: AnyRoute;
  /** Resolves once the LISTEN connection is in place. */
  ready(): Promise<void>;
  /** Ends every stream and the LISTEN connection. */
  close(): Promise<void>;
}

interface LiveDependencies {
  orm: Orm;
  sessions: Sessions;
  logger: Logger;
  name: string;
}

/**
 * Live updates of one BFF process: one LISTEN connection feeding a hub of the open streams, a
 * heartbeat that also re-checks every stream's session (in batches), and the `GET /api/events`
 * route. Streams end with their session (logout, timeout), with their account, when too slow, and
 * when the process stops.
 */
export function createLiveService(options: LiveOptions, deps: LiveDependencies): LiveService {
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const maxBufferedBytes = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
  const replayLimit = options.replayLimit ?? DEFAULT_REPLAY_LIMIT;
  const { sessions, logger } = deps;
  const hub = new LiveHub(options.maxStreamsPerSession);
  const listener = new DomainEventListener({
    connectionString: options.connectionString ?? String(deps.orm.config.get('clientUrl')),
    applicationName: `${deps.name}-live`,
    logger,
    onEvent: (event) => hub.publish(event),
    onReconnect: () => hub.resyncAll(),
  });

  const ended = (stream: LiveStream, reason: StreamEnd) => {
    hub.remove(stream);
    if (reason !== 'client' && reason !== 'shutdown')
      logger.info({ reason, open: hub.size }, 'live: stream ended');
  };

  let checking = false;
  /** Heartbeat, then the sessions of every stream in a few Redis round trips. */
  async function beat(): Promise<void> {
    hub.heartbeat();
    if (checking) return;
    checking = true;
    try {
      const streams = hub.all();
      if (streams.length === 0) return;
      const live = await sessions.store.touchKeys(streams.map((stream) => stream.session));
      for (const stream of streams) if (!live.has(stream.session.key)) stream.end('session_ended');
    } catch (error) {
      // Redis unreachable: keep the streams (cutting every browser would not help), check next beat.
      logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'live: session check failed',
      );
    } finally {
      checking = false;
    }
  }
  const heartbeat = setInterval(() => void beat(), heartbeatMs);
  heartbeat.unref();
  listener.start();

  async function open(
    ctx: Context,
    em: EntityManager,
    audience: EventAudience,
    lastEventId: number | undefined,
  ): Promise<void> {
    const kind: SessionKind = options.access === 'admin' ? 'admin' : 'user';
    const sessionId = readCookie(ctx, sessions.cookieName(kind)) ?? '';
    ctx.respond = false;
    const { req, res } = ctx;
    req.socket.setNoDelay(true);
    req.socket.setKeepAlive(true);
    req.socket.setTimeout(0);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    const stream = new LiveStream({
      res,
      audience,
      session: { key: sessions.store.key(sessionId), kind },
      maxBufferedBytes,
      onEnd: ended,
    });
    hub.add(stream);
    stream.write(retryFrame());
    try {
      if (lastEventId === undefined) {
        stream.finishWithoutReplay(await latestEventId(em, audience));
        return;
      }
      const bounds = await eventLogBounds(em);
      const missed = await eventsAfter(em, audience, lastEventId, replayLimit + 1);
      const historyLost =
        bounds === null
          ? lastEventId > 0
          : lastEventId < bounds.oldestId - 1 ||
            lastEventId > bounds.latestId ||
            !Number.isSafeInteger(lastEventId);
      if (historyLost || missed.length > replayLimit) {
        stream.resync(await latestEventId(em, audience));
      } else {
        stream.finishReplay(missed, lastEventId);
      }
    } catch (error) {
      logger.warn({ err: error }, 'live: replay failed');
      stream.resync(null);
    }
  }

  const eventsRoute = route({
    method: 'get',
    path: LIVE_EVENTS_PATH,
    access: options.access,
    // Every member of a business follows its live updates (issue 28).
    ...(options.access === 'restaurant' ? { memberAction: 'viewShifts' as const } : {}),
    query: LiveEventsQuerySchema,
    response: z.literal(LIVE_STREAM_OPENED),
    handler: async ({ ctx, em, actor, query }) => {
      const fromHeader = ctx.get('last-event-id').trim();
      const resumeFrom = EventIdText.safeParse(fromHeader).success ? fromHeader : query.lastEventId;
      await open(ctx, em, audienceOf(actor), resumeFrom === undefined ? undefined : Number(resumeFrom));
      return LIVE_STREAM_OPENED;
    },
  });

  return {
    hub,
    listener,
    route: eventsRoute,
    ready: () => listener.ready(),
    async close() {
      clearInterval(heartbeat);
      hub.endAll('shutdown');
      await listener.close();
    },
  };
}
